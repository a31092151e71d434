package tessera.modsched.io;

import tessera.modsched.model.Dependence;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.ResourceClass;

/** Writes a loop and its machine in the .ddg format, so that the .ddg language (bundle tessera.ddg) reads back the same loop. */
public final class DdgWriter {
    private DdgWriter() {
    }

    public static String write(Loop loop) {
        return machine(loop.machine()) + "\n" + loop(loop);
    }

    /**
     * Loops on one machine in one file: the machine once, then each loop preceded by its comment lines
     * ({@code comments.get(i)}, each line written as {@code // line}; null for none).
     */
    public static String write(java.util.List<Loop> loops, java.util.List<String> comments) {
        StringBuilder sb = new StringBuilder(machine(loops.get(0).machine()));
        for (int i = 0; i < loops.size(); i++) {
            sb.append('\n');
            if (comments.get(i) != null) {
                for (String line : comments.get(i).split("\n")) {
                    sb.append("// ").append(line).append('\n');
                }
            }
            sb.append(loop(loops.get(i)));
        }
        return sb.toString();
    }

    private static String machine(Machine m) {
        StringBuilder sb = new StringBuilder();
        sb.append("machine ").append(m.name()).append(" {\n");
        if (m.issueWidth() > 0) {
            sb.append("  issue ").append(m.issueWidth()).append('\n');
        }
        for (ResourceClass r : m.declaredResources()) {
            sb.append("  resource ").append(r.name()).append(" count ").append(r.count())
                    .append(r.pipelined() ? " pipelined" : " busy " + r.busy()).append('\n');
        }
        return sb.append("}\n").toString();
    }

    private static String loop(Loop loop) {
        Machine m = loop.machine();
        StringBuilder sb = new StringBuilder();
        sb.append("loop ").append(loop.name()).append(" machine ").append(m.name()).append(" {\n");
        for (Operation op : loop.operations()) {
            sb.append("  op ").append(op.name()).append(" : ").append(m.resource(op.resource()).name())
                    .append(" latency ").append(op.latency());
            Reservation standard = Reservation.standard(op.resource(), m.resource(op.resource()).busy());
            if (m.issueResource() >= 0) {
                standard = standard.plus(new Reservation.Use(m.issueResource(), new int[] { 0 }));
            }
            if (!standard.equals(op.reservation())) {
                sb.append(" reserve { ");
                boolean first = true;
                for (Reservation.Use u : op.reservation().uses()) {
                    if (m.resource(u.resource()).implicit()) {
                        continue;
                    }
                    for (int k = 0; k < u.offsetCount(); k++) {
                        sb.append(first ? "" : ", ").append(m.resource(u.resource()).name()).append('@')
                                .append(u.offset(k));
                        first = false;
                    }
                }
                sb.append(" }");
            }
            sb.append('\n');
        }
        for (Dependence d : loop.dependences()) {
            sb.append("  edge ").append(loop.op(d.from()).name()).append(" -> ").append(loop.op(d.to()).name())
                    .append(" latency ").append(d.latency()).append(" distance ").append(d.distance());
            if (d.kind() != tessera.modsched.model.DependenceKind.FLOW) {
                sb.append(" kind ").append(d.kind().word());
            }
            sb.append('\n');
        }
        return sb.append("}\n").toString();
    }
}
