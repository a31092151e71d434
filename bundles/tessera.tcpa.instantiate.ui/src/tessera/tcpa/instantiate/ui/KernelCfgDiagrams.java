package tessera.tcpa.instantiate.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Monitor;
import tessera.diagram.Diagram;
import tessera.diagram.ExtensionDiagramProvider;
import tessera.tcpa.instantiate.ControlFlow;
import tessera.tcpa.instantiate.KernelClasses;
import tessera.tcpa.concrete.Branch;
import tessera.tcpa.concrete.BranchKind;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Instruction;

/**
 * Seed 003 Figs. 6–7 for the Tessera Diagram view: per processor class and FU the CFG of Alg. 3, one node per kernel
 * class (its iterations n and kernel), edges with their transition spaces (source iterations, P3) and the control
 * signal code that selects them in the generated program (Alg. 4).
 */
public final class KernelCfgDiagrams extends ExtensionDiagramProvider {
    public KernelCfgDiagrams() {
        super(".pla");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        try {
            Instantiation in = Instantiation.of(fileName, text, reader, Monitor.NULL);
            if (!in.ok()) {
                return List.of(); // the tcpa.instantiate builder pass reports why in the Problems view
            }
            List<Named> out = new ArrayList<>();
            for (int c = 0; c < in.classes().size(); c++) {
                for (String fu : in.classes().get(c).cfgs().keySet()) {
                    out.add(new Named("Kernel CFG " + in.classes().get(c).name() + " / " + fu, diagram(in, c, fu)));
                }
            }
            return out;
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /** The CFG of class {@code c}'s FU {@code fu}; node payloads are the node labels of the program (q1, …, qx). */
    public static Diagram diagram(Instantiation in, int c, String fu) {
        ControlFlow.Cfg cfg = in.classes().get(c).cfgs().get(fu);
        FuProgram prog = in.program(c, fu);
        List<Integer> blocks = blockStarts(prog);
        boolean labelled = prog != null && blocks.size() == cfg.nodeCount();
        int color = PaintCanvas.classColor(c);
        Diagram d = new Diagram();
        d.direction = Diagram.Direction.DOWN;
        d.title = "Kernel CFG of " + in.classes().get(c).name() + " / " + fu + " (" + in.headline() + ")";
        List<Diagram.Node> nodes = new ArrayList<>();
        for (int v = 0; v < cfg.nodeCount(); v++) {
            String label = labelled ? prog.getInstructions().get(blocks.get(v)).getLabel() : v == cfg.exit() ? "qx" : "q" + (v + 1);
            Diagram.Node n = d.node(label).payload(label);
            if (v == cfg.exit()) {
                n.lines(label + " (virtual exit)", "nop / halt").shape(Diagram.Shape.ROUNDED).colors(0xF2F3F4, 0x7F8C8D);
                n.property("kernel class", "virtual exit (P14)");
                n.tooltip(label + ": virtual exit reached in the last iteration (P14)");
            } else {
                KernelClasses.KernelClass k = cfg.nodes().get(v);
                List<String> lines = new ArrayList<>();
                lines.add(label + "   Q = " + shorten(Instantiation.ranges(k.iterations()), k.iterations().cardinality()));
                for (List<String> slot : k.kernel()) {
                    lines.add(String.join(" ", slot));
                }
                n.lines(lines.toArray(String[]::new)).colors(PaintCanvas.tint(color, 0.18), color);
                n.bold = v == 0;
                n.property("kernel class", label + (v == 0 ? " (start)" : ""));
                n.property("iterations n", Instantiation.ranges(k.iterations()));
                n.property("kernel", String.join(" ; ", lines.subList(1, lines.size())));
                n.tooltip(label + ": Q = " + Instantiation.ranges(k.iterations()) + "\n" + String.join("\n", lines.subList(1, lines.size())));
            }
            nodes.add(n);
        }
        for (ControlFlow.Edge e : cfg.edges()) {
            String space = Instantiation.ranges(e.transition());
            String shown = shorten(space, e.transition().cardinality());
            String code = labelled ? code(prog.getInstructions().get(lastOfBlock(prog, blocks, e.from())), nodes.get(e.to()).id) : "";
            Diagram.Edge de = d.edge(nodes.get(e.from()), nodes.get(e.to())).label(code.isEmpty() ? shown : shown + "  " + code)
                    .color(color).payload(nodes.get(e.from()).id + "→" + nodes.get(e.to()).id);
            de.property("transition space", space);
            de.property("control code", code.isEmpty() ? "unconditional" : code);
            de.tooltip(nodes.get(e.from()).id + " → " + nodes.get(e.to()).id + " in n ∈ " + space + (code.isEmpty() ? "" : " when " + code));
        }
        return d;
    }

    /** Indices of the labelled instructions: the first instruction of each CFG node's kernel, in node order. */
    static List<Integer> blockStarts(FuProgram prog) {
        List<Integer> starts = new ArrayList<>();
        if (prog != null) {
            for (int i = 0; i < prog.getInstructions().size(); i++) {
                String l = prog.getInstructions().get(i).getLabel();
                if (l != null && !l.isEmpty()) {
                    starts.add(i);
                }
            }
        }
        return starts;
    }

    private static int lastOfBlock(FuProgram prog, List<Integer> starts, int v) {
        return (v + 1 < starts.size() ? starts.get(v + 1) : prog.getInstructions().size()) - 1;
    }

    /** The signal values under which the kernel's closing branch jumps to {@code target}: "cs1=0", "cs1,cs2 = 01 | 11"; "" if unconditional. */
    static String code(Instruction last, String target) {
        Branch b = last.getBranch();
        if (b == null || b.getKind() != BranchKind.IF) {
            return "";
        }
        int n = b.getSignals().size();
        List<String> codes = new ArrayList<>();
        for (int t = b.getTargets().size() - 1; t >= 0; t--) {
            if (b.getTargets().get(t).equals(target)) {
                int code = b.getTargets().size() - 1 - t; // targets are listed for codes 2^N−1 down to 0
                StringBuilder bits = new StringBuilder(Integer.toBinaryString(code));
                while (bits.length() < n) {
                    bits.insert(0, '0');
                }
                codes.add(bits.toString());
            }
        }
        return String.join(",", b.getSignals()) + (n == 1 ? "=" : " = ") + String.join(" | ", codes);
    }

    /** Long iteration sets are cut for the drawing (the tooltip and Properties keep them whole): "{0..8, 10, … } (33)". */
    static String shorten(String set, int size) {
        int max = 36;
        if (set.length() <= max) {
            return set;
        }
        int cut = set.lastIndexOf(", ", max);
        return set.substring(0, cut < 0 ? max : cut) + ", … } (" + size + ")";
    }
}
