package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One line of a SASS listing: an instruction, a label, a header entry, the constant mapping block or other text. */
public sealed interface Line permits Line.Instr, Line.Label, Line.HeaderLine, Line.ConstBlock, Line.Text {

    /**
     * An instruction. {@code opcode} is the base mnemonic ({@code LDG}), {@code mods} its dotted modifiers
     * ({@code E}, {@code 64}). {@code tag} marks demote code (null for original code). {@code address} is the
     * cuobjdump address or -1. {@code verbatim} keeps the source text when it differs from the canonical print; every
     * {@code with*} method drops it, so a changed instruction is always printed from its fields.
     */
    record Instr(ControlCode ctrl, Operand.Pred guard, String opcode, List<String> mods, List<Operand> operands,
            DemoteTag tag, String comment, long address, String encoding, String verbatim) implements Line {

        public Instr {
            mods = List.copyOf(mods);
            operands = List.copyOf(operands);
            comment = comment == null ? "" : comment;
            encoding = encoding == null ? "" : encoding;
        }

        public static Instr of(ControlCode ctrl, Operand.Pred guard, String opcode, List<String> mods,
                List<Operand> operands) {
            return new Instr(ctrl, guard, opcode, mods, operands, null, "", -1, "", null);
        }

        /** Mnemonic with modifiers, e.g. {@code LDG.E.64}. */
        public String fullOpcode() {
            return mods.isEmpty() ? opcode : opcode + "." + String.join(".", mods);
        }

        public boolean hasMod(String m) {
            return mods.contains(m);
        }

        public Instr withCtrl(ControlCode c) {
            return new Instr(c, guard, opcode, mods, operands, tag, comment, address, encoding, null);
        }

        public Instr withOperands(List<Operand> ops) {
            return new Instr(ctrl, guard, opcode, mods, ops, tag, comment, address, encoding, null);
        }

        public Instr withOperand(int i, Operand op) {
            List<Operand> l = new ArrayList<>(operands);
            l.set(i, op);
            return withOperands(l);
        }

        public Instr withGuard(Operand.Pred g) {
            return new Instr(ctrl, g, opcode, mods, operands, tag, comment, address, encoding, null);
        }

        public Instr withTag(DemoteTag t) {
            return new Instr(ctrl, guard, opcode, mods, operands, t, comment, address, encoding, null);
        }

        /** Drops cuobjdump-specific fields (address, encoding) for printing in the maxas dialect. */
        public Instr asMaxas() {
            return new Instr(ctrl, guard, opcode, mods, operands, tag, comment, -1, "", null);
        }

        public boolean isDemoteLoad() {
            return tag != null && tag.kind() == DemoteTag.Kind.LOAD;
        }

        public boolean isDemoteStore() {
            return tag != null && tag.kind() == DemoteTag.Kind.STORE;
        }
    }

    /** A label {@code NAME:}. */
    record Label(String name, String verbatim) implements Line {
        public static Label of(String name) {
            return new Label(name, null);
        }
    }

    /** A header comment {@code # Key: value} of the extracted (maxas-style) listing. */
    record HeaderLine(String key, String value, String verbatim) implements Line {
    }

    /** The {@code <CONSTANT_MAPPING>} block: raw lines (including the tags) and the parsed name → constant map. */
    record ConstBlock(List<String> rawLines, Map<String, String> mapping) implements Line {
        public ConstBlock {
            rawLines = List.copyOf(rawLines);
            mapping = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mapping));
        }
    }

    /** Any other line, kept verbatim: blank lines, comments, cuobjdump headers and control words, malformed lines. */
    record Text(Kind kind, String text) implements Line {
        public enum Kind { BLANK, COMMENT, CUOBJ_META, CUOBJ_CTRL, CUOBJ_HI, MALFORMED }
    }
}
