package tessera.modsched.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The modulo reservation table (seed 002 §4.3, "partial schedule"): II rows times one column per resource instance.
 * An op issued at cycle t holds, for each use of its reservation, rows (t + offset) mod II of ONE instance of that
 * class. Mutable working structure of the schedulers; {@link #of(Schedule)} builds the table of a finished schedule.
 * A cell may hold several ops when they are pairwise mutually exclusive ({@link Loop#exclusive(int, int)}).
 */
public final class ModuloReservationTable {
    /** Marks a free cell. */
    public static final int FREE = -1;

    private final Machine machine;
    private final int ii;
    /** cells[resource][instance][row] = op index (the first occupant) or FREE. */
    private final int[][][] cells;
    /** The loop whose exclusive pairs may share a cell; null = no sharing. */
    private final Loop loop;
    /** Further occupants of shared cells, by {@link #cellKey}; empty unless the loop has exclusions. */
    private final Map<Long, int[]> sharers = new HashMap<>();

    /** A table where no two ops share a cell. */
    public ModuloReservationTable(Machine machine, int ii) {
        this(machine, ii, null);
    }

    /** A table for {@code loop}: mutually exclusive ops of it may share cells. */
    public ModuloReservationTable(Loop loop, int ii) {
        this(loop.machine(), ii, loop.hasExclusions() ? loop : null);
    }

    private ModuloReservationTable(Machine machine, int ii, Loop loop) {
        this.loop = loop;
        if (ii < 1) {
            throw new IllegalArgumentException("II must be at least 1");
        }
        long columns = 0;
        for (ResourceClass r : machine.resources()) {
            columns += r.count();
        }
        if (columns * ii > ModelLimits.MAX_MRT_CELLS) {
            throw new IllegalArgumentException("a reservation table of II " + ii + " × " + columns + " instances exceeds "
                    + ModelLimits.MAX_MRT_CELLS + " cells (ModelLimits.MAX_MRT_CELLS)");
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

    /** The table of a schedule; every op claiming a cell is listed there, clashing or not (see {@link #occupants}). */
    public static ModuloReservationTable of(Schedule s) {
        ModuloReservationTable m = new ModuloReservationTable(s.loop(), s.ii());
        for (Operation op : s.loop().operations()) {
            List<Reservation.Use> uses = op.reservation().uses();
            for (int j = 0; j < uses.size(); j++) {
                Reservation.Use use = uses.get(j);
                int unit = s.unit(op.index(), j);
                if (unit < 0 || unit >= m.cells[use.resource()].length) {
                    continue;
                }
                for (int k = 0; k < use.offsetCount(); k++) {
                    m.add(use.resource(), unit, Math.floorMod(s.time(op.index()) + use.offset(k), s.ii()), op.index());
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

    /** All ops in a cell (empty when free); more than one only where ops share it. */
    public int[] occupants(int resource, int instance, int row) {
        int first = cells[resource][instance][row];
        if (first == FREE) {
            return new int[0];
        }
        int[] more = sharers.get(cellKey(resource, instance, row));
        if (more == null) {
            return new int[] { first };
        }
        int[] all = new int[more.length + 1];
        all[0] = first;
        System.arraycopy(more, 0, all, 1, more.length);
        return all;
    }

    private long cellKey(int resource, int instance, int row) {
        return ((long) resource << 42) | ((long) instance << 31) | row;
    }

    private void add(int resource, int instance, int row, int op) {
        int[] col = cells[resource][instance];
        if (col[row] == FREE) {
            col[row] = op;
        } else if (col[row] != op) {
            sharers.merge(cellKey(resource, instance, row), new int[] { op }, (a, b) -> {
                int[] c = Arrays.copyOf(a, a.length + 1);
                c[a.length] = b[0];
                return c;
            });
        }
    }

    /** Whether {@code op} may join the cell: it is free, or every op in it is mutually exclusive with {@code op}. */
    private boolean admits(int resource, int instance, int row, int op) {
        int first = cells[resource][instance][row];
        if (first == FREE) {
            return true;
        }
        if (loop == null || !loop.exclusive(first, op)) {
            return false;
        }
        int[] more = sharers.get(cellKey(resource, instance, row));
        if (more != null) {
            for (int o : more) {
                if (!loop.exclusive(o, op)) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean instanceFree(Reservation.Use use, int instance, int t, int op) {
        for (int k = 0; k < use.offsetCount(); k++) {
            if (!admits(use.resource(), instance, Math.floorMod(t + use.offset(k), ii), op)) {
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
                if (instanceFree(use, inst, t, op.index())) {
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
                add(use.resource(), units[j], Math.floorMod(t + use.offset(k), ii), op.index());
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
                long key = cellKey(use.resource(), units[j], row);
                int[] more = sharers.get(key);
                if (col[row] == op.index()) {
                    col[row] = more == null ? FREE : more[0];
                    if (more != null) {
                        removeSharer(key, more, 0);
                    }
                } else if (more != null) {
                    for (int i = 0; i < more.length; i++) {
                        if (more[i] == op.index()) {
                            removeSharer(key, more, i);
                            break;
                        }
                    }
                }
            }
        }
    }

    private void removeSharer(long key, int[] more, int i) {
        if (more.length == 1) {
            sharers.remove(key);
            return;
        }
        int[] rest = new int[more.length - 1];
        System.arraycopy(more, 0, rest, 0, i);
        System.arraycopy(more, i + 1, rest, i, more.length - i - 1);
        sharers.put(key, rest);
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
                    for (int occ : occupants(use.resource(), inst, Math.floorMod(t + use.offset(k), ii))) {
                        boolean shares = loop != null && loop.exclusive(occ, op.index());
                        if (occ != op.index() && !shares && !set.contains(occ)) {
                            set.add(occ);
                        }
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
                StringBuilder t = new StringBuilder();
                for (int occ : occupants(colRef.get(c)[0], colRef.get(c)[1], row)) {
                    t.append(t.length() == 0 ? "" : "|").append(s == null ? String.valueOf(occ)
                            : s.loop().op(occ).name() + "(" + s.stage(occ) + ")");
                }
                if (t.length() == 0) {
                    t.append('.');
                }
                text[row][c] = t.toString();
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
