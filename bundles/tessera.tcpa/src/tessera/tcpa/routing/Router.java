package tessera.tcpa.routing;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.sat4j.core.Vec;
import org.sat4j.core.VecInt;
import org.sat4j.pb.IPBSolver;
import org.sat4j.pb.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.IVec;
import org.sat4j.specs.IVecInt;
import org.sat4j.specs.TimeoutException;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Channel;

/**
 * Routes propagation channels on the reduced topology graph (seed 003 §5.4): k node-disjoint exact-weight
 * Source→Sink paths, where two channels that are never alive at the same time may share a common prefix of their
 * first r nodes. Solved exactly with SAT4J (pseudo-Boolean): routability is decided exactly, then the total number
 * of ports used is minimised by linear search.
 * <p>
 * Encoding (position-indexed, which rules out detached cycles): y[c][v][t] = channel c is at port v at step t
 * (t = 1..L, L = number of ports); step 1 is a PE output port, each step follows an edge of T, a path ends at a PE
 * input port; Σ weight(sibling edges) = δ per axis; each port once per channel; a port used by two channels only
 * at the same step t with all steps ≤ t identical (prefix closure, s[c][d][t]), and only if they may share.
 */
public final class Router {
    private Router() {
    }

    /** The what-if channels declared in the file ({@code channel blue delta (0, 1) shares red;}), in order. */
    public static List<ChannelRequest> declaredChannels(Architecture arch) {
        List<ChannelRequest> r = new ArrayList<>();
        for (Channel c : arch.getChannels()) {
            Set<String> share = new HashSet<>();
            c.getShares().forEach(s -> share.add(s.getName()));
            r.add(new ChannelRequest(c.getName(), new int[] { c.getDRow(), c.getDCol() }, share));
        }
        return r;
    }

    /** Routes {@code channels} on the data layer of {@code arch}. */
    public static RoutingResult route(Architecture arch, List<ChannelRequest> channels, Deadline deadline) {
        return route(ReducedTopology.of(arch), channels, deadline);
    }

    /**
     * Routes {@code channels} on {@code t}; throws {@link DiagnosticException} naming the channels when they cannot
     * be routed, or when the time limit passes before routability is decided.
     */
    public static RoutingResult route(ReducedTopology t, List<ChannelRequest> channels, Deadline deadline) {
        Set<String> ids = new HashSet<>();
        for (ChannelRequest c : channels) {
            if (!ids.add(c.id())) {
                throw new IllegalArgumentException("channel " + c.id() + " is requested twice");
            }
        }
        if (channels.isEmpty()) {
            return new RoutingResult(List.of(), true);
        }
        long start = System.nanoTime();
        Encoding full = new Encoding(t, channels);
        Boolean sat = full.solve(deadline);
        if (sat == null) {
            throw timeout(t, channels, deadline);
        }
        if (!sat) {
            throw unroutable(t, channels, deadline);
        }
        int[] best = full.model();
        boolean optimal = true;
        int used = full.usedCount(best);
        // minimisation budget: 4× the first solve, at least 2 s, never beyond the deadline (then optimal = false)
        long firstMs = Math.max(1, (System.nanoTime() - start) / 1_000_000);
        Deadline improve = Deadline.after(Duration.ofMillis(Math.min(deadline.remaining().toMillis(),
                Math.max(2000, 4 * firstMs))));
        while (used > channels.size()) {
            if (!full.atMostUsed(used - 1)) {
                break;
            }
            Boolean better = full.solve(improve);
            if (better == null) {
                optimal = false;
                break;
            }
            if (!better) {
                break;
            }
            best = full.model();
            used = full.usedCount(best);
        }
        return full.decode(best, optimal);
    }

    private static DiagnosticException timeout(ReducedTopology t, List<ChannelRequest> cs, Deadline d) {
        return new DiagnosticException(Diagnostic.error(t.file(), t.line(),
                "routing of " + cs.size() + " propagation channel" + (cs.size() == 1 ? "" : "s") + " ("
                        + names(cs) + ") ran out of time after " + d.limit().toMillis() / 1000.0 + " s",
                "raise the routing time limit, or route fewer channels at once"));
    }

