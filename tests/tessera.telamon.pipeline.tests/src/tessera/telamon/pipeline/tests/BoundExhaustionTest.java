package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.kernel.KernelLoader;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.model.Domains;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.search.ChoiceOrder;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.space.Device;

/**
 * Seed 001 §5.1, eq. 5.1 (digest 001b §3.3): soundness of the lower bound by exhaustion. The complete search trees
 * of four small kernels on the sm_90 space (choices in {@link ChoiceOrder}'s fixed group order, one child per value
 * propagation accepts, down to fixed leaves; 13,350 nodes together) are walked, and at every node, for both
 * built-in GPUs and both orderings, B(parent) ≤ B(child) and B(c) ≤ min over the leaves below c of B(leaf), with a
 * relative tolerance of 1e-9 (a ≤ b·(1 + 1e-9); every bound must be finite and ≥ 0).
 */
public class BoundExhaustionTest {
    /** The stated relative tolerance of every comparison. */
    static final double TOLERANCE = 1e-9;
    /** The trees together must have at least this many nodes (the acceptance). */
    static final long MIN_NODES = 10_000;
    /** A guard: a tree larger than this is a change of the space, not something to walk for minutes. */
    static final long MAX_NODES_PER_TREE = 40_000;
    /** Violations listed in full in a failure message, per kernel: the first of each kind. */
    static final int SHOWN = 4;

    /** A reduction: a load mapped point-to-point into an add carried along r, initialised by a mov 0. */
    static final String SUM = """
            kernel sum
              size n = 4
              array X: f32[n]
              dim d[n]
              x = load X[d] in d
              acc0: f32 = mov 0
              dim r same as d
              acc = add x[d -> r], reduce acc0 over r in r
            end
            """;

    /** A load, an operation in the same nest and a store in its own nest, mapped point-to-point. */
    static final String SCALE = """
            kernel scale
              size n = 8
              array X: f32[n]
              array Y: f32[n]
              dim d_x[n]
              x = load X[d_x] in d_x
              y = mul x, 2.0 in d_x
              dim d_s same as d_x
              store y[d_x -> d_s] -> Y[d_s] in d_s
            end
            """;

    /** One configuration of the model: a built-in GPU and an ordering. */
    record Config(String gpu, Hardware hw, LowerBound.Ordering ordering) {
        @Override
        public String toString() {
            return gpu + " " + ordering;
        }
    }

    static final List<Config> CONFIGS = configs();

    private static List<Config> configs() {
        List<Config> r = new ArrayList<>();
        for (String gpu : List.of("hopper", "kepler")) {
            Hardware hw = Hardware.builtIn(gpu);
            for (LowerBound.Ordering o : LowerBound.Ordering.values()) {
                r.add(new Config(gpu, hw, o));
            }
        }
        return List.copyOf(r);
    }

    /** A leaf's decisions from the root and its bound in one configuration. */
    record Leaf(List<String> decisions, LowerBound.Bound bound) {
    }

    /** One complete tree: its node and leaf counts, its leaves' bound range per configuration, its violations. */
    static final class Tree {
        final String name;
        final Kernel kernel;
        long nodes, leaves, violations;
        final double[] leafMin = new double[CONFIGS.size()], leafMax = new double[CONFIGS.size()];
        final List<String> shown = new ArrayList<>();
        /** Violations counted by configuration, check and (for B(parent) ≤ B(child)) the deciding choice. */
        final Map<String, Long> byKind = new java.util.TreeMap<>();
        private final Deque<String> path = new ArrayDeque<>();

