package tessera.telamon.model;

import java.util.BitSet;
import java.util.List;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;

/**
 * Seed 001 chapter 5 (digest 001b §3.3): the lower bound B(c) ≤ T(x) for every implementation x of candidate c, in
 * one function: the candidate's domains → local costs (5.4–5.7) → selected loop levels 𝕃_0 (5.50) → program points
 * and program order (5.28–5.32) → B_0, the longest path of G^𝒟 (5.40–5.46) → B_1, B_2 of the parallel levels (5.27).
 * Values are cycles; {@link Bound#nanoseconds} uses the hardware's clock.
 */
public final class LowerBound {
    /**
     * Which program order the single-thread bound B_0 may rely on: EMITTED, the thesis's (the code runs as emitted);
     * COMPILED, only what survives ptxas (dependencies, loop-carried chains, the whole kernel's usage).
     */
    public enum Ordering {
        EMITTED, COMPILED;

        /** The ordering a user names ({@code compiled}, {@code emitted}); null for another name. */
        public static Ordering named(String name) {
            return switch (name) {
                case "compiled" -> COMPILED;
                case "emitted" -> EMITTED;
                default -> null;
            };
        }
    }

    /** A bound with its explanation tree (Fig. 5.4). */
    public record Bound(double cycles, double nanoseconds, Explanation why) {
    }

    private LowerBound() {
    }

    public static Bound of(Kernel k, Candidate c, Hardware hw, Ordering ordering) {
        return of(Domains.of(k, c), hw, ordering);
    }

    public static Bound of(Domains m, Hardware hw, Ordering ordering) {
        return compute(m, hw, ordering).bound();
    }

    /**
     * A bound with what it was computed from, for Studio: the program points ℙ_0 (labels in a linear extension of
     * ≺), the edges of G^𝒟 (program order with a null explanation) and the critical path E_∅ → X_∅ of B_0.
     */
    public record Analysis(Bound bound, List<String> points, List<ExecutionGraph.Edge> edges,
            List<ExecutionGraph.Edge> criticalPath) {
    }

    /** Eq. 5.16 at the GPU level for the whole kernel: the usage of {@code r} by all instances of all statements. */
    public static double kernelUsage(Domains m, Hardware hw, Ordering ordering, Hardware.Resource r) {
        LocalCosts costs = LocalCosts.of(m, hw, ordering);
        return new LoopLevels(m, costs, hw, ordering).iterUsage(Hardware.LEVELS.size() - 1, new BitSet(), r);
    }

    public static Analysis analyse(Domains m, Hardware hw, Ordering ordering) {
        Computed c = compute(m, hw, ordering);
        ProgramPoints pp = c.points();
        ExecutionGraph g = c.graph();
        List<String> labels = new java.util.ArrayList<>();
        for (int p = 0; p < pp.points().size(); p++) {
            labels.add(pp.label(p));
        }
        List<ExecutionGraph.Edge> edges = new java.util.ArrayList<>(g.orderEdges());
        edges.addAll(g.graph(g.allDims()));
        List<ExecutionGraph.Edge> critical = g.criticalPath(g.allDims(), pp.entry(), pp.exit());
        return new Analysis(c.bound(), List.copyOf(labels), List.copyOf(edges),
                critical == null ? List.of() : List.copyOf(critical));
    }

    /** The bound and the program points and graph it came from (only {@link #analyse} reads the latter). */
    private record Computed(Bound bound, ProgramPoints points, ExecutionGraph graph) {
    }

    private static Computed compute(Domains m, Hardware hw, Ordering ordering) {
        LocalCosts costs = LocalCosts.of(m, hw, ordering);
        LoopLevels ll = new LoopLevels(m, costs, hw, ordering);
        ProgramPoints pp = new ProgramPoints(m, ll.select());
        ExecutionGraph g = new ExecutionGraph(ll, costs, pp, ordering);
        Explanation b = g.b0();
        ParallelLevels parallel = new ParallelLevels(ll, hw);
        for (int level = 1; level < Hardware.LEVELS.size(); level++) {
            b = parallel.bound(level, b);
        }
        return new Computed(new Bound(b.value(), b.value() / hw.clockGHz(), b), pp, g);
    }
}
