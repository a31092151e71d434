package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.space.Fixed;

/** Random descents to leaves of the GPU space: every leaf reads as an implementation whose order is a loop tree. */
class RandomLeavesTest {
    private static void leaves(Kernel k, int count) {
        Candidate root = GpuSpaceTest.root(k);
        SplittableRandom random = new SplittableRandom(18);
        int deadEnds = 0, rejected = 0;
        for (int i = 0; i < count; i++) {
            RandomDescent.Result r = RandomDescent.run(root, random);
            assertNotNull(r.leaf(), "descent " + i + " found no leaf");
            // a dead end (no valid value) restarts the descent; it needs a rejected value, a rejected value needs none
            assertEquals(r.attempts() - 1, r.deadEnds());
            assertTrue(r.rejected() >= r.deadEnds());
            if (r.deadEnds() > 0) {
                deadEnds++;
            }
            if (r.rejected() > 0) {
                rejected++;
            }
            Implementation impl = Fixed.implementation(k, r.leaf());
            assertNull(LoopTree.violation(impl), () -> String.join("\n", r.decisions()));
            assertEquals(k.dims().size(), impl.kind().size());
        }
        System.out.println(k.name() + ": " + count + " leaves, " + deadEnds + " descents met a dead end, " + rejected
                + " a rejected value");
    }

    @Test
    void table41Leaves() {
        leaves(Kernels.table41(1024), 200);
    }

    @Test
    void axpyLeaves() {
        leaves(Kernels.axpy(64, List.of(1L, 2L, 4L), List.of(1L, 2L, 4L, 8L)), 200);
    }
}
