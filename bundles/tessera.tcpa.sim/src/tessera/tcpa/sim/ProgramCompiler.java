package tessera.tcpa.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.rdg.interp.Ops;
import tessera.tcpa.concrete.BranchKind;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Instruction;
import tessera.tcpa.concrete.io.ProgramText;
import tessera.tcpa.sim.Machine.Instr;
import tessera.tcpa.sim.Machine.Operand;

/**
 * Compiles the FU programs of a concrete configuration into the {@link Instr instructions} the {@link Simulator}
 * executes (seed 003 §6, digest P14): operands parsed into registers and literals, mnemonics looked up (suffix i:
 * immediate form), labels and control signals resolved to indices, latencies from the configuration's
 * {@code latencies}. Every problem is an error in {@link Problems}; compilation goes on past it. It compiles against
 * {@code machine}'s latencies and control signals, which must already be filled in when it is used.
 */
record ProgramCompiler(Machine machine, Problems problems) {

    /** The register or literal {@code text}; null (and an error reported against {@code where}) if it is neither. */
    Operand operand(String text, String where) {
        if (text.matches("-?\\d+")) {
            try {
                return new Operand('#', 0, Integer.parseInt(text), text);
            } catch (NumberFormatException e) {
                problems.error(where + ": literal " + text + " is not a 32-bit integer", "use a value in [-2^31, 2^31)");
                return null;
            }
        }
        if (text.matches("(rd|fd|id|od)\\d+")) {
            return new Operand(text.charAt(0) == 'r' ? 'r' : text.charAt(0) == 'f' ? 'f' : text.charAt(0) == 'i' ? 'i' : 'o',
                    Integer.parseInt(text.substring(2)), 0, text);
        }
        problems.error(where + ": '" + text + "' is not a register (rdN, fdN, idN, odN) or an integer literal",
                "registers are rd (general purpose), fd (feedback), id (input FIFO), od (output)");
        return null;
    }

    /** The instructions of {@code prog}, whose class has the FD depths {@code fdDepth} (fd index → depth). */
    Instr[] compile(FuProgram prog, String where, Map<Integer, Integer> fdDepth) {
        Map<String, Integer> labels = new HashMap<>();
        List<Instruction> list = prog.getInstructions();
        for (int i = 0; i < list.size(); i++) {
            String l = list.get(i).getLabel();
            if (l != null && !l.isEmpty() && labels.put(l, i) != null) {
                problems.error(where + ": label " + l + " is defined twice", "give every kernel its own label");
            }
        }
        Instr[] code = new Instr[list.size()];
        for (int i = 0; i < list.size(); i++) {
            Instruction m = list.get(i);
            String at = where + ", instruction " + i + " (" + ProgramText.instruction(m) + ")";
            Instr in = new Instr();
            in.text = ProgramText.instruction(m);
            in.label = m.getLabel();
            String mn = m.getMnemonic() == null ? "" : m.getMnemonic();
            in.latency = machine.latencies.getOrDefault(prog.getFu() + " " + mn, 1);
            if (!mn.equals("nop")) {
                operation(in, m, mn, at, fdDepth);
            } else if (!m.getOperands().isEmpty()) {
                problems.error(at + ": nop takes no operands", "remove them");
            }
            if (m.getBranch() == null) {
                problems.error(at + ": no branch", "add / next, / goto L, / halt or / if cs jmp …");
                continue;
            }
            branch(in, m, at, labels);
            code[i] = in;
        }
        return code;
    }

