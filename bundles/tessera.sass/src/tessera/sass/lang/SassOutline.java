package tessera.sass.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.LineSpan;
import tessera.regdem.sass.Range;

/** The outline of a listing: the kernel header, then one entry per basic block of the CFG (digest §4.3 leaders). */
public final class SassOutline {
    public enum Kind { KERNEL, HEADER, BLOCK, LOOP_BLOCK, INSTRUCTION }

    /** One outline entry; {@code range} covers it, {@code selection} is the part to reveal (label, opcode). */
    public record Symbol(String name, String detail, Kind kind, Range range, Range selection, List<Symbol> children) {
        public Symbol {
            children = List.copyOf(children);
        }
    }

    private SassOutline() {
    }

    public static List<Symbol> of(SassAnalysis a) {
        List<Symbol> out = new ArrayList<>();
        Symbol kernel = kernel(a);
        if (kernel != null) {
            out.add(kernel);
        }
        Cfg cfg = a.cfg();
        for (Cfg.Block b : cfg.blocks()) {
            out.add(block(a, b));
        }
        return out;
    }

    private static Symbol kernel(SassAnalysis a) {
        List<Symbol> header = new ArrayList<>();
        int first = -1;
        int last = -1;
        for (int i = 0; i < a.program().lines().size(); i++) {
            Line l = a.program().lines().get(i);
            Range r = a.span(i).line();
            if (l instanceof Line.HeaderLine h) {
                header.add(new Symbol(h.key(), h.value().trim(), Kind.HEADER, r, r, List.of()));
            } else if (l instanceof Line.ConstBlock c) {
                header.add(new Symbol("constant mapping", c.mapping().size() + " entries", Kind.HEADER, r, r, List.of()));
            } else {
                continue;
            }
            first = first < 0 ? i : first;
            last = i;
        }
        String name = a.program().kernelName().orElse(null);
        if (first < 0 && name == null) {
            return null;
        }
        if (first < 0) {
            first = 0;
            last = 0;
        }
        Range from = a.span(first).line();
        Range to = a.span(last).line();
        Range all = new Range(from.offset(), to.end() - from.offset());
        String detail = a.program().arch().orElse("arch ?") + ", " + a.program().header("RegCnt")
                .map(v -> v.trim() + " registers").orElse(a.program().instructions().size() + " instructions");
        return new Symbol("kernel " + (name == null ? "" : name).trim(), detail, Kind.KERNEL, all, from, header);
    }

    private static Symbol block(SassAnalysis a, Cfg.Block b) {
        Cfg cfg = a.cfg();
        int depth = cfg.loopDepth(b.id);
        String name = "B" + b.id + (b.labels.isEmpty() ? "" : " " + String.join(" ", b.labels));
        String succ = b.succ.isEmpty() ? (b.exits ? "exit" : "no successor")
                : "→ " + b.succ.stream().map(s -> "B" + s).collect(Collectors.joining(", "));
        String detail = b.lines.size() + (b.lines.size() == 1 ? " instruction" : " instructions")
                + (depth > 0 ? ", loop depth " + depth : "") + ", " + succ;
        List<Symbol> children = new ArrayList<>();
        for (int li : b.lines) {
            children.add(instruction(a, li));
        }
        int firstLine = b.firstLine >= 0 ? b.firstLine : (b.lines.isEmpty() ? 0 : b.lines.get(0));
        int lastLine = b.lines.isEmpty() ? firstLine : b.lines.get(b.lines.size() - 1);
        Range from = a.span(firstLine).line();
        Range to = a.span(lastLine).line();
        Range all = new Range(from.offset(), Math.max(0, to.end() - from.offset()));
        Range sel = a.span(firstLine).label().isPresent() ? a.span(firstLine).label() : from;
        return new Symbol(name, detail, depth > 0 ? Kind.LOOP_BLOCK : Kind.BLOCK, all, sel, children);
    }

    private static Symbol instruction(SassAnalysis a, int li) {
        Line.Instr ins = (Line.Instr) a.program().lines().get(li);
        LineSpan s = a.span(li);
        Range line = s.line();
        Range sel = s.opcode().isPresent() ? s.opcode() : line;
        String text = instructionText(a, s, ins);
        String detail = (ins.ctrl() == null ? "" : ins.ctrl().text() + ", ") + Isa.classOf(ins.opcode());
        return new Symbol(text, detail, Kind.INSTRUCTION, line, sel, List.of());
    }

    /** The instruction as written: guard, opcode and operands (no control code, no encoding). */
    static String instructionText(SassAnalysis a, LineSpan s, Line.Instr ins) {
        int from = s.guard().isPresent() ? s.guard().offset() : s.opcode().offset();
        int to = s.opcode().end();
        for (Range r : s.operands()) {
            to = Math.max(to, r.end());
        }
        if (from < 0 || to > a.text().length() || from >= to) {
            return ins.fullOpcode();
        }
        return a.text().substring(from, to).replaceAll("\\s+", " ");
    }
}
