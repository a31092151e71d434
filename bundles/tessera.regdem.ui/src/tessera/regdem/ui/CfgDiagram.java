package tessera.regdem.ui;

import java.util.List;
import java.util.Locale;

import tessera.diagram.Diagram;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.sass.DemoteTag;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/**
 * The control-flow graph of a SASS kernel as a {@link Diagram}: one node per basic block listing its instructions
 * with their stall counts (control code), the block's predicted stall (seed 004 §4, Eq. 2 with penalties and the loop
 * factor) when known, loop blocks tinted by nesting depth, loop back edges dashed, and the demote code a variant
 * added (LDS/STS of demoted registers, the RDA prologue) marked "+" with the register it holds; blocks containing
 * demote code get an orange border and a count. Instruction lines read {@code [stall wB,C] OPCODE operands;}: the
 * control code's stall cycles and the dependency barriers the instruction waits on. Node payloads are {@link BlockRef}s.
 */
public final class CfgDiagram {
    /** Palette of {@code tessera.ui.DiagramCanvas} and the charts. */
    public static final int INK = 0x34495E;
    public static final int DEMOTE = 0xE67E22;
    public static final int BACK_EDGE = 0x2874A6;
    private static final int[] LOOP_TINT = {0xF4F7FB, 0xE1EDF9, 0xCCE0F5, 0xB7D3F0};

    /** Selection payload of a block node. */
    public record BlockRef(String diagram, int block) {
    }

    private CfgDiagram() {
    }

    /** Marker of an inserted instruction's line in a node. */
    public static final String ADDED = "+ ";

    /**
     * @param blockStalls predicted stall per block id, or null
     */
    public static Diagram build(String title, SassProgram p, Cfg cfg, List<Double> blockStalls) {
        Diagram d = new Diagram();
        d.title = title;
        d.direction = Diagram.Direction.DOWN;
        for (Cfg.Block b : cfg.blocks()) {
            Diagram.Node n = d.node("B" + b.id);
            int depth = cfg.loopDepth(b.id);
            StringBuilder head = new StringBuilder("B" + b.id);
            if (!b.labels.isEmpty()) {
                head.append("  ").append(String.join(", ", b.labels)).append(':');
            }
            if (b.id == 0) {
                head.append("  (entry)");
            }
            n.lines.add(head.toString());
            StringBuilder info = new StringBuilder();
            if (depth > 0) {
                info.append("loop depth ").append(depth).append(" (×").append((long) Math.pow(10, depth)).append(")");
            }
            if (blockStalls != null && b.id < blockStalls.size() && blockStalls.get(b.id) != null) {
                info.append(info.isEmpty() ? "" : " · ").append("predicted stall ")
                        .append(String.format(Locale.ROOT, "%,.0f", blockStalls.get(b.id)));
            }
            if (!info.isEmpty()) {
                n.lines.add(info.toString());
            }
            int added = 0;
            for (int li : b.lines) {
                if (((Line.Instr) p.lines().get(li)).tag() != null) {
                    added++;
                }
            }
            if (added > 0) {
                n.lines.add(added + " demote instruction" + (added == 1 ? "" : "s") + " added (+)");
            }
            StringBuilder tip = new StringBuilder(head).append('\n');
            for (int li : b.lines) {
                Line.Instr ins = (Line.Instr) p.lines().get(li);
                n.lines.add(instructionLine(ins));
                tip.append(SassPrinter.maxasInstruction(ins)).append('\n');
            }
            if (b.exits) {
                n.lines.add("(exit)");
            }
            n.fill = LOOP_TINT[Math.min(depth, LOOP_TINT.length - 1)];
            n.stroke = added > 0 ? DEMOTE : INK;
            n.tooltip = tip.toString().strip() + (added > 0 ? "\n" + added + " demote instructions added" : "");
            n.payload = new BlockRef(title, b.id);
        }
        for (Cfg.Block b : cfg.blocks()) {
            Line.Instr last = b.lines.isEmpty() ? null : (Line.Instr) p.lines().get(b.lines.get(b.lines.size() - 1));
            for (int s : b.succ) {
                Diagram.Edge e = d.edge(d.findNode("B" + b.id), d.findNode("B" + s));
                if (cfg.isBackEdge(b.id, s)) {
                    e.dashed(true).color(BACK_EDGE).label("back edge");
                    e.width = 1.6;
                } else if (b.succ.size() > 1 && last != null) {
                    boolean fall = s == b.id + 1 && !targets(last, cfg.block(s));
                    e.label(fall ? "fall through" : last.guard() != null ? "@" + last.guard().text() : "taken");
                }
                e.tooltip("B" + b.id + " → B" + s + (cfg.isBackEdge(b.id, s) ? " (loop back edge)" : ""));
            }
        }
        return d;
    }

    /** Whether the jump ending a block names the label of block t (then it is the taken edge, not the fall-through). */
    private static boolean targets(Line.Instr last, Cfg.Block t) {
        for (Operand o : last.operands()) {
            String txt = o.text();
            for (String l : t.labels) {
                if (txt.equals(l) || txt.equals("`(" + l + ")")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** "[stall wB,C] [@P0] OPCODE operands;" with "+ " and the demoted register for inserted code. */
    public static String instructionLine(Line.Instr ins) {
        StringBuilder sb = new StringBuilder();
        if (ins.tag() != null) {
            sb.append(ADDED);
        }
        sb.append('[').append(ins.ctrl().stall());
        if (!ins.ctrl().waits().isEmpty()) {
            sb.append(" w").append(ins.ctrl().waits().stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(",")));
        }
        sb.append("]  ").append(SassPrinter.withGuard(ins));
        if (ins.tag() != null) {
            sb.append(ins.tag().kind() == DemoteTag.Kind.PROLOGUE ? "   ◂ RDA prologue"
                    : "   ◂ " + (ins.tag().kind() == DemoteTag.Kind.LOAD ? "load" : "store") + " demoted R"
                            + ins.tag().register());
        }
        return sb.toString();
    }
}
