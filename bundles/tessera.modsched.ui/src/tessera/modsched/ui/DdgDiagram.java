package tessera.modsched.ui;

import tessera.diagram.Diagram;
import tessera.modsched.model.Dependence;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Schedule;

/** The loop's dependence graph as a {@link Diagram}: ops as nodes (payload {@link OpRef}), edges as {@link DepRef}. */
public final class DdgDiagram {
    /** Selection payload of an operation node. */
    public record OpRef(int index) {
    }

    /** Selection payload of a dependence edge. */
    public record DepRef(int index) {
    }

    private static final int[] STAGE_FILL = { 0xEAF2FB, 0xE9F7EF, 0xFEF5E7, 0xF5EEF8, 0xFDEDEC, 0xE8F8F5 };

    private DdgDiagram() {
    }

    /** Fill colour of a pipeline stage (the MRT and the DDG use the same colours). */
    public static int stageFill(int stage) {
        return STAGE_FILL[Math.floorMod(stage, STAGE_FILL.length)];
    }

    public static Diagram of(Loop loop, Schedule s) {
        Diagram d = new Diagram();
        d.title = "DDG of " + loop.name();
        d.direction = Diagram.Direction.DOWN;
        for (Operation op : loop.operations()) {
            String res = loop.machine().resource(op.resource()).name();
            Diagram.Node n = d.node("op" + op.index()).lines(op.name(),
                    res + " · λ" + op.latency() + (s == null ? "" : " · t" + s.time(op.index())))
                    .shape(Diagram.Shape.ROUNDED).payload(new OpRef(op.index()))
                    .tooltip(op.name() + " on " + res + ", latency " + op.latency()
                            + (s == null ? "" : ", cycle " + s.time(op.index()) + " (row " + s.row(op.index())
                                    + ", stage " + s.stage(op.index()) + ")"));
            n.fill = s == null ? 0xF4F7FB : stageFill(s.stage(op.index()));
        }
        for (Dependence dep : loop.dependences()) {
            Diagram.Edge e = d.edge(d.findNode("op" + dep.from()), d.findNode("op" + dep.to()))
                    .label(dep.latency() + (dep.distance() > 0 ? " δ" + dep.distance() : ""))
                    .payload(new DepRef(dep.index())).dashed(dep.distance() > 0)
                    .tooltip(dep.kind().word() + " " + loop.op(dep.from()).name() + " -> " + loop.op(dep.to()).name()
                            + ", latency " + dep.latency() + ", distance " + dep.distance());
            if (dep.kind() != DependenceKind.FLOW) {
                e.color(0x95A5A6);
            }
        }
        return d;
    }
}
