package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import tessera.telamon.pipeline.DecisionList;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.space.Device;
import tessera.testing.Fixtures;

/**
 * Seed 001 §5.3–5.4 (digest 001b §3.3): Telamon's six {@code partial_bound_*} cases (src/model/cuda_tests.rs, each
 * committed as a failing test right before the model fix it caught) re-derived in the kernel language. For each case
 * a partial candidate P, Telamon's one-step refinement S and a leaf completing S (data/partial_bound/pbK.*): the
 * bound B and the GPU-level usage of the case's resource (eq. 5.16, L = ∅) never decrease along P ⊇ S ⊇ leaf, for
 * both orderings and both built-in GPUs, and the resource is used at all by the leaf (the case is not vacuous).
 */
class PartialBoundTest {
    private static final Path DATA = Path.of("tests/tessera.telamon.pipeline.tests/data/partial_bound");
    private static final double TOLERANCE = 1e-9;
    private static final List<String> GPUS = List.of("hopper", "kepler");

    /** P, S and the leaf of one case, with the kernel they are candidates of. */
    private record Chain(String name, Kernel kernel, Candidate partial, Candidate step, Candidate leaf) {
        List<String> stages() {
            return List.of("P", "S", "leaf");
        }

        List<Candidate> candidates() {
            return List.of(partial, step, leaf);
        }
    }

    /**
     * Telamon partial_bound_0 (fix 6616a2e5f "predicated dims and waste ratio"): a store in a thread dimension z
     * ordered after x ⊃ y; S maps z outside x, so the store runs predicated on the 16 threads of x × y. Its L1 sector
     * usage (Telamon's mem_units, our MEM) must not drop when the thread classes and the warp waste become known.
     */
    @Test
    void storePredicatedOnUnmappedThreadsKeepsMemUsageMonotone() throws IOException {
        check(chain("pb0"), Hardware.Resource.MEM);
    }

    /**
     * Telamon partial_bound_1 (fix 711778296, global_coalescing counted predicated lanes): a store in a dimension z
     * whose kind is open; S makes it a thread dimension (mapped to x). The store's lines must be the minimum over
     * dim_kind(z). Telamon's resource 5 became l2_lines_read in 94d3d1967, vacuous for a store-only kernel: we check
     * the L2 lines of the store (the kernel's only memory access), which is what the case was written for.
     */
    @Test
    void storeOfOpenDimKindCountsL2LinesAsMinimumOverKinds() throws IOException {
        check(chain("pb1"), Hardware.Resource.L2_LINES);
    }

    /**
     * Telamon partial_bound_2 (fix cf26aa94c "fix the global num of block in the model"): GEMV with m = n = 8192,
     * S makes the outer m tile a BLOCK dimension. The whole bound (eq. 5.27 at level 2: the number of blocks is the
     * minimum over the statements' classes) must not drop. Telamon asserted only the bound; so does this case, with
     * the issue slots as the usage that must be there.
     */
    @Test
    void blockDimensionOnGemvKeepsTheWholeBoundMonotone() throws IOException {
        check(chain("pb2"), Hardware.Resource.ISSUE);
    }

    /**
     * Telamon partial_bound_3 (fix d12e9c38b "fix cuda memory model"): a load replicated on two thread classes that
     * it is not nested in; S puts n_i0 inside m_a0. Its L1 lines (Telamon's l1_lines_from_l2) are the minimum over
     * the warp layouts the open thread mappings allow, never above the fixed one.
     */
    @Test
    void loadUnderOpenThreadMappingKeepsL1LinesMonotone() throws IOException {
        check(chain("pb3"), Hardware.Resource.L1_LINES);
    }

    /**
     * Telamon partial_bound_4 (fix ae72316d6 "fix memory model"): a load of A[25][26][32] in thread dimensions of 25
     * and 26 (a warp spans more than one row), S fixes i inside j. The sectors per warp (mem_units, our MEM),
     * enumerated over the 32 lanes, must not drop.
     */
    @Test
    void threadSizesNotDividingAWarpKeepMemUsageMonotone() throws IOException {
        check(chain("pb4"), Hardware.Resource.MEM);
    }

