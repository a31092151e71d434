package tessera.modsched.model;

import java.util.Arrays;

/**
 * A modulo schedule of a {@link Loop}: the initiation interval II, the issue cycle of every operation within one
 * iteration, and the MRT column (resource instance) of each of its reservation uses. Immutable.
 * <p>
 * Cycles are normalised so that the earliest operation issues at cycle 0 (digest P8: shift the minimum to 0, not to
 * a multiple of II). Then row = t mod II, stage = t div II and SC = max stage + 1 (seed 002 §2, digest §3.6).
 * A schedule may be invalid (e.g. after a user drags an op); {@code tessera.modsched.verify.Verifier} says why.
 */
public final class Schedule {
    private final Loop loop;
    private final int ii;
    private final int[] time;
    private final int[][] units;

    private Schedule(Loop loop, int ii, int[] time, int[][] units) {
        this.loop = loop;
        this.ii = ii;
        this.time = time;
        this.units = units;
    }

    /**
     * A schedule from absolute issue cycles (any integers; they are shifted so the minimum is 0) and the instance
     * used by each reservation use ({@code units[op][j]} for use j of the op's reservation).
     */
    public static Schedule of(Loop loop, int ii, int[] issueCycles, int[][] units) {
        if (ii < 1) {
            throw new IllegalArgumentException("II must be at least 1, got " + ii);
        }
        if (issueCycles.length != loop.size() || units.length != loop.size()) {
            throw new IllegalArgumentException("one issue cycle and one unit list per operation expected");
        }
        int min = Arrays.stream(issueCycles).min().orElse(0);
        int[] t = new int[issueCycles.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = Math.subtractExact(issueCycles[i], min); // cycles spanning more than 32 bits are refused
        }
        int[][] u = new int[units.length][];
        for (int i = 0; i < units.length; i++) {
            if (units[i].length != loop.op(i).reservation().uses().size()) {
                throw new IllegalArgumentException("op " + loop.op(i).name() + " needs one unit per reservation use");
            }
            u[i] = units[i].clone();
        }
        return new Schedule(loop, ii, t, u);
    }

    /**
     * A schedule whose units are chosen first-fit, ops in index order (used for hand-made schedules); when an op
     * finds no free instance it gets instance 0 and the verifier will report the clash.
     */
    public static Schedule withFirstFitUnits(Loop loop, int ii, int[] issueCycles) {
        ModuloReservationTable mrt = new ModuloReservationTable(loop, ii);
        int[][] units = new int[loop.size()][];
        for (Operation op : loop.operations()) {
            int[] u = mrt.findUnits(op, issueCycles[op.index()]);
            if (u == null) {
                u = new int[op.reservation().uses().size()];
            } else {
                mrt.place(op, issueCycles[op.index()], u);
            }
            units[op.index()] = u;
        }
        return of(loop, ii, issueCycles, units);
    }

    public Loop loop() {
        return loop;
    }

    public int ii() {
        return ii;
    }

    /** Normalised issue cycle of op {@code u} (earliest op at 0). */
    public int time(int u) {
        return time[u];
    }

    public int[] times() {
        return time.clone();
    }

    /** MRT row of op {@code u}: t mod II. */
    public int row(int u) {
        return time[u] % ii;
    }

    /** Stage of op {@code u}: t div II. */
    public int stage(int u) {
        return time[u] / ii;
    }

    /** Stage count SC = max stage + 1 = ceil((max t - min t + 1) / II). */
    public int stageCount() {
        int max = 0;
        for (int t : time) {
            max = Math.max(max, t);
        }
        return max / ii + 1;
    }

    /** Length of one iteration's schedule in cycles (max t + 1). */
    public int length() {
        int max = 0;
        for (int t : time) {
            max = Math.max(max, t);
        }
        return max + 1;
    }

    /** Instance used by reservation use {@code j} of op {@code u} (its MRT column within that resource class). */
    public int unit(int u, int j) {
        return units[u][j];
    }

    public int[][] units() {
        int[][] c = new int[units.length][];
        for (int i = 0; i < units.length; i++) {
            c[i] = units[i].clone();
        }
        return c;
    }

    /** Instance of the op's own resource class (its "column" in the MRT). */
    public int column(int u) {
        Operation op = loop.op(u);
        var uses = op.reservation().uses();
        for (int j = 0; j < uses.size(); j++) {
            if (uses.get(j).resource() == op.resource()) {
                return units[u][j];
            }
        }
        return units[u].length > 0 ? units[u][0] : 0;
    }

    /** This schedule with op {@code u} moved to cycle {@code t} (relative to the current normalisation). */
    public Schedule withTime(int u, int t) {
        int[] nt = time.clone();
        nt[u] = t;
        return of(loop, ii, nt, units);
    }

    /**
     * This schedule with op {@code u} moved to cycle {@code t}, shifted by a whole number of stages only (so the
     * earliest op lands in [0, II) instead of at 0): every MRT row stays where it was. For editors, where a user
     * who drags one op must not see the others change rows.
     */
    public Schedule withTimeKeepingRows(int u, int t) {
        int[] nt = time.clone();
        nt[u] = t;
        int min = Arrays.stream(nt).min().orElse(0);
        int shift = Math.floorDiv(min, ii) * ii;
        for (int i = 0; i < nt.length; i++) {
            nt[i] -= shift;
        }
        return new Schedule(loop, ii, nt, units());
    }

    /** This schedule with op {@code u}'s use {@code j} moved to instance {@code unit}. */
    public Schedule withUnit(int u, int j, int unit) {
        int[][] nu = units();
        nu[u][j] = unit;
        return new Schedule(loop, ii, time.clone(), nu);
    }

    /** The modulo reservation table of this schedule. */
    public ModuloReservationTable mrt() {
        return ModuloReservationTable.of(this);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("II=" + ii + " SC=" + stageCount() + " {");
        for (int u = 0; u < time.length; u++) {
            sb.append(u == 0 ? "" : ", ").append(loop.op(u).name()).append('@').append(time[u]);
        }
        return sb.append('}').toString();
    }
}
