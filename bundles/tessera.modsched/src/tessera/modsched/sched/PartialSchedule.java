package tessera.modsched.sched;

import java.util.stream.IntStream;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModuloReservationTable;
import tessera.modsched.model.Operation;
import tessera.modsched.model.Reservation;
import tessera.modsched.model.Schedule;

/**
 * Seed 002 §4.3 (digest §3.5): a modulo schedule under construction at one II, shared by the list schedulers (SMS,
 * Top-Down, IMS): the modulo reservation table, each placed node's cycle and units, Early_Start and Late_Start of a
 * node from its placed predecessors (PSP) and successors (PSS), and the scan of a window of cycles for the first
 * slot where the node's reservation fits.
 */
public final class PartialSchedule {
    /**
     * Early_Start and Late_Start of a node u: {@code earlyStart} = max over placed predecessors v ≠ u of
     * t_v + λ - δ·II ({@link Integer#MIN_VALUE} when none is placed), {@code lateStart} = min over placed
     * successors v ≠ u of t_v - λ + δ·II ({@link Integer#MAX_VALUE} when none is placed). All edges count,
     * loop-carried ones too.
     */
    public record Starts(boolean hasPredecessor, int earlyStart, boolean hasSuccessor, int lateStart) {
    }

    /** A free slot: the cycle and the units the node's reservation takes there. */
    public record Slot(int cycle, int[] units) {
    }

    private final Loop loop;
    private final Digraph g;
    private final int ii;
    private final ModuloReservationTable mrt;
    private final int[] t;
    private final int[][] units;
    private final boolean[] placed;
    private final Monitor monitor;
    private int[] lastWindow;
    /** MinDist at this II (longest path, latency - distance·II; {@link #NO_PATH} without one), or null. */
    private long[][] minDist;

    /** No path in {@link #minDist}. */
    private static final long NO_PATH = LongestPaths.UNREACHED;

    public PartialSchedule(Loop loop, int ii) {
        this(loop, ii, Monitor.NULL);
    }

    /**
     * A partial schedule whose scans poll {@code monitor} (issue 22: every search honours its deadline; a deadline
     * monitor throws {@link tessera.core.TimeLimitException} from {@link Monitor#checkCanceled()}).
     */
    public PartialSchedule(Loop loop, int ii, Monitor monitor) {
        this.monitor = monitor == null ? Monitor.NULL : monitor;
        this.loop = loop;
        this.g = loop.graph();
        this.ii = ii;
        this.mrt = new ModuloReservationTable(loop, ii);
        int n = g.nodeCount();
        this.t = new int[n];
        this.units = new int[n][];
        this.placed = new boolean[n];
    }

    public boolean isPlaced(int u) {
        return placed[u];
    }

    /**
     * Switches this schedule to transitive windows: Early_Start and Late_Start come from every placed node through
     * the longest dependence path at this II (MinDist), not only from placed neighbours, so a node placed inside its
     * window never leaves another node an empty window for want of path length (only resources can then fill one).
     * Cost O(n³) once; the loop must have no positive cycle at this II (II ≥ RecMII).
     */
    public PartialSchedule transitive() {
        return transitive(minDist(loop, ii, monitor));
    }

    /** {@link #transitive()} with the matrix of {@link #minDist(Loop, int, Monitor)} at this II (shared). */
    public PartialSchedule transitive(long[][] d) {
        minDist = d;
        return this;
    }

    /**
     * MinDist at {@code ii}: the longest path from each node to each other over latency - distance·II
     * ({@link #NO_PATH} where there is none); Floyd-Warshall, O(n³).
     */
    public static long[][] minDist(Loop loop, int ii, Monitor monitor) {
        return LongestPaths.allPairs(loop.graph(), e -> true, e -> loop.latency(e) - (long) loop.distance(e) * ii,
                monitor);
    }

    /** Early_Start and Late_Start of {@code u} from the nodes placed so far. */
    public Starts starts(int u) {
        if (minDist != null) {
            return transitiveStarts(u);
        }
        boolean hasP = false;
        boolean hasS = false;
        int es = Integer.MIN_VALUE;
        int ls = Integer.MAX_VALUE;
        for (int e : g.inEdges(u)) { // PSP(u)
            int v = g.source(e);
            if (placed[v] && v != u) {
                hasP = true;
                es = Math.max(es, t[v] + loop.latency(e) - loop.distance(e) * ii);
            }
        }
        for (int e : g.outEdges(u)) { // PSS(u)
            int v = g.target(e);
            if (placed[v] && v != u) {
                hasS = true;
                ls = Math.min(ls, t[v] - loop.latency(e) + loop.distance(e) * ii);
            }
        }
        return new Starts(hasP, es, hasS, ls);
    }

    /** A start time far from int overflow ({@code ±2^30}); windows are at most II wide around it. */
    private static int clamp(long v) {
        return (int) Math.max(-(1L << 30), Math.min(1L << 30, v));
    }