        Tree(String name, Kernel kernel) {
            this.name = name;
            this.kernel = kernel;
            java.util.Arrays.fill(leafMin, Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(leafMax, Double.NEGATIVE_INFINITY);
        }

        void walk() {
            Diagnostics d = new Diagnostics();
            Candidate root = GpuSpace.root(kernel, Device.of("sm_90"), d, Monitor.NULL);
            assertNotNull(root, () -> name + ": " + d);
            visit(root, bounds(root));
        }

        private LowerBound.Bound[] bounds(Candidate c) {
            Domains m = Domains.of(kernel, c);
            LowerBound.Bound[] b = new LowerBound.Bound[CONFIGS.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = LowerBound.of(m, CONFIGS.get(i).hw(), CONFIGS.get(i).ordering());
                double v = b[i].cycles();
                if (!(v >= 0) || Double.isInfinite(v)) {
                    violation(CONFIGS.get(i) + " B not finite ≥ 0", CONFIGS.get(i) + ": B = " + v
                            + " is not a finite non-negative number of cycles\n"
                            + decisions("  decisions from the root:", List.copyOf(path)) + explanation("B", b[i]));
                }
            }
            return b;
        }

        /** Walks the subtree of c (bounds b); returns, per configuration, the leaf below c with the least bound. */
        private Leaf[] visit(Candidate c, LowerBound.Bound[] b) {
            nodes++;
            if (nodes > MAX_NODES_PER_TREE) {
                fail(name + ": the tree has more than " + MAX_NODES_PER_TREE + " nodes; choose a smaller kernel");
            }
            Leaf[] best = new Leaf[CONFIGS.size()];
            int v = ChoiceOrder.next(c);
            if (v < 0) {
                leaves++;
                List<String> decisions = List.copyOf(path);
                for (int i = 0; i < best.length; i++) {
                    best[i] = new Leaf(decisions, b[i]);
                    leafMin[i] = Math.min(leafMin[i], b[i].cycles());
                    leafMax[i] = Math.max(leafMax[i], b[i].cycles());
                }
                return best;
            }
            long dom = c.domain(v);
            for (long rest = dom; rest != 0; rest &= rest - 1) {
                long bit = Long.lowestOneBit(rest);
                Candidate child = c.copy();
                if (!child.restrict(v, bit) || child.failed()) {
                    continue; // a value propagation rejects: not a node
                }
                List<String> parentPath = List.copyOf(path);
                path.addLast(RandomDescent.describe(c, v, bit));
                LowerBound.Bound[] cb = bounds(child);
                for (int i = 0; i < cb.length; i++) {
                    if (!leq(b[i].cycles(), cb[i].cycles())) {
                        violation(CONFIGS.get(i) + " B(parent) > B(child) deciding " + c.choiceOf(v),
                                CONFIGS.get(i) + ": B(parent) = " + cycles(b[i]) + " > B(child) = " + cycles(cb[i])
                                + "\n" + decisions("  parent, decisions from the root:", parentPath)
                                + "  child: the parent and " + path.getLast() + "\n" + explanation("B(parent)", b[i])
                                + explanation("B(child)", cb[i]));
                    }
                }
                Leaf[] below = visit(child, cb);
                path.removeLast();
                for (int i = 0; i < best.length; i++) {
                    if (below[i] != null && (best[i] == null || below[i].bound().cycles() < best[i].bound().cycles())) {
                        best[i] = below[i];
                    }
                }
            }
            for (int i = 0; i < best.length; i++) {
                if (best[i] != null && !leq(b[i].cycles(), best[i].bound().cycles())) {
                    List<String> here = List.copyOf(path);
                    violation(CONFIGS.get(i) + " B(node) > B(leaf)", CONFIGS.get(i) + ": B(node) = " + cycles(b[i])
                            + " > B(leaf) = "
                            + cycles(best[i].bound()) + " for a leaf below it\n"
                            + decisions("  node, decisions from the root:", here)
                            + decisions("  leaf, the node's decisions and:",
                                    best[i].decisions().subList(here.size(), best[i].decisions().size()))
                            + explanation("B(node)", b[i]) + explanation("B(leaf)", best[i].bound()));
                }
            }
            return best;
        }

        private void violation(String kind, String what) {
            violations++;
            if (byKind.merge(name + ", " + kind, 1L, Long::sum) == 1 && shown.size() < SHOWN) {
                shown.add("kernel " + name + ", " + what);
            }
        }
    }

    /** a ≤ b with the stated relative tolerance (false for NaN). */
    static boolean leq(double a, double b) {
        return a <= b * (1 + TOLERANCE);
    }

