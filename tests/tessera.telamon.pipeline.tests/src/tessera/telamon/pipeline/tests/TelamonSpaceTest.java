package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.space.TelamonSpace;

/** Telamon's own GPU space instantiated on our kernels by tessera.telamon.space.TelamonQueries. */
class TelamonSpaceTest {
    /** The eight example kernels, shrunk where their sizes make the space large. */
    static final Map<String, Map<String, Long>> EXAMPLES = new java.util.LinkedHashMap<>();
    static {
        EXAMPLES.put("scal", Map.of("n", 64L));
        EXAMPLES.put("axpy", Map.of("n", 64L));
        EXAMPLES.put("outer_product", Map.of("m", 8L, "n", 8L));
        EXAMPLES.put("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L));
        EXAMPLES.put("matmul_1024", Map.of("m", 8L, "n", 8L, "k", 4L));
        EXAMPLES.put("strided_matmul", Map.of("m", 8L, "n", 8L, "k", 4L));
        EXAMPLES.put("batched_matmul", Map.of("batch", 4L, "m", 4L, "n", 4L, "k", 4L));
        EXAMPLES.put("reuse_matmul", Map.of("batch", 4L, "m", 4L, "n", 4L, "k", 4L));
    }

    @Test
    void instantiatesOnTheExampleKernels() {
        for (Map.Entry<String, Map<String, Long>> e : EXAMPLES.entrySet()) {
            Kernel k = TelamonSpaces.example(e.getKey(), e.getValue());
            long t0 = System.nanoTime();
            TelamonSpace s = TelamonSpaces.space(k);
            Candidate root = s.root();
            System.out.println(e.getKey() + ": " + root.variableCount() + " variables, " + root.openVariables().size()
                    + " open, " + (System.nanoTime() - t0) / 1_000_000 + " ms" + (root.failed() ? " FAILED " + root.failure() : ""));
            assertFalse(root.failed(), () -> e.getKey() + ": " + root.failure());
        }
    }

    /** Random descents in Telamon's choice order reach fixed leaves; prints Table 4.3's dead-end measure. */
    static int[] descents(String name, Kernel k, int count) {
        TelamonSpace s = TelamonSpaces.space(k);
        SplittableRandom random = new SplittableRandom(7);
        int withDeadEnds = 0, deadEnds = 0, lowered = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            TelamonSpace.Descent d = s.descend(random, 10_000);
            assertNotNull(d.leaf(), name + ": descent " + i + " found no leaf");
            assertTrue(d.leaf().isFixed() && !d.leaf().failed());
            withDeadEnds += d.deadEnds() > 0 ? 1 : 0;
            deadEnds += d.deadEnds();
            lowered += d.leaf().objectsOf("MemoryRegions", null).isEmpty() ? 0 : 1;
        }
        System.out.printf("%s: %d leaves, %d descents met a dead end (%d dead ends in all), %d leaves"
                + " lowered through memory, %d ms%n", name, count, withDeadEnds, deadEnds, lowered,
                (System.nanoTime() - t0) / 1_000_000);
        return new int[] { withDeadEnds, deadEnds, lowered };
    }

    @Test
    void randomDescentsReachLeaves() {
        descents("scal", TelamonSpaces.example("scal", Map.of("n", 64L)), 100);
        descents("axpy", TelamonSpaces.example("axpy", Map.of("n", 64L)), 10);
        descents("matmul_256", TelamonSpaces.example("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L)), 2);
    }
}
