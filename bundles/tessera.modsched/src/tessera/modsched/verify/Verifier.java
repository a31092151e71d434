package tessera.modsched.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.modsched.model.Dependence;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.Schedule;

/**
 * Checks a modulo schedule against its loop, independently of every scheduler (seed 002 §2, §4.3): every dependence
 * t(v) &gt;= t(u) + latency - distance·II with the latency and distance it was given, computed in 64 bits (and a
 * negative latency or distance, which no model may hold, is itself a violation; issue 22), and every MRT cell (resource class, instance, row = (t + offset) mod II)
 * held by at most one op (or only by pairwise mutually exclusive ops, {@link Loop#exclusive}), including non-pipelined busy cycles and explicit reservation patterns. Cost
 * O(|E| + Σ reservation cycles), cheap enough to run on every drag in an MRT editor.
 */
public final class Verifier {
    private Verifier() {
    }

    /** All violations; empty when the schedule is valid. */
    public static List<Violation> verify(Schedule s) {
        return verify(s.loop(), s.ii(), s.times(), s.units());
    }

    public static boolean isValid(Schedule s) {
        return verify(s).isEmpty();
    }

    /** Checks raw data (e.g. a schedule being edited): issue cycles and units per reservation use. */
    public static List<Violation> verify(Loop loop, int ii, int[] time, int[][] units) {
        List<Violation> out = new ArrayList<>();
        if (ii < 1 || time.length != loop.size() || units.length != loop.size()) {
            out.add(new Violation(Violation.Kind.MALFORMED, List.of(), -1, -1, -1,
                    "schedule does not fit loop " + loop.name() + " (II " + ii + ", " + time.length + " cycles for "
                            + loop.size() + " ops)"));
            return out;
        }
        for (Dependence d : loop.dependences()) {
            // in long: the values as given, whatever their size (issue 22), so nothing wraps into "verified"
            long need = (long) time[d.from()] + d.latency() - (long) d.distance() * ii;
            if (d.latency() < 0 || d.distance() < 0 || time[d.to()] < need) {
                String fn = loop.op(d.from()).name();
                String tn = loop.op(d.to()).name();
                out.add(new Violation(Violation.Kind.DEPENDENCE, List.of(d.from(), d.to()), d.index(), -1, -1,
                        tn + " at cycle " + time[d.to()] + " is too early for " + d.kind().word() + " dependence " + fn
                                + " -> " + tn + " (latency " + d.latency() + ", distance " + d.distance()
                                + "): needs cycle >= " + time[d.from()] + " + " + d.latency() + " - " + d.distance()
                                + "·" + ii + " = " + need + (d.latency() < 0 || d.distance() < 0
                                        ? "; a negative latency or distance is never valid" : "")));
            }
        }
        Machine m = loop.machine();
        Map<Long, List<Integer>> cells = new HashMap<>();
        for (Operation op : loop.operations()) {
            List<Reservation.Use> uses = op.reservation().uses();
            int u = op.index();
            if (units[u] == null || units[u].length != uses.size()) {
                out.add(new Violation(Violation.Kind.MALFORMED, List.of(u), -1, -1, -1,
                        op.name() + " needs one resource instance per reservation use (" + uses.size() + ")"));
                continue;
            }
            for (int j = 0; j < uses.size(); j++) {
                Reservation.Use use = uses.get(j);
                String rn = m.resource(use.resource()).name();
                int unit = units[u][j];
                if (unit < 0 || unit >= m.resource(use.resource()).count()) {
                    out.add(new Violation(Violation.Kind.BAD_UNIT, List.of(u), -1, use.resource(), -1,
                            op.name() + " uses " + rn + " instance " + unit + " but the machine has "
                                    + m.resource(use.resource()).count()));
                    continue;
                }
                if (use.selfConflicting(ii)) {
                    out.add(new Violation(Violation.Kind.SELF_CONFLICT, List.of(u), -1, use.resource(), -1,
                            op.name() + " holds " + rn + " for offsets " + java.util.Arrays.toString(use.offsets())
                                    + ", which overlap modulo II=" + ii + " (its next iteration needs the same unit)"));
                }
                for (int k = 0; k < use.offsetCount(); k++) {
                    int row = Math.floorMod(time[u] + use.offset(k), ii);
                    long key = ((long) use.resource() << 42) | ((long) unit << 31) | row; // distinct for every cell
                    List<Integer> held = cells.computeIfAbsent(key, x -> new ArrayList<>(1));
                    for (int prev : held) {
                        if (prev != u && !loop.exclusive(prev, u)) {
                            out.add(new Violation(Violation.Kind.RESOURCE_CONFLICT, List.of(prev, u), -1,
                                    use.resource(), row, op.name() + " and " + loop.op(prev).name() + " both hold "
                                            + rn + (m.resource(use.resource()).count() > 1 ? "." + unit : "")
                                            + " in MRT row " + row));
                        }
                    }
                    if (!held.contains(u)) {
                        held.add(u);
                    }
                }
            }
        }
        return out;
    }
}