    /** Sets the operation of {@code in} and its operands from {@code m}, whose mnemonic {@code mn} is not nop. */
    private void operation(Instr in, Instruction m, String mn, String at, Map<Integer, Integer> fdDepth) {
        var op = Ops.lookup(mn);
        boolean immediate = false;
        if (op.isEmpty() && mn.endsWith("i")) {
            op = Ops.lookup(mn.substring(0, mn.length() - 1));
            immediate = op.isPresent();
        }
        if (op.isEmpty()) {
            problems.error(at + ": unknown instruction " + mn,
                    "use nop or one of " + Ops.all().keySet() + " (suffix i: immediate)");
        } else if (m.getOperands().size() != op.get().arity() + 1) {
            problems.error(at + ": " + mn + " takes a destination and " + op.get().arity() + " source(s), found "
                    + m.getOperands().size() + " operand(s)", "write " + mn + " dest src…");
        } else {
            in.op = op.get();
            String[] dests = m.getOperands().get(0).split("\\|");
            in.dest = operand(dests[0], at);
            in.moreDests = new Operand[dests.length - 1];
            for (int k = 1; k < dests.length; k++) {
                in.moreDests[k - 1] = operand(dests[k], at);
            }
            in.sources = new Operand[op.get().arity()];
            for (int k = 0; k < in.sources.length; k++) {
                in.sources[k] = operand(m.getOperands().get(k + 1), at);
            }
            checkOperands(in, immediate, at, fdDepth);
        }
    }

    /** Sets the branch of {@code in} from {@code m}: its kind, target labels and control signals. */
    private void branch(Instr in, Instruction m, String at, Map<String, Integer> labels) {
        in.branch = m.getBranch().getKind();
        in.targets = new int[m.getBranch().getTargets().size()];
        for (int k = 0; k < in.targets.length; k++) {
            Integer t = labels.get(m.getBranch().getTargets().get(k));
            if (t == null) {
                problems.error(at + ": branch target " + m.getBranch().getTargets().get(k) + " is not a label of this program",
                        "labels: " + labels.keySet());
            } else {
                in.targets[k] = t;
            }
        }
        in.signals = new int[m.getBranch().getSignals().size()];
        for (int k = 0; k < in.signals.length; k++) {
            Integer s = machine.signalIndex.get(m.getBranch().getSignals().get(k));
            if (s == null) {
                problems.error(at + ": control signal " + m.getBranch().getSignals().get(k) + " is not configured in the GC",
                        "add it to controlSignals with its one-domain");
            } else {
                in.signals[k] = s;
            }
        }
        if ((in.branch == BranchKind.GOTO && in.targets.length != 1)
                || (in.branch == BranchKind.IF && (in.signals.length == 0 || in.targets.length != 1 << in.signals.length))) {
            problems.error(at + ": malformed branch", "goto takes one label; if with N signals takes 2^N labels");
        }
    }

    private void checkOperands(Instr in, boolean immediate, String at, Map<Integer, Integer> fdDepth) {
        List<Operand> dests = new ArrayList<>(Arrays.asList(in.moreDests));
        dests.add(0, in.dest);
        for (Operand d : dests) {
            if (d != null && (d.kind() == '#' || d.kind() == 'i')) {
                problems.error(at + ": cannot write " + d.text(), "the destination is an rd, fd or od register");
            }
            if (d != null && d.kind() == 'f' && !fdDepth.containsKey(d.index())) {
                problems.error(at + ": " + d.text() + " has no depth configured in its class",
                        "add an FD depth entry (λ^J·d/π, digest P4)");
            }
        }
        for (Operand s : in.sources) {
            if (s != null && s.kind() == 'o') {
                problems.error(at + ": cannot read " + s.text() + " (output registers are write-only)",
                        "read the value from an rd or fd copy");
            }
        }
        if (immediate && (in.sources.length == 0 || in.sources[in.sources.length - 1] == null
                || in.sources[in.sources.length - 1].kind() != '#')) {
            problems.error(at + ": the immediate form needs a literal as its last source", "write e.g. shri rd1 rd0 1");
        }
        for (Operand o : new Operand[] {in.dest, in.sources.length > 0 ? in.sources[0] : null,
                in.sources.length > 1 ? in.sources[1] : null, in.sources.length > 2 ? in.sources[2] : null}) {
            if (o != null && o.kind() == 'f' && !fdDepth.containsKey(o.index())) {
                problems.error(at + ": " + o.text() + " has no depth configured in its class",
                        "add an FD depth entry (λ^J·d/π, digest P4)");
            }
        }
    }
}