    /** Names the offending channels: each unroutable one alone, else a minimal conflicting subset (greedy). */
    private static DiagnosticException unroutable(ReducedTopology t, List<ChannelRequest> cs, Deadline d) {
        List<ChannelRequest> alone = new ArrayList<>();
        for (ChannelRequest c : cs) {
            Boolean s = new Encoding(t, List.of(c)).solve(d);
            if (s != null && !s) {
                alone.add(c);
            }
        }
        if (!alone.isEmpty()) {
            return new DiagnosticException(Diagnostic.error(t.file(), t.line(),
                    "unroutable propagation channel" + (alone.size() == 1 ? " " : "s ") + describe(alone)
                            + ": the data layer has no path from a PE output port to a PE input port whose "
                            + "sibling-edge weights sum to δ = (Δrow, Δcol)",
                    "add adjacencies in layer data so that pe.out ports reach the wrapper outputs toward that "
                            + "neighbour (e.g. connect pe.out0 -> east.out0; connect west.in0 -> pe.in0;), "
                            + "or change the tiling so that δ is a neighbour displacement"));
        }
        List<ChannelRequest> core = new ArrayList<>(cs);
        for (int i = core.size() - 1; i >= 0 && core.size() > 1; i--) {
            List<ChannelRequest> without = new ArrayList<>(core);
            without.remove(i);
            Boolean s = new Encoding(t, without).solve(d);
            if (s != null && !s) {
                core = without;
            }
        }
        return new DiagnosticException(Diagnostic.error(t.file(), t.line(),
                "unroutable propagation channels: " + describe(core) + " cannot be routed node-disjointly together "
                        + "(each alone can)",
                "add wrapper ports per direction, PE ports (more ID/OD registers) or adjacencies in layer data; "
                        + "channels that are never alive at the same time may share a prefix"));
    }

    private static String names(List<ChannelRequest> cs) {
        return String.join(", ", cs.stream().map(ChannelRequest::id).toList());
    }

    private static String describe(List<ChannelRequest> cs) {
        return String.join(", ", cs.stream().map(c -> c.id() + " (δ = (" + c.delta()[0] + ", " + c.delta()[1] + "))")
                .toList());
    }

    /** The pseudo-Boolean model of one routing problem. */
    private static final class Encoding {
        private final ReducedTopology t;
        private final List<ChannelRequest> cs;
        private final int n;
        private final int len;
        private final int k;
        private final IPBSolver solver = SolverFactory.newDefault();
        private int nextVar;
        private final int yBase;
        private final int aBase;
        private final int uBase;
        private final Map<Long, Integer> shareBase = new HashMap<>();
        private boolean contradiction;

        Encoding(ReducedTopology t, List<ChannelRequest> cs) {
            this.t = t;
            this.cs = cs;
            this.n = t.ports().size();
            this.len = Math.max(1, n);
            this.k = cs.size();
            nextVar = 1;
            yBase = alloc(k * n * len);
            aBase = alloc(k * len);
            uBase = alloc(k * n);
            for (int c = 0; c < k; c++) {
                for (int d = c + 1; d < k; d++) {
                    if (mayShare(cs.get(c), cs.get(d))) {
                        shareBase.put(pair(c, d), alloc(len));
                    }
                }
            }
            solver.newVar(nextVar - 1);
            try {
                build();
            } catch (ContradictionException e) {
                contradiction = true;
            }
        }

        private int alloc(int count) {
            int b = nextVar;
            nextVar += count;
            return b;
        }

        private static long pair(int c, int d) {
            return ((long) c << 32) | d;
        }

        private static boolean mayShare(ChannelRequest a, ChannelRequest b) {
            return a.mayShareWith().contains(b.id()) || b.mayShareWith().contains(a.id());
        }

        /** y: channel c at port node v (2-based) at step s (1-based). */
        int y(int c, int v, int s) {
            return yBase + (c * n + (v - 2)) * len + (s - 1);
        }

        int a(int c, int s) {
            return aBase + c * len + (s - 1);
        }

        int u(int c, int v) {
            return uBase + c * n + (v - 2);
        }

        int share(int base, int s) {
            return base + s - 1;
        }

        private static VecInt copy(VecInt v) {
            VecInt r = new VecInt(v.size() + 1);
            for (int i = 0; i < v.size(); i++) {
                r.push(v.get(i));
            }
            return r;
        }

        private void clause(int... lits) throws ContradictionException {
            solver.addClause(new VecInt(lits));
        }