    static String cycles(LowerBound.Bound b) {
        return String.format(Locale.ROOT, "%.9g cycles", b.cycles());
    }

    static String decisions(String title, List<String> ds) {
        StringBuilder sb = new StringBuilder(title).append(ds.isEmpty() ? " (none)\n" : "\n");
        for (String d : ds) {
            sb.append("    ").append(d).append('\n');
        }
        return sb.toString();
    }

    static String explanation(String title, LowerBound.Bound b) {
        return "  " + title + " explanation:\n" + b.why().render().indent(4);
    }

    private static List<Tree> trees;

    /** The four trees, walked once: scal (Table 4.1, n = 4), outer product 4×4, scale (3 statements), sum. */
    static synchronized List<Tree> trees() {
        if (trees != null) {
            return trees;
        }
        List<Tree> r = List.of(new Tree("scal n=4", LeafCodeTest.example("scal", Map.of("n", 4L))),
                new Tree("outer_product 4x4", LeafCodeTest.example("outer_product", Map.of("m", 4L, "n", 4L))),
                new Tree("scale n=8", load("scale", SCALE)), new Tree("sum n=4", load("sum", SUM)));
        for (Tree t : r) {
            long start = System.nanoTime();
            t.walk();
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "bound exhaustion: %s: %d nodes, %d leaves, %d violations, %.1f s; leaf bounds (cycles):", t.name,
                    t.nodes, t.leaves, t.violations, (System.nanoTime() - start) / 1e9));
            for (int i = 0; i < CONFIGS.size(); i++) {
                sb.append(String.format(Locale.ROOT, " %s [%.1f, %.1f]", CONFIGS.get(i), t.leafMin[i], t.leafMax[i]));
            }
            System.out.println(sb);
        }
        trees = r;
        return r;
    }

    private static Kernel load(String name, String text) {
        KernelLoader.Result r = KernelLoader.loadText(name + ".kernel", text, Map.of());
        assertEquals(List.of(), r.diagnostics().list());
        return r.kernel();
    }

    private static String counts(List<Tree> ts) {
        return String.join(", ", ts.stream().map(t -> t.name + ": " + t.nodes + " nodes, " + t.leaves + " leaves")
                .toList());
    }

    @Test
    void treesHaveTenThousandNodes() {
        List<Tree> ts = trees();
        long total = ts.stream().mapToLong(t -> t.nodes).sum();
        assertTrue(total >= MIN_NODES, () -> total + " nodes < " + MIN_NODES + " (" + counts(ts) + ")");
        for (Tree t : ts) {
            assertTrue(t.leaves > 1, () -> t.name + " has " + t.leaves + " leaves");
        }
    }

    @Test
    void boundIsMonotoneAndBelowEveryLeaf() {
        List<Tree> ts = trees();
        long total = ts.stream().mapToLong(t -> t.violations).sum();
        if (total > 0) {
            List<String> shown = new ArrayList<>();
            ts.forEach(t -> shown.addAll(t.shown));
            Map<String, Long> byKind = new java.util.LinkedHashMap<>();
            ts.forEach(t -> byKind.putAll(t.byKind));
            StringBuilder kinds = new StringBuilder();
            byKind.forEach((k, n) -> kinds.append("  ").append(k).append(": ").append(n).append('\n'));
            fail(total + " violations of B(parent) ≤ B(child) or B(c) ≤ B(leaf) (relative tolerance " + TOLERANCE
                    + ") on " + counts(ts) + ":\n" + kinds + "the first of each kind:\n\n"
                    + String.join("\n", shown));
        }
    }

    @Test
    void leafBoundsAreNotConstant() {
        for (Tree t : trees()) {
            for (int i = 0; i < CONFIGS.size(); i++) {
                int c = i;
                assertTrue(t.leafMax[i] > 2 * t.leafMin[i], () -> t.name + ", " + CONFIGS.get(c)
                        + ": the leaves' bounds span [" + t.leafMin[c] + ", " + t.leafMax[c] + "] cycles, not more "
                        + "than a factor 2 (" + t.nodes + " nodes, " + t.leaves + " leaves)");
            }
        }
    }
}
