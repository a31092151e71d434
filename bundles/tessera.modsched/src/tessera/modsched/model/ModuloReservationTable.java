package tessera.modsched.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The modulo reservation table (seed 002 §4.3, "partial schedule"): II rows times one column per resource instance.
 * An op issued at cycle t holds, for each use of its reservation, rows (t + offset) mod II of ONE instance of that
 * class. Mutable working structure of the schedulers; {@link #of(Schedule)} builds the table of a finished schedule.
 */
public final class ModuloReservationTable {
    /** Marks a free cell. */
    public static final int FREE = -1;

    private final Machine machine;
    private final int ii;
    /** cells[resource][instance][row] = op index or FREE. */
    private final int[][][] cells;

    public ModuloReservationTable(Machine machine, int ii) {
        if (ii < 1) {
            throw new IllegalArgumentException("II must be at least 1");
        }
        this.machine = machine;
        this.ii = ii;
        cells = new int[machine.resources().size()][][];
        for (int r = 0; r < cells.length; r++) {
            cells[r] = new int[machine.resource(r).count()][ii];
            for (int[] col : cells[r]) {
                Arrays.fill(col, FREE);
            }
        }
    }

    /** The table of a schedule; when two ops claim one cell the later one (by index) is shown. */
    public static ModuloReservationTable of(Schedule s) {
        ModuloReservationTable m = new ModuloReservationTable(s.loop().machine(), s.ii());
        for (Operation op : s.loop().operations()) {
            List<Reservation.Use> uses = op.reservation().uses();
            for (int j = 0; j < uses.size(); j++) {
                Reservation.Use use = uses.get(j);
                int unit = s.unit(op.index(), j);
                if (unit < 0 || unit >= m.cells[use.resource()].length) {
                    continue;
                }
                for (int k = 0; k < use.offsetCount(); k++) {
                    m.cells[use.resource()][unit][Math.floorMod(s.time(op.index()) + use.offset(k), s.ii())] = op
                            .index();
                }
            }
        }
        return m;
    }

    public int ii() {
        return ii;
    }

    public Machine machine() {
        return machine;
    }

    /** The op in a cell, or {@link #FREE}. */
    public int occupant(int resource, int instance, int row) {
        return cells[resource][instance][row];
    }

    private boolean instanceFree(Reservation.Use use, int instance, int t) {
        int[] col = cells[use.resource()][instance];
        for (int k = 0; k < use.offsetCount(); k++) {
            if (col[Math.floorMod(t + use.offset(k), ii)] != FREE) {
                return false;
            }
        }
        return true;
    }

    /**
     * The lowest free instance for each use of {@code op} issued at cycle {@code t}, or null when some use finds no
     * instance free in all its rows (or collides with itself because its pattern is longer than II).
     */
    public int[] findUnits(Operation op, int t) {
        List<Reservation.Use> uses = op.reservation().uses();
        int[] units = new int[uses.size()];
        for (int j = 0; j < uses.size(); j++) {
            Reservation.Use use = uses.get(j);
            if (use.selfConflicting(ii)) {
                return null;
            }
            int found = -1;
            for (int inst = 0; inst < cells[use.resource()].length && found < 0; inst++) {
                if (instanceFree(use, inst, t)) {
                    found = inst;
                }
            }
            if (found < 0) {
                return null;
            }
            units[j] = found;
        }
        return units;
    }

    /** Whether {@code op} fits at cycle {@code t}. */
    public boolean fits(Operation op, int t) {
        return findUnits(op, t) != null;
    }

    /** Marks the cells of {@code op} at cycle {@code t} on the given instances as taken by it. */
    public void place(Operation op, int t, int[] units) {
        List<Reservation.Use> uses = op.reservation().uses();
        for (int j = 0; j < uses.size(); j++) {
            Reservation.Use use = uses.get(j);
            for (int k = 0; k < use.offsetCount(); k++) {
                cells[use.resource()][units[j]][Math.floorMod(t + use.offset(k), ii)] = op.index();
            }
        }
    }

    /** Frees the cells of {@code op} at cycle {@code t} on the given instances (only those it holds). */
    public void remove(Operation op, int t, int[] units) {
        List<Reservation.Use> uses = op.reservation().uses();
        for (int j = 0; j < uses.size(); j++) {
            Reservation.Use use = uses.get(j);
            for (int k = 0; k < use.offsetCount(); k++) {
                int[] col = cells[use.resource()][units[j]];
                int row = Math.floorMod(t + use.offset(k), ii);
                if (col[row] == op.index()) {
                    col[row] = FREE;
                }
            }
        }
    }

    /**
     * For iterative modulo scheduling: per use, the instance whose rows hold the fewest other ops, and the set of
     * ops that would have to be evicted to place {@code op} at {@code t} there. Returns {units, evicted ops}.
     */
    public int[][] leastConflicting(Operation op, int t) {
        List<Reservation.Use> uses = op.reservation().uses();
        int[] units = new int[uses.size()];
        List<Integer> evict = new ArrayList<>();
        for (int j = 0; j < uses.size(); j++) {
            Reservation.Use use = uses.get(j);
            int best = 0;
            List<Integer> bestSet = null;
            for (int inst = 0; inst < cells[use.resource()].length; inst++) {
                List<Integer> set = new ArrayList<>();
                for (int k = 0; k < use.offsetCount(); k++) {
                    int occ = cells[use.resource()][inst][Math.floorMod(t + use.offset(k), ii)];
                    if (occ != FREE && occ != op.index() && !set.contains(occ)) {
                        set.add(occ);
                    }
                }
                if (bestSet == null || set.size() < bestSet.size()) {
                    best = inst;
                    bestSet = set;
                }
            }
            units[j] = best;
            for (int o : bestSet) {
                if (!evict.contains(o)) {
                    evict.add(o);
                }
            }
        }
        return new int[][] { units, evict.stream().mapToInt(Integer::intValue).toArray() };
    }

    /** Number of used cells of resource class {@code r} (over all instances and rows). */
    public int usedCells(int r) {
        int n = 0;
        for (int[] col : cells[r]) {
            for (int c : col) {
                if (c != FREE) {
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * The table as ASCII: one line per row, one column per resource instance, cells "name(stage)" when a schedule
     * is given to name the ops, else op indices.
     */
    public String render(Schedule s) {
        List<String> headers = new ArrayList<>();
        List<int[]> colRef = new ArrayList<>();
        for (int r = 0; r < cells.length; r++) {
            for (int i = 0; i < cells[r].length; i++) {
                headers.add(machine.resource(r).name() + (cells[r].length > 1 ? "." + i : ""));
                colRef.add(new int[] { r, i });
            }
        }
        String[][] text = new String[ii][headers.size()];
        int[] width = new int[headers.size()];
        for (int c = 0; c < headers.size(); c++) {
            width[c] = headers.get(c).length();
            for (int row = 0; row < ii; row++) {
                int occ = cells[colRef.get(c)[0]][colRef.get(c)[1]][row];
                String t = occ == FREE ? "." : s == null ? String.valueOf(occ)
                        : s.loop().op(occ).name() + "(" + s.stage(occ) + ")";
                text[row][c] = t;
                width[c] = Math.max(width[c], t.length());
            }
        }
        StringBuilder sb = new StringBuilder();
        String rowHead = "row";
        int rw = Math.max(rowHead.length(), String.valueOf(ii - 1).length());
        sb.append(pad(rowHead, rw));
        for (int c = 0; c < headers.size(); c++) {
            sb.append(" | ").append(pad(headers.get(c), width[c]));
        }
        sb.append('\n');
        sb.append("-".repeat(rw));
        for (int c = 0; c < headers.size(); c++) {
            sb.append("-+-").append("-".repeat(width[c]));
        }
        sb.append('\n');
        for (int row = 0; row < ii; row++) {
            sb.append(pad(String.valueOf(row), rw));
            for (int c = 0; c < headers.size(); c++) {
                sb.append(" | ").append(pad(text[row][c], width[c]));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(Math.max(0, w - s.length()));
    }
}
