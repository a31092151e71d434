package tessera.modsched.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.core.graph.LongestPaths;
import tessera.modsched.analysis.Mii;
import tessera.modsched.analysis.RecMII;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.io.LoopJson;
import tessera.modsched.io.Power8;
import tessera.modsched.model.Dependence;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Operation;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;

/**
 * Property tests on compiler-like random loops ({@link RandomLoopGenerator#compilerLike}: the shapes of GCC's
 * dependence graphs on POWER8 that broke Swing Modulo Scheduling, docs/modsched.md "Compiler-like random loops"):
 * production SMS schedules them (up to the measured bound below), every schedule verifies with II ≥ MII, the loops
 * really contain each shape, and RecMII takes whole circuits of recurrences with two or more loop-carried arcs
 * (oracles: circuits enumerated here, Floyd-Warshall, MinDist).
 */
class CompilerShapesTest {
    static final long SEED = 20_260_301L;
    static final int LOOPS = 300;
    /**
     * Measured with SEED: production SMS fails on none of the 300 loops. Before the second stage of the order repair
     * (a failing node's recurrence first, along its distance-0 arcs) it failed on 6 (seeds 1-5: 12-21 of 300), each on
     * a store of an unrolled store chain (shape 1) whose placed predecessor and successor stores sat in one cycle whose
     * two LSUs were taken, at every II; without the loop-carried OUTPUT arcs every one of them scheduled (asserted for
     * any failure). Raise the bound only with a reason.
     */
    static final int PRODUCTION_FAILURE_BOUND = 0;

    private static List<Loop> loops() {
        RandomLoopGenerator gen = RandomLoopGenerator.compilerLike(SEED);
        assertEquals(Power8.machine(), gen.machine());
        List<Loop> out = new ArrayList<>();
        for (int i = 0; i < LOOPS; i++) {
            out.add(gen.next());
        }
        return out;
    }

    private static String context(int i, Loop loop) {
        return "seed " + SEED + ", compiler-like loop #" + i + ": " + LoopJson.write(loop);
    }

    @Test
    void productionSmsSchedulesCompilerLikeLoopsAndEveryScheduleVerifies() {
        List<Loop> loops = loops();
        SwingScheduler production = new SwingScheduler(SmsOptions.production());
        SwingScheduler original = new SwingScheduler(SmsOptions.original());
        List<String> failed = new ArrayList<>();
        int originalFailed = 0;
        int atMii = 0;
        int originalAtMii = 0;
        for (int i = 0; i < loops.size(); i++) {
            Loop loop = loops.get(i);
            String ctx = context(i, loop);
            int mii = Mii.compute(loop).value();
            ScheduleResult p = production.schedule(loop, Monitor.NULL);
            if (p.ok()) {
                check(p, mii, ctx);
                atMii += p.ii() == mii ? 1 : 0;
            } else {
                failed.add(loop.name() + " (" + loop.size() + " ops, " + stores(loop).size() + " stores)");
                assertTrue(storeChain(loop, stores(loop)), "production SMS failed without a store chain; " + ctx);
                Loop cut = without(loop, d -> d.kind() == DependenceKind.OUTPUT && d.distance() > 0);
                assertTrue(production.schedule(cut, Monitor.NULL).ok(),
                        "production SMS fails even without the loop-carried output arcs; " + ctx);
            }
            ScheduleResult o = original.schedule(loop, Monitor.NULL);
            if (o.ok()) {
                check(o, mii, ctx);
                originalAtMii += o.ii() == mii ? 1 : 0;
            } else {
                originalFailed++;
            }
        }
        System.out.printf(Locale.ROOT, "compiler-like loops (seed %d): production SMS failed %d of %d, II = MII on %d;"
                + " original SMS (§4) failed %d, II = MII on %d%n  production failures: %s%n", SEED, failed.size(),
                loops.size(), atMii, originalFailed, originalAtMii, failed);
        assertTrue(failed.size() <= PRODUCTION_FAILURE_BOUND, "production SMS failed on " + failed.size()
                + " compiler-like loops (bound " + PRODUCTION_FAILURE_BOUND + "): " + failed);
    }

    private static void check(ScheduleResult r, int mii, String ctx) {
        assertEquals(mii, r.mii().value(), ctx);
        assertTrue(r.ii() >= mii, r.algorithm() + " II " + r.ii() + " below MII " + mii + "; " + ctx);
        var v = Verifier.verify(r.schedule());
        assertTrue(v.isEmpty(), r.algorithm() + " schedule invalid: " + v + "; " + ctx);
    }

