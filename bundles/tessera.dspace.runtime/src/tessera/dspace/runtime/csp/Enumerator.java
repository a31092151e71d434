package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.List;

import tessera.core.Deadline;
import tessera.core.Monitor;

/**
 * Seed 001a §3.1 / §2.3.2: exhaustive search of a candidate's subtree. Branches on the first open variable in
 * creation order (the thesis's "next unspecified variable in a fixed order"), one child per remaining value, and
 * counts fixed candidates (leaves), dead ends (failed nodes) and internal nodes.
 */
public final class Enumerator {
    /** Result of an enumeration; {@code solutions} holds the fixed decision vectors when collected. */
    public record Result(long leaves, long deadEnds, long internalNodes, List<long[]> solutions, boolean complete) {
    }

    private final Deadline deadline;
    private final Monitor monitor;
    private final long limit;
    private final boolean collect;
    private long leaves, dead, internal, steps;
    private final List<long[]> sols = new ArrayList<>();

    private Enumerator(Deadline deadline, Monitor monitor, long limit, boolean collect) {
        this.deadline = deadline;
        this.monitor = monitor;
        this.limit = limit;
        this.collect = collect;
    }

    /**
     * Enumerates below {@code root} (not modified). Stops after {@code limit} leaves (complete=false); throws
     * TimeLimitException past the deadline and CancelledException when the monitor is cancelled.
     */
    public static Result run(Candidate root, Deadline deadline, Monitor monitor, long limit, boolean collect) {
        Enumerator e = new Enumerator(deadline, monitor, limit, collect);
        boolean complete = root.failed() ? e.count(root) : e.dfs(root);
        return new Result(e.leaves, e.dead, e.internal, e.sols, complete);
    }

    private boolean count(Candidate c) {
        dead++;
        return true;
    }

    private boolean dfs(Candidate c) {
        if ((++steps & 255) == 0) {
            monitor.checkCanceled();
            deadline.check("enumeration of the decision space");
        }
        if (c.failed()) {
            dead++;
            return true;
        }
        int v = c.firstOpen();
        if (v < 0) {
            leaves++;
            if (collect) {
                sols.add(c.dom.clone());
            }
            return leaves < limit;
        }
        internal++;
        for (long m = c.dom[v]; m != 0; m &= m - 1) {
            Candidate child = c.copy();
            child.restrict(v, Long.lowestOneBit(m));
            if (!dfs(child)) {
                return false;
            }
        }
        return true;
    }
}