        private void build() throws ContradictionException {
            for (int c = 0; c < k; c++) {
                channel(c);
            }
            for (int c = 0; c < k; c++) {
                for (int d = c + 1; d < k; d++) {
                    Integer sb = shareBase.get(pair(c, d));
                    for (int v = 2; v < n + 2; v++) {
                        if (sb == null) {
                            clause(-u(c, v), -u(d, v));
                        } else {
                            for (int s = 1; s <= len; s++) {
                                clause(-y(c, v, s), -u(d, v), share(sb, s));
                                clause(-y(d, v, s), -u(c, v), share(sb, s));
                            }
                        }
                    }
                    if (sb != null) {
                        for (int s = 1; s <= len; s++) {
                            if (s > 1) {
                                clause(-share(sb, s), share(sb, s - 1));
                            }
                            clause(-share(sb, s), a(c, s));
                            for (int v = 2; v < n + 2; v++) {
                                clause(-share(sb, s), -y(c, v, s), y(d, v, s));
                                clause(-share(sb, s), -y(d, v, s), y(c, v, s));
                            }
                        }
                    }
                }
            }
        }

        /** Breadth-first distances (in edges) from {@code from} over port nodes, forward or backward; -1 = unreachable. */
        private int[] distances(int from, boolean forward) {
            int[] d = new int[n + 2];
            Arrays.fill(d, -1);
            ArrayDeque<Integer> q = new ArrayDeque<>();
            d[from] = 0;
            q.add(from);
            while (!q.isEmpty()) {
                int v = q.poll();
                for (ReducedTopology.Edge e : forward ? t.out(v) : t.in(v)) {
                    int w = forward ? e.to() : e.from();
                    if (d[w] < 0) {
                        d[w] = d[v] + 1;
                        q.add(w);
                    }
                }
            }
            return d;
        }

        private void channel(int c) throws ContradictionException {
            // pruning: port v can be at step s only if Source reaches it in s edges and it reaches Sink within len - s + 1
            int[] fromSource = distances(ReducedTopology.SOURCE, true);
            int[] toSink = distances(ReducedTopology.SINK, false);
            for (int v = 2; v < n + 2; v++) {
                for (int s = 1; s <= len; s++) {
                    if (fromSource[v] < 0 || toSink[v] < 0 || fromSource[v] > s || s + toSink[v] - 1 > len) {
                        clause(-y(c, v, s));
                    }
                }
            }
            VecInt first = new VecInt();
            for (int v = 2; v < n + 2; v++) {
                Port p = t.port(v);
                boolean peOut = p.isPe() && p.source();
                boolean peIn = p.isPe() && !p.source();
                VecInt steps = new VecInt();
                for (int s = 1; s <= len; s++) {
                    int yv = y(c, v, s);
                    steps.push(yv);
                    clause(-yv, a(c, s));
                    clause(-yv, u(c, v));
                    if (s == 1 && !peOut || s > 1 && peOut) {
                        clause(-yv);
                    }
                    if (s == 1 && peOut) {
                        first.push(yv);
                    }
                    if (peIn) {
                        if (s < len) {
                            clause(-yv, -a(c, s + 1));
                        }
                    } else {
                        VecInt next = new VecInt();
                        next.push(-yv);
                        if (s < len) {
                            for (ReducedTopology.Edge e : t.out(v)) {
                                if (e.to() >= 2) {
                                    next.push(y(c, e.to(), s + 1));
                                }
                            }
                        }
                        solver.addClause(next);
                    }
                    if (s > 1) {
                        VecInt prev = new VecInt();
                        prev.push(-yv);
                        for (ReducedTopology.Edge e : t.in(v)) {
                            if (e.from() >= 2) {
                                prev.push(y(c, e.from(), s - 1));
                            }
                        }
                        solver.addClause(prev);
                    }
                }
                VecInt uses = copy(steps);
                solver.addAtMost(steps, 1);
                uses.push(-u(c, v));
                solver.addClause(uses);
            }
            if (first.isEmpty()) {
                throw new ContradictionException("no PE output port");
            }
            solver.addExactly(first, 1);
            for (int s = 1; s <= len; s++) {
                VecInt at = new VecInt();
                for (int v = 2; v < n + 2; v++) {
                    at.push(y(c, v, s));
                }
                VecInt act = copy(at);
                solver.addAtMost(at, 1);
                act.push(-a(c, s));
                solver.addClause(act);
                if (s > 1) {
                    clause(-a(c, s), a(c, s - 1));
                }
            }
            int[] delta = cs.get(c).delta();
            for (int axis = 0; axis < 2; axis++) {
                VecInt lits = new VecInt();
                IVec<BigInteger> coef = new Vec<>();
                for (ReducedTopology.Edge e : t.edges()) {
                    int w = axis == 0 ? e.dRow() : e.dCol();
                    if (w != 0) {
                        for (int s = 1; s < len; s++) {
                            lits.push(y(c, e.from(), s));
                            coef.push(BigInteger.valueOf(w));
                        }
                    }
                }
                if (lits.isEmpty()) {
                    if (delta[axis] != 0) {
                        throw new ContradictionException("no sibling edge on axis " + axis);
                    }
                } else {
                    solver.addExactly(lits, coef, BigInteger.valueOf(delta[axis]));
                }
            }
        }

