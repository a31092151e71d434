package tessera.sass.lang;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.ControlCode;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.LineSpan;
import tessera.regdem.sass.Range;
import tessera.regdem.sass.SassProgram;

/** Hover texts (Markdown): the decoded control code and the instruction's class (seed 004 §3.1(4), §3.10). */
public final class SassHovers {
    /** A hover: Markdown text and the source range it describes. */
    public record Hover(String markdown, Range range) {
    }

    private static final Map<Isa.InstrClass, String> CLASSES = Map.ofEntries(
            Map.entry(Isa.InstrClass.X32, "32-bit integer/float ALU, fixed latency"),
            Map.entry(Isa.InstrClass.X64, "FP64 arithmetic, variable latency"),
            Map.entry(Isa.InstrClass.QTR, "quarter-rate (SFU, conversions), variable latency"),
            Map.entry(Isa.InstrClass.GMEM, "global/texture memory or barrier, variable latency"),
            Map.entry(Isa.InstrClass.SMEM, "shared memory, variable latency"),
            Map.entry(Isa.InstrClass.LMEM, "local memory (register spills), variable latency"),
            Map.entry(Isa.InstrClass.SHFT, "shift / bit field, fixed latency"),
            Map.entry(Isa.InstrClass.CMP, "compare / min-max, fixed latency"),
            Map.entry(Isa.InstrClass.S2R, "special-register read, variable latency"),
            Map.entry(Isa.InstrClass.RRO, "range reduction before MUFU"),
            Map.entry(Isa.InstrClass.VOTE, "warp vote"),
            Map.entry(Isa.InstrClass.BRANCH, "branch / jump (ends a basic block)"),
            Map.entry(Isa.InstrClass.CONTROL, "control (reconvergence, barriers, no-ops)"));

    private static final Map<String, String> HEADERS = Map.of(
            "Kernel", "kernel name", "Arch", "target architecture", "InsCnt", "instruction count",
            "RegCnt", "registers per thread (highest register + 1)", "SharedSize",
            "static shared memory in bytes (s of Equation 1)", "BarCnt", "named barriers used",
            "Instructions", "start of the instruction list");

    private SassHovers() {
    }

    /** The hover at a text offset, or null where there is nothing to say. */
    public static Hover at(SassAnalysis a, int offset) {
        int i = a.lineAt(offset);
        if (i < 0) {
            return null;
        }
        Line l = a.program().lines().get(i);
        LineSpan s = a.span(i);
        if (l instanceof Line.Instr ins) {
            return new Hover(instruction(a, i, ins), token(s, offset));
        }
        if (l instanceof Line.Label lab) {
            int b = a.cfg().blockOf(i);
            return new Hover("label **" + lab.name() + "**" + (b < 0 ? "" : ": " + block(a.cfg(), b)), s.label());
        }
        if (l instanceof Line.HeaderLine h) {
            String what = HEADERS.getOrDefault(h.key().replaceAll("\\(.*", ""), "kernel parameters (ord:addr:size:align)");
            return new Hover("header **" + h.key() + "**: " + what, s.line());
        }
        if (l instanceof Line.ConstBlock c) {
            return new Hover("constant mapping: " + c.mapping().size() + " names of constant-bank addresses", s.line());
        }
        if (l instanceof Line.Text t && t.kind() == Line.Text.Kind.CUOBJ_CTRL) {
            return new Hover(controlWord(t), s.line());
        }
        return null;
    }

    private static Range token(LineSpan s, int offset) {
        for (Range r : List.of(s.ctrl(), s.guard(), s.opcode())) {
            if (r.contains(offset)) {
                return r;
            }
        }
        for (Range r : s.operands()) {
            if (r.contains(offset)) {
                return r;
            }
        }
        return s.line();
    }

    static String instruction(SassAnalysis a, int i, Line.Instr ins) {
        Isa.InstrClass cls = Isa.classOf(ins.opcode());
        StringBuilder sb = new StringBuilder();
        sb.append("**").append(ins.fullOpcode()).append("**: class ").append(cls).append(" (")
                .append(CLASSES.get(cls)).append(")\n\n");
        ControlCode c = ins.ctrl();
        if (c != null) {
            sb.append("control `").append(c.text()).append("`").append(source(a.program(), ins)).append(": ")
                    .append(c.describe()).append("\n\n");
        }
        Isa.Info info = Isa.info(ins);
        sb.append("reads ").append(regs(info.readRegs())).append("; writes ").append(regs(info.writeRegs()))
                .append("\n\n");
        int b = a.cfg().blockOf(i);
        if (b >= 0) {
            sb.append(block(a.cfg(), b));
        }
        return sb.toString().trim();
    }

    private static String source(SassProgram p, Line.Instr ins) {
        return switch (p.dialect()) {
            case MAXAS -> "";
            case CUOBJDUMP_MAXWELL -> " (decoded from the control word)";
            case CUOBJDUMP_VOLTA -> " (decoded from bits 41–61 of the high word)";
        };
    }

    private static String controlWord(Line.Text t) {
        StringBuilder sb = new StringBuilder("control word of the next 3 instructions:\n\n");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("0x([0-9a-fA-F]{16})").matcher(t.text());
        if (!m.find()) {
            return "control word";
        }
        long word = Long.parseUnsignedLong(m.group(1), 16);
        int k = 1;
        for (ControlCode c : ControlCode.unpackMaxwell(word)) {
            sb.append(k++).append(". `").append(c.text()).append("`: ").append(c.describe()).append("\n");
        }
        return sb.toString().trim();
    }

    private static String regs(List<Integer> rs) {
        return rs.isEmpty() ? "no registers" : rs.stream().map(r -> "R" + r).collect(Collectors.joining(", "));
    }

    private static String block(Cfg cfg, int b) {
        Cfg.Block blk = cfg.block(b);
        int depth = cfg.loopDepth(b);
        return "block B" + b + (depth > 0 ? ", loop depth " + depth : "") + ", predecessors "
                + (blk.pred.isEmpty() ? "none" : blk.pred.stream().map(x -> "B" + x).collect(Collectors.joining(", ")));
    }
}