    /**
     * Telamon partial_bound_5 (fix f2f794a7a "fix cuda mem model"): a load in i (13, kind open) replicated on the 26
     * threads of t; S unrolls i. While i may be a thread dimension, its lanes may or may not share the warp with t's:
     * the L1 lines must be the minimum over both, never above the unrolled case.
     */
    @Test
    void maybeThreadDimensionInAPartialWarpKeepsL1LinesMonotone() throws IOException {
        check(chain("pb5"), Hardware.Resource.L1_LINES);
    }

    private static Chain chain(String name) throws IOException {
        Path dir = Fixtures.root().resolve(DATA);
        Path file = dir.resolve(name + ".kernel");
        KernelLoader.Result loaded = KernelLoader.loadText(file.toString(), Files.readString(file), Map.of());
        assertTrue(loaded.ok(), name + ": " + loaded.diagnostics().list());
        Diagnostics diags = new Diagnostics();
        Candidate root = GpuSpace.root(loaded.kernel(), Device.of("sm_90"), diags, Monitor.NULL);
        assertNotNull(root, name + ": " + diags.list());
        Candidate p = apply(root, dir, name + ".partial.decisions", false);
        Candidate s = apply(root, dir, name + ".step.decisions", false);
        Candidate leaf = apply(root, dir, name + ".full.decisions", true);
        return new Chain(name, loaded.kernel(), p, s, leaf);
    }

    private static Candidate apply(Candidate root, Path dir, String list, boolean fixed) throws IOException {
        Path file = dir.resolve(list);
        Diagnostics diags = new Diagnostics();
        List<DecisionList.Decision> decisions = DecisionList.parse(file.toString(), Files.readString(file), diags);
        Candidate c = DecisionList.apply(root, file.toString(), decisions, fixed, diags);
        assertEquals(List.of(), diags.list(), list);
        assertNotNull(c, list);
        return c;
    }

    /** B and U_r along P, S, leaf for both orderings and both GPUs; every failure is collected, with the trees. */
    private static void check(Chain chain, Hardware.Resource r) {
        List<String> failures = new ArrayList<>();
        for (String gpu : GPUS) {
            Hardware hw = Hardware.builtIn(gpu);
            for (LowerBound.Ordering ordering : LowerBound.Ordering.values()) {
                String at = chain.name() + " " + gpu + " " + ordering;
                List<LowerBound.Bound> bounds = new ArrayList<>();
                List<Double> usages = new ArrayList<>();
                for (Candidate c : chain.candidates()) {
                    bounds.add(LowerBound.of(chain.kernel(), c, hw, ordering));
                    usages.add(LowerBound.kernelUsage(Domains.of(chain.kernel(), c), hw, ordering, r));
                }
                for (int i = 0; i + 1 < bounds.size(); i++) {
                    String pair = chain.stages().get(i) + " ≤ " + chain.stages().get(i + 1);
                    double lo = bounds.get(i).cycles(), hi = bounds.get(i + 1).cycles();
                    if (!atMost(lo, hi)) {
                        failures.add(at + ": B(" + pair + ") fails: " + lo + " > " + hi + " cycles\n--- "
                                + chain.stages().get(i) + ":\n" + bounds.get(i).why().render() + "--- "
                                + chain.stages().get(i + 1) + ":\n" + bounds.get(i + 1).why().render());
                    }
                    if (!atMost(usages.get(i), usages.get(i + 1))) {
                        failures.add(at + ": U_" + r.label() + "(" + pair + ") fails: " + usages.get(i) + " > "
                                + usages.get(i + 1) + "\n--- " + chain.stages().get(i) + ":\n"
                                + bounds.get(i).why().render() + "--- " + chain.stages().get(i + 1) + ":\n"
                                + bounds.get(i + 1).why().render());
                    }
                }
                if (!(usages.get(2) > 0) || !(bounds.get(2).cycles() > 0)) {
                    failures.add(at + ": vacuous: U_" + r.label() + "(leaf) = " + usages.get(2) + ", B(leaf) = "
                            + bounds.get(2).cycles());
                }
                System.out.println(at + ": B = " + cycles(bounds) + " cycles, U_" + r.label() + " = " + usages);
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " failure(s):\n" + String.join("\n", failures));
        }
    }

    private static List<Double> cycles(List<LowerBound.Bound> bounds) {
        return bounds.stream().map(LowerBound.Bound::cycles).toList();
    }

    private static boolean atMost(double lo, double hi) {
        return lo <= hi + TOLERANCE * Math.max(Math.abs(lo), Math.abs(hi));
    }
}
