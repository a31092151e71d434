package tessera.modsched.sched;

import tessera.core.Monitor;
import tessera.core.graph.Digraph;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModuloReservationTable;
import tessera.modsched.model.Operation;
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

    /** Early_Start and Late_Start of {@code u} from the nodes placed so far. */
    public Starts starts(int u) {
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