    private Starts transitiveStarts(int u) {
        boolean hasP = false;
        boolean hasS = false;
        long es = Integer.MIN_VALUE;
        long ls = Integer.MAX_VALUE;
        for (int v = 0; v < placed.length; v++) {
            if (!placed[v] || v == u) {
                continue;
            }
            if (minDist[v][u] != NO_PATH) {
                hasP = true;
                es = Math.max(es, t[v] + minDist[v][u]);
            }
            if (minDist[u][v] != NO_PATH) {
                hasS = true;
                ls = Math.min(ls, t[v] - minDist[u][v]);
            }
        }
        return new Starts(hasP, clamp(es), hasS, clamp(ls));
    }

    /**
     * The first cycle from {@code from} to {@code to} in steps of {@code step} (+1 scans up, -1 down) where
     * {@code u}'s reservation fits, or null; an empty window ({@code to} before {@code from} in the scan's
     * direction) has none.
     */
    public Slot firstFree(int u, int from, int to, int step) {
        if (step > 0 ? from > to : from < to) {
            return null;
        }
        Operation op = loop.op(u);
        monitor.checkCanceled();
        for (int c = from, k = 1;; c += step, k++) {
            if ((k & 1023) == 0) {
                monitor.checkCanceled();
            }
            int[] un = mrt.findUnits(op, c);
            if (un != null) {
                return new Slot(c, un);
            }
            if (c == to) {
                return null;
            }
        }
    }

    /**
     * Why {@code u} found no slot from {@code from} to {@code to} (scan direction {@code step}), for the failure lines
     * of the list schedulers: "n8 found no free resource slot in [3, 6]" for a non-empty window, and for an empty one
     * "the window of n8 is empty: Early_Start 5 is after Late_Start 2" ({@code w} = its starts).
     */
    public String noSlot(int u, Starts w, int from, int to, int step) {
        String name = loop.op(u).name();
        if (step > 0 ? from <= to : from >= to) {
            return name + " found no free resource slot in [" + Math.min(from, to) + ", " + Math.max(from, to) + "]";
        }
        if (w.hasPredecessor() && w.hasSuccessor() && w.earlyStart() > w.lateStart()) {
            return "the window of " + name + " is empty: Early_Start " + w.earlyStart() + " is after Late_Start "
                    + w.lateStart();
        }
        return "the window of " + name + " is empty: the scan " + (step > 0 ? "up" : "down") + " from " + from
                + " never reaches " + to;
    }

    /**
     * Seed 002 §4.3 (digest §3.5): places {@code u} in its scheduling window. Only predecessors placed: up from
     * Early_Start over II cycles; only successors: down from Late_Start; both: Early_Start up to
     * min(Late_Start, Early_Start + II - 1), or, with {@code successorSide} and at least as many placed FLOW successors
     * as FLOW predecessors, the same window scanned down (GCC's {@code get_sched_window}); neither: up from
     * {@code asap}. Returns null when placed, else why not (with the window and the side, for failure lines).
     */
    public String placeInWindow(int u, int asap, boolean successorSide) {
        Starts w = starts(u);
        boolean hasP = w.hasPredecessor();
        boolean hasS = w.hasSuccessor();
        int from;
        int to;
        int step = 1;
        if (hasP && !hasS) {
            from = w.earlyStart();
            to = from + ii - 1;
        } else if (hasS && !hasP) {
            from = w.lateStart();
            to = from - ii + 1;
            step = -1;
        } else if (hasP) {
            from = w.earlyStart();
            to = Math.min(w.lateStart(), from + ii - 1);
            if (successorSide && placedFlow(u, true) > placedFlow(u, false)) {
                int f = from;
                from = to;
                to = f;
                step = -1;
            }
        } else {
            from = asap;
            to = from + ii - 1;
        }
        if (placeFirstFree(u, from, to, step)) {
            return null;
        }
        lastWindow = new int[] { from, to, step };
        return noSlot(u, w, from, to, step) + " (" + (hasP && hasS
                ? "both predecessors and successors placed, scanning " + (step > 0 ? "up" : "down from the successors")
                : hasS ? "scanning down from Late_Start" : "scanning up") + ")";
    }

    /**
     * Forward placement (SMS's last resort, docs/modsched.md change 6): the window scanned up from Early_Start (from
     * {@code asap} when no predecessor is placed) to Late_Start when a successor is placed, never more than II
     * cycles; so no node lands before its ASAP time, whatever is placed after it.
     */
    public String placeForward(int u, int asap) {
        Starts w = starts(u);
        int from = w.hasPredecessor() ? Math.max(w.earlyStart(), asap) : asap;
        int to = w.hasSuccessor() ? Math.min(w.lateStart(), from + ii - 1) : from + ii - 1;
        if (placeFirstFree(u, from, to, 1)) {
            return null;
        }
        return noSlot(u, w, from, to, 1) + " (scanning up from Early_Start)";
    }