    @Test
    void generatedLoopsContainEveryShape() {
        int chains = 0;
        int unrolled = 0;
        int memory = 0;
        int ivs = 0;
        int multiArc = 0;
        long flowArcs = 0;
        long reused = 0;
        long nodes = 0;
        long bothSided = 0;
        List<Loop> loops = loops();
        for (int i = 0; i < loops.size(); i++) {
            Loop loop = loops.get(i);
            String ctx = context(i, loop);
            List<Integer> st = stores(loop);
            int br = opOn(loop, "bpu");
            assertTrue(br >= 0, "no loop branch; " + ctx);
            for (int s : st) { // shape 1: every store is ordered before the branch
                assertTrue(has(loop, s, br, DependenceKind.OUTPUT, 0, 0), "store without output arc to the branch; " + ctx);
            }
            chains += storeChain(loop, st) ? 1 : 0;
            unrolled += st.size() >= 4 ? 1 : 0;
            memory += memoryTrueArc(loop, st) ? 1 : 0;
            ivs += inductionVariable(loop) ? 1 : 0;
            multiArc += multiArcCircuits(loop).isEmpty() ? 0 : 1;
            for (Dependence d : loop.dependences()) { // shape 3: register reuse
                if (d.kind() == DependenceKind.FLOW && d.distance() == 0) {
                    flowArcs++;
                    reused += has(loop, d.to(), d.from(), DependenceKind.ANTI, 0, 1) ? 1 : 0;
                }
            }
            for (int v = 0; v < loop.size(); v++) {
                nodes++;
                bothSided += neighbours(loop, v, true) && neighbours(loop, v, false) ? 1 : 0;
            }
        }
        System.out.printf(Locale.ROOT, "shapes in %d compiler-like loops: store chains %d (4+ stores %d), store->load "
                + "memory arcs %d, induction variables %d, multi-arc recurrences %d; reuse anti arcs on %d of %d flow "
                + "arcs; %d of %d nodes with both predecessors and successors%n", LOOPS, chains, unrolled, memory, ivs,
                multiArc, reused, flowArcs, bothSided, nodes);
        assertTrue(chains >= LOOPS / 2, "store chains in only " + chains);
        assertTrue(unrolled >= LOOPS / 3, "unrolled (4+ stores) only " + unrolled);
        assertTrue(memory >= LOOPS / 5, "store -> load memory arcs in only " + memory);
        assertEquals(LOOPS, ivs, "every loop has an induction variable");
        assertTrue(multiArc >= LOOPS / 4, "multi-arc recurrences in only " + multiArc);
        assertTrue(reused >= 0.8 * flowArcs, "reuse anti arcs on only " + reused + " of " + flowArcs);
        assertTrue(bothSided >= 0.8 * nodes, "both-sided nodes only " + bothSided + " of " + nodes);
    }

    @Test
    void recMiiTakesWholeCircuitsOfMultiArcRecurrences() {
        int checked = 0;
        int gccLow = 0;
        List<Loop> loops = loops();
        for (int i = 0; i < loops.size(); i++) {
            Loop loop = loops.get(i);
            List<int[]> circuits = multiArcCircuits(loop);
            if (circuits.isEmpty()) {
                continue;
            }
            checked++;
            String ctx = context(i, loop);
            RecMII rec = RecMII.compute(loop);
            long whole = LongestPaths.smallestFeasibleParameter(loop.graph(), e -> true, loop::latency,
                    loop::distance, 0, 100_000);
            assertEquals(bruteForceRecMII(loop, e -> true), rec.value(), "RecMII vs Floyd-Warshall; " + ctx);
            assertEquals(whole, rec.value(), "RecMII vs MinDist; " + ctx);
            // the recurrence alone (its FLOW arcs): RecMII = the largest ceil(latency / distance) over its circuits
            int best = 0;
            boolean[] inRing = new boolean[loop.size()];
            for (int[] c : flowCircuits(loop)) {
                if (sharesNode(c, circuits, loop)) {
                    best = Math.max(best, ceilRatio(loop, c));
                    for (int e : c) {
                        inRing[loop.dependence(e).from()] = true;
                    }
                }
            }
            for (int[] c : circuits) {
                assertTrue(rec.value() >= ceilRatio(loop, c), "RecMII below a multi-arc circuit; " + ctx);
            }
            Loop ring = flowSubLoop(loop, inRing);
            assertEquals(best, RecMII.compute(ring).value(), "RecMII of the recurrence vs its circuits; " + ctx);
            assertEquals(best, bruteForceRecMII(ring, e -> true), ctx);
            if (gccRecMII(ring) < best) {
                gccLow++;
            }
        }
        System.out.printf(Locale.ROOT, "%d loops with multi-arc recurrences; GCC's one-back-arc bound is below the "
                + "circuit RecMII on %d of their recurrences%n", checked, gccLow);
        assertTrue(checked >= LOOPS / 4, "only " + checked + " loops with multi-arc recurrences");
        assertTrue(gccLow >= checked / 2, "the one-back-arc bound misses only " + gccLow + " of " + checked);
    }

