package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.oracle.SatOracle;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.search.ChoiceOrder;

/**
 * SAT4J, an exact oracle independent of the propagators, agrees with propagation along random descents of the GPU
 * space: every dead end (a value propagation rejects) has no solution, every leaf is a solution.
 */
public class SoundnessTest {
    /** Random descents like RandomDescent's, checking each rejected value and each leaf with the oracle. */
    public static int[] check(Kernel k, int descents, long seed) {
        Candidate root = GpuSpaceTest.root(k);
        SatOracle oracle = SatOracle.of(root);
        SplittableRandom random = new SplittableRandom(seed);
        int deadEnds = 0, leaves = 0;
        for (int d = 0; d < descents; d++) {
            Candidate c = root.copy();
            while (c != null) {
                int v = ChoiceOrder.next(c);
                if (v < 0) {
                    assertTrue(oracle.accepts(c, deadline()), () -> "SAT4J rejects a leaf of the runtime");
                    leaves++;
                    break;
                }
                long dom = c.domain(v);
                int pick = random.nextInt(Long.bitCount(dom));
                long bit = dom;
                for (int i = 0; i < pick; i++) {
                    bit &= bit - 1;
                }
                bit = Long.lowestOneBit(bit);
                Candidate child = c.copy();
                if (child.restrict(v, bit)) {
                    c = child;
                    continue;
                }
                deadEnds++;
                String what = c.choiceOf(v) + c.argsOf(v) + "=" + c.describe(v, bit);
                assertFalse(oracle.consistent(c, v, bit, deadline()), () -> "propagation rejected " + what
                        + " but SAT4J finds a solution: " + child.failure());
                c = c.restrict(v, dom & ~bit) ? c : null;
            }
        }
        System.out.println(k.name() + ": " + descents + " descents, " + leaves + " leaves accepted by SAT4J, " + deadEnds
                + " dead ends confirmed");
        return new int[] { leaves, deadEnds };
    }

    private static Deadline deadline() {
        return Deadline.after(Duration.ofSeconds(60));
    }

    @Test
    void axpy64() {
        int[] r = check(LeafCodeTest.example("axpy", Map.of("n", 64L)), 20, 7);
        assertTrue(r[0] > 0);
    }

    @Test
    void matmul8x8x4() {
        int[] r = check(LeafCodeTest.example("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L)), 4, 8);
        assertTrue(r[0] > 0);
    }
}