    /**
     * The placed ops that hold a cell {@code u}'s reservation needs at some cycle from {@code from} to {@code to}
     * (either order) where no instance is left for it, in increasing op index: the ops that fill a full window.
     */
    public int[] blockers(int u, int from, int to) {
        boolean[] seen = new boolean[placed.length];
        Operation op = loop.op(u);
        int lo = Math.min(from, to);
        int hi = Math.min(Math.max(from, to), lo + ii - 1);
        for (int c = lo; c <= hi; c++) {
            for (Reservation.Use use : op.reservation().uses()) {
                int count = loop.machine().resource(use.resource()).count();
                boolean[] mark = new boolean[placed.length];
                boolean someFree = false;
                for (int inst = 0; inst < count; inst++) {
                    boolean free = true;
                    for (int k = 0; k < use.offsetCount(); k++) {
                        for (int v : mrt.occupants(use.resource(), inst, Math.floorMod(c + use.offset(k), ii))) {
                            free &= v == u || loop.exclusive(v, u);
                            mark[v] = v != u;
                        }
                    }
                    someFree |= free;
                }
                for (int v = 0; v < mark.length && !someFree; v++) {
                    seen[v] |= mark[v];
                }
            }
        }
        return IntStream.range(0, seen.length).filter(v -> seen[v]).toArray();
    }

    /**
     * The window of the last {@link #placeInWindow} that found no slot: {first cycle scanned, last cycle, step}
     * (empty when the last cycle is before the first in the scan's direction), or null.
     */
    public int[] lastWindow() {
        return lastWindow == null ? null : lastWindow.clone();
    }

    /**
     * The placed ops that bound {@code u}'s window: those whose arcs (with {@link #transitive} windows: whose longest
     * paths) give its Early_Start or its Late_Start, in increasing op index.
     */
    public int[] bounding(int u) {
        Starts w = starts(u);
        boolean[] b = new boolean[placed.length];
        if (minDist != null) {
            for (int v = 0; v < placed.length; v++) {
                if (placed[v] && v != u) {
                    b[v] = minDist[v][u] != NO_PATH && clamp(t[v] + minDist[v][u]) == w.earlyStart()
                            || minDist[u][v] != NO_PATH && clamp(t[v] - minDist[u][v]) == w.lateStart();
                }
            }
            return IntStream.range(0, b.length).filter(v -> b[v]).toArray();
        }
        for (int e : g.inEdges(u)) {
            int v = g.source(e);
            if (placed[v] && v != u && t[v] + loop.latency(e) - loop.distance(e) * ii == w.earlyStart()) {
                b[v] = true;
            }
        }
        for (int e : g.outEdges(u)) {
            int v = g.target(e);
            if (placed[v] && v != u && t[v] - loop.latency(e) + loop.distance(e) * ii == w.lateStart()) {
                b[v] = true;
            }
        }
        return IntStream.range(0, b.length).filter(v -> b[v]).toArray();
    }

    /** The placed FLOW successors ({@code successors}) or predecessors of {@code u}, other than itself. */
    private int placedFlow(int u, boolean successors) {
        int n = 0;
        for (int e : successors ? g.outEdges(u) : g.inEdges(u)) {
            int v = successors ? g.target(e) : g.source(e);
            if (v != u && placed[v] && loop.dependence(e).kind() == DependenceKind.FLOW) {
                n++;
            }
        }
        return n;
    }

    /** Scans like {@link #firstFree} and places {@code u} in the slot found; false when there is none. */
    public boolean placeFirstFree(int u, int from, int to, int step) {
        Slot s = firstFree(u, from, to, step);
        if (s == null) {
            return false;
        }
        place(u, s.cycle(), s.units());
        return true;
    }

    public void place(int u, int cycle, int[] unitsOfU) {
        mrt.place(loop.op(u), cycle, unitsOfU);
        t[u] = cycle;
        units[u] = unitsOfU;
        placed[u] = true;
    }

    /** Takes a placed node out of the table again (IMS's eviction). */
    public void evict(int u) {
        mrt.remove(loop.op(u), t[u], units[u]);
        placed[u] = false;
    }

    /**
     * For IMS, where {@code u} does not fit at {@code cycle}: per use, the instance whose rows hold the fewest other
     * ops, and the ops that would have to be evicted to place {@code u} there; {units, evicted ops}.
     */
    public int[][] leastConflicting(int u, int cycle) {
        return mrt.leastConflicting(loop.op(u), cycle);
    }

    /**
     * Evicts the placed successors and then predecessors whose dependence with the placed node {@code u} its cycle
     * violates (IMS); returns how many were evicted.
     */
    public int evictDependenceConflicts(int u) {
        int evicted = 0;
        int slot = t[u];
        for (int e : g.outEdges(u)) {
            int s = g.target(e);
            if (s != u && placed[s] && t[s] < slot + loop.latency(e) - loop.distance(e) * ii) {
                evict(s);
                evicted++;
            }
        }
        for (int e : g.inEdges(u)) {
            int p = g.source(e);
            if (p != u && placed[p] && slot < t[p] + loop.latency(e) - loop.distance(e) * ii) {
                evict(p);
                evicted++;
            }
        }
        return evicted;
    }

    /** The schedule once every node is placed. */
    public Schedule schedule() {
        return Schedule.of(loop, ii, t, units);
    }
}