    // ---- shape detectors (structure only, independent of the generator's names) ----

    private static String unit(Loop loop, int v) {
        return loop.machine().resource(loop.op(v).resource()).name();
    }

    private static int opOn(Loop loop, String unit) {
        for (Operation o : loop.operations()) {
            if (unit(loop, o.index()).equals(unit)) {
                return o.index();
            }
        }
        return -1;
    }

    private static List<Integer> stores(Loop loop) {
        List<Integer> out = new ArrayList<>();
        for (Operation o : loop.operations()) {
            if (unit(loop, o.index()).equals("lsu")) {
                out.add(o.index());
            }
        }
        return out;
    }

    private static boolean has(Loop loop, int from, int to, DependenceKind kind, int latency, int distance) {
        for (int e : loop.graph().outEdges(from)) {
            Dependence d = loop.dependence(e);
            if (d.to() == to && d.kind() == kind && d.latency() == latency && d.distance() == distance) {
                return true;
            }
        }
        return false;
    }

    /** Shape 1: two stores ordered by a zero-latency OUTPUT arc forwards (distance 0) and back (distance 1). */
    private static boolean storeChain(Loop loop, List<Integer> stores) {
        for (int a : stores) {
            for (int b : stores) {
                if (a != b && has(loop, a, b, DependenceKind.OUTPUT, 0, 0) && has(loop, b, a, DependenceKind.OUTPUT, 0, 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean memoryTrueArc(Loop loop, List<Integer> stores) {
        for (int s : stores) {
            for (int e : loop.graph().outEdges(s)) {
                Dependence d = loop.dependence(e);
                if (d.kind() == DependenceKind.MEMORY && d.distance() == 1 && d.latency() == 5
                        && unit(loop, d.to()).equals("lu")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Shape 2: an FXU op with a self FLOW arc of distance 1 and FLOW arcs of distance 1 to at least two memory ops,
     * each of which has a zero-latency ANTI arc of distance 0 back to it.
     */
    private static boolean inductionVariable(Loop loop) {
        for (int v = 0; v < loop.size(); v++) {
            if (!unit(loop, v).equals("fxu") || !has(loop, v, v, DependenceKind.FLOW, 1, 1)) {
                continue;
            }
            int users = 0;
            boolean anti = true;
            for (int e : loop.graph().outEdges(v)) {
                Dependence d = loop.dependence(e);
                String u = unit(loop, d.to());
                if (d.kind() == DependenceKind.FLOW && d.distance() == 1 && (u.equals("lu") || u.equals("lsu"))) {
                    users++;
                    anti &= has(loop, d.to(), v, DependenceKind.ANTI, 0, 0);
                }
            }
            if (users >= 2 && anti) {
                return true;
            }
        }
        return false;
    }

    private static boolean neighbours(Loop loop, int v, boolean in) {
        for (int e : in ? loop.graph().inEdges(v) : loop.graph().outEdges(v)) {
            if ((in ? loop.dependence(e).from() : loop.dependence(e).to()) != v) {
                return true;
            }
        }
        return false;
    }

    // ---- recurrence oracles ----

    /** Elementary circuits of the FLOW arcs (as edge lists), by depth-first search from each lowest node. */
    private static List<int[]> flowCircuits(Loop loop) {
        List<int[]> out = new ArrayList<>();
        for (int s = 0; s < loop.size(); s++) {
            circuits(loop, s, s, new boolean[loop.size()], new ArrayList<>(), out);
        }
        return out;
    }

    private static void circuits(Loop loop, int s, int v, boolean[] onPath, List<Integer> path, List<int[]> out) {
        onPath[v] = true;
        for (int e : loop.graph().outEdges(v)) {
            Dependence d = loop.dependence(e);
            if (d.kind() != DependenceKind.FLOW || d.to() < s) {
                continue;
            }
            path.add(e);
            if (d.to() == s) {
                out.add(path.stream().mapToInt(Integer::intValue).toArray());
            } else if (!onPath[d.to()]) {
                circuits(loop, s, d.to(), onPath, path, out);
            }
            path.remove(path.size() - 1);
        }
        onPath[v] = false;
    }

    /** Shape 4: the FLOW circuits with two or more loop-carried arcs. */
    private static List<int[]> multiArcCircuits(Loop loop) {
        List<int[]> out = new ArrayList<>();
        for (int[] c : flowCircuits(loop)) {
            if (Arrays.stream(c).filter(e -> loop.distance(e) > 0).count() >= 2) {
                out.add(c);
            }
        }
        return out;
    }

    private static boolean sharesNode(int[] c, List<int[]> circuits, Loop loop) {
        for (int[] m : circuits) {
            for (int e : c) {
                for (int f : m) {
                    if (loop.dependence(e).from() == loop.dependence(f).from()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static int ceilRatio(Loop loop, int[] circuit) {
        int lat = 0;
        int dist = 0;
        for (int e : circuit) {
            lat += loop.latency(e);
            dist += loop.distance(e);
        }
        return (int) Math.ceil((double) lat / dist);
    }

    /** RecMII by brute force: binary search for the smallest II without positive cycle, Floyd-Warshall per II. */
    private static int bruteForceRecMII(Loop loop, java.util.function.IntPredicate edges) {
        int lo = 0;
        int hi = 1;
        for (Dependence d : loop.dependences()) {
            hi += Math.max(0, d.latency());
        }
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (positiveCycle(loop, mid, edges)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static boolean positiveCycle(Loop loop, int ii, java.util.function.IntPredicate edges) {
        int n = loop.size();
        long none = Long.MIN_VALUE / 4;
        long[][] w = new long[n][n];
        for (long[] row : w) {
            Arrays.fill(row, none);
        }
        for (Dependence d : loop.dependences()) {
            if (edges.test(d.index())) {
                w[d.from()][d.to()] = Math.max(w[d.from()][d.to()], d.latency() - (long) ii * d.distance());
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (w[i][k] == none) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    if (w[k][j] != none && w[i][k] + w[k][j] > w[i][j]) {
                        w[i][j] = w[i][k] + w[k][j];
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (w[i][i] > 0) {
                return true;
            }
        }
        return false;
    }

    /** The loop without the dependences {@code drop} selects (same ops and reservations). */
    private static Loop without(Loop loop, java.util.function.Predicate<Dependence> drop) {
        Loop.Builder b = Loop.builder(loop.name(), loop.machine());
        for (Operation o : loop.operations()) {
            List<Loop.Use> uses = new ArrayList<>();
            for (var u : o.reservation().uses()) {
                if (u.resource() != loop.machine().issueResource()) {
                    for (int off : u.offsets()) {
                        uses.add(new Loop.Use(loop.machine().resource(u.resource()).name(), off));
                    }
                }
            }
            b.op(o.name(), unit(loop, o.index()), o.latency(), uses, null, 0);
        }
        for (Dependence d : loop.dependences()) {
            if (!drop.test(d)) {
                b.edge(loop.op(d.from()).name(), loop.op(d.to()).name(), d.latency(), d.distance(), d.kind(), 0);
            }
        }
        return b.build();
    }

    /** The ops marked in {@code keep} with the FLOW arcs among them. */
    private static Loop flowSubLoop(Loop loop, boolean[] keep) {
        Loop.Builder b = Loop.builder(loop.name() + "_recurrence", loop.machine());
        for (Operation o : loop.operations()) {
            if (keep[o.index()]) {
                b.op(o.name(), unit(loop, o.index()), o.latency());
            }
        }
        for (Dependence d : loop.dependences()) {
            if (d.kind() == DependenceKind.FLOW && keep[d.from()] && keep[d.to()]) {
                b.edge(loop.op(d.from()).name(), loop.op(d.to()).name(), d.latency(), d.distance());
            }
        }
        return b.build();
    }

    /**
     * GCC's bound ({@code ddg.c}, set_recurrence_length): for each loop-carried arc u → v, the longest path v ⇝ u over
     * distance-0 arcs plus the arc's latency, divided by its distance (rounded up here, GCC rounds down); arcs with no
     * such path are skipped. A circuit with two loop-carried arcs has no such path, so it is never seen.
     */
    private static int gccRecMII(Loop loop) {
        long[][] zero = LongestPaths.allPairs(loop.graph(), e -> loop.distance(e) == 0, loop::latency);
        int best = 0;
        for (Dependence d : loop.dependences()) {
            if (d.distance() == 0) {
                continue;
            }
            long path = d.from() == d.to() ? 0 : zero[d.to()][d.from()];
            if (path != LongestPaths.UNREACHED) {
                best = Math.max(best, (int) Math.ceil((double) (path + d.latency()) / d.distance()));
            }
        }
        return best;
    }
}