        /** Adds Σ y ≤ bound (total ports used, shared ones counted per channel); false when trivially infeasible. */
        boolean atMostUsed(int bound) {
            VecInt all = new VecInt();
            for (int c = 0; c < k; c++) {
                for (int v = 2; v < n + 2; v++) {
                    for (int s = 1; s <= len; s++) {
                        all.push(y(c, v, s));
                    }
                }
            }
            try {
                solver.addAtMost(all, bound);
                return true;
            } catch (ContradictionException e) {
                return false;
            }
        }

        /** true = satisfiable, false = unsatisfiable, null = the deadline passed. */
        Boolean solve(Deadline deadline) {
            if (contradiction) {
                return false;
            }
            if (deadline.expired()) {
                return null;
            }
            solver.setTimeoutMs(Math.max(1, deadline.remaining().toMillis()));
            try {
                return solver.isSatisfiable();
            } catch (TimeoutException e) {
                return null;
            }
        }

        int[] model() {
            return solver.model();
        }

        int usedCount(int[] model) {
            Set<Integer> pos = positives(model);
            int used = 0;
            for (int c = 0; c < k; c++) {
                for (int v = 2; v < n + 2; v++) {
                    for (int s = 1; s <= len; s++) {
                        if (pos.contains(y(c, v, s))) {
                            used++;
                        }
                    }
                }
            }
            return used;
        }

        private static Set<Integer> positives(int[] model) {
            Set<Integer> pos = new HashSet<>();
            for (int l : model) {
                if (l > 0) {
                    pos.add(l);
                }
            }
            return pos;
        }

        RoutingResult decode(int[] model, boolean optimal) {
            Set<Integer> pos = positives(model);
            List<RoutingResult.Route> routes = new ArrayList<>();
            for (int c = 0; c < k; c++) {
                List<Port> nodes = new ArrayList<>();
                for (int s = 1; s <= len; s++) {
                    for (int v = 2; v < n + 2; v++) {
                        if (pos.contains(y(c, v, s))) {
                            nodes.add(t.port(v));
                        }
                    }
                }
                ChannelRequest r = cs.get(c);
                verify(r, nodes);
                routes.add(new RoutingResult.Route(r.id(), r.delta(), List.copyOf(nodes), nodes.get(0).index(),
                        nodes.get(nodes.size() - 1).index()));
            }
            return new RoutingResult(routes, optimal);
        }

        /**
         * Issue 22: a route is reported only when its edges exist and their weights, summed in 64 bits, are the δ the
         * channel asked for (the values given, not what the encoding made of them).
         */
        private void verify(ChannelRequest r, List<Port> nodes) {
            java.util.Map<Port, Integer> index = new java.util.HashMap<>();
            for (int v = 2; v < n + 2; v++) {
                index.put(t.port(v), v);
            }
            java.util.Map<Long, ReducedTopology.Edge> edges = new java.util.HashMap<>();
            for (ReducedTopology.Edge e : t.edges()) {
                edges.put(((long) e.from() << 32) | e.to(), e);
            }
            long dRow = 0;
            long dCol = 0;
            for (int i = 0; i + 1 < nodes.size(); i++) {
                ReducedTopology.Edge e = edges.get(((long) index.get(nodes.get(i)) << 32) | index.get(nodes.get(i + 1)));
                if (e == null) {
                    throw new IllegalStateException("route of " + r.id() + " uses a missing edge " + nodes.get(i) + " -> " + nodes.get(i + 1));
                }
                dRow += e.dRow();
                dCol += e.dCol();
            }
            if (nodes.isEmpty() || dRow != r.delta()[0] || dCol != r.delta()[1]) {
                throw new IllegalStateException("route of " + r.id() + " sums to (" + dRow + ", " + dCol + "), not the requested δ = ("
                        + r.delta()[0] + ", " + r.delta()[1] + ")");
            }
        }
    }
}
