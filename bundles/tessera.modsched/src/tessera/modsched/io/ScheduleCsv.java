package tessera.modsched.io;

import java.util.List;

import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.ModuloReservationTable;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Schedule;

/**
 * Schedules as CSV (RFC 4180, header line, '\n' line ends) for spreadsheets: the modulo reservation table as one
 * line per cell (loop, row, resource, instance, op, stage, iteration; free cells have an empty op), and the
 * schedule as one line per operation. Iteration is relative to the newest iteration i in the kernel: an op of
 * stage s executes for iteration i - s.
 */
public final class ScheduleCsv {
    private ScheduleCsv() {
    }

    public static final String MRT_HEADER = "loop,row,resource,instance,op,stage,iteration";
    public static final String SCHEDULE_HEADER = "loop,op,resource,latency,cycle,row,stage,iteration";

    /** The MRTs of the given schedules. */
    public static String mrt(List<Schedule> schedules) {
        StringBuilder sb = new StringBuilder(MRT_HEADER).append('\n');
        for (Schedule s : schedules) {
            Machine m = s.loop().machine();
            ModuloReservationTable t = s.mrt();
            for (int row = 0; row < s.ii(); row++) {
                for (int r = 0; r < m.resources().size(); r++) {
                    for (int i = 0; i < m.resource(r).count(); i++) {
                        int[] occ = t.occupants(r, i, row);
                        // a free cell is one line with an empty op; a shared cell (exclusive ops) one line per op
                        for (int k = 0; k < Math.max(1, occ.length); k++) {
                            if (k > 0) {
                                sb.append('\n');
                            }
                            sb.append(field(s.loop().name())).append(',').append(row).append(',')
                                    .append(field(m.resource(r).name())).append(',').append(i).append(',');
                            if (occ.length > 0) {
                                sb.append(field(s.loop().op(occ[k]).name())).append(',').append(s.stage(occ[k]))
                                        .append(',').append(iteration(s.stage(occ[k])));
                            } else {
                                sb.append(",,");
                            }
                        }
                        sb.append('\n');
                    }
                }
            }
        }
        return sb.toString();
    }

    /** One line per operation: its issue cycle, MRT row, stage and iteration. */
    public static String schedule(List<Schedule> schedules) {
        StringBuilder sb = new StringBuilder(SCHEDULE_HEADER).append('\n');
        for (Schedule s : schedules) {
            Loop l = s.loop();
            for (Operation op : l.operations()) {
                int u = op.index();
                sb.append(field(l.name())).append(',').append(field(op.name())).append(',')
                        .append(field(l.machine().resource(op.resource()).name())).append(',').append(op.latency())
                        .append(',').append(s.time(u)).append(',').append(s.row(u)).append(',').append(s.stage(u))
                        .append(',').append(iteration(s.stage(u))).append('\n');
            }
        }
        return sb.toString();
    }

    /** "i" for stage 0, "i-2" for stage 2. */
    public static String iteration(int stage) {
        return stage == 0 ? "i" : "i-" + stage;
    }

    static String field(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
