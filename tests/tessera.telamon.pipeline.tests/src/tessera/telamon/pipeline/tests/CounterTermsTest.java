package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import tessera.dspace.runtime.csp.Access;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.search.ChoiceOrder;

/**
 * Seed 001a §3.9 partial_init: after every decision of random descents of the GPU space (lowerings add dimensions,
 * instructions and quotient members), each counter's terms are those of a full rebuild on the same kernel, init's
 * enumeration: the incremental terms neither miss a new binding nor count an old one twice (an object added to the
 * set of one parameter that was already in the set of another), and each variable's list of the counters that read it
 * (what propagation recomputes) is the rebuild's.
 */
public class CounterTermsTest {
    private static int check(Kernel k, int descents, long seed) {
        Candidate root = GpuSpaceTest.root(k);
        SplittableRandom random = new SplittableRandom(seed);
        int compared = 0;
        for (int d = 0; d < descents; d++) {
            Candidate c = root.copy();
            while (true) {
                int v = ChoiceOrder.next(c);
                if (v < 0) {
                    break;
                }
                long dom = c.domain(v);
                long bit = dom;
                for (int i = random.nextInt(Long.bitCount(dom)); i > 0; i--) {
                    bit &= bit - 1;
                }
                Candidate child = c.copy();
                if (!child.restrict(v, Long.lowestOneBit(bit))) {
                    if (!c.restrict(v, dom & ~Long.lowestOneBit(bit))) {
                        break;
                    }
                    continue;
                }
                c = child;
                List<List<long[]>> kept = Access.sortedTerms(c, false), rebuilt = Access.sortedTerms(c, true);
                assertEquals(rebuilt.size(), kept.size());
                for (int cv = 0; cv < kept.size(); cv++) {
                    if (kept.get(cv) != null) {
                        String what = k.name() + ": terms of " + c.choiceOf(cv) + c.argsOf(cv) + " after deciding "
                                + c.choiceOf(v) + c.argsOf(v);
                        assertEquals(show(rebuilt.get(cv)), show(kept.get(cv)), what);
                        compared++;
                    }
                }
                List<int[]> deps = Access.counterDeps(c, false), rebuiltDeps = Access.counterDeps(c, true);
                for (int x = 0; x < deps.size(); x++) {
                    assertEquals(Arrays.toString(rebuiltDeps.get(x)), Arrays.toString(deps.get(x)),
                            k.name() + ": counters reading " + c.choiceOf(x) + c.argsOf(x) + " after deciding " + c.choiceOf(v) + c.argsOf(v));
                }
            }
        }
        return compared;
    }

    private static String show(List<long[]> terms) {
        StringBuilder sb = new StringBuilder();
        terms.forEach(t -> sb.append(Arrays.toString(t)));
        return sb.toString();
    }

    @Test
    void axpy() {
        assertTrue(check(LeafCodeTest.example("axpy", Map.of("n", 64L)), 6, 11) > 0);
    }

    @Test
    void matmul() {
        assertTrue(check(LeafCodeTest.example("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L)), 3, 12) > 0);
    }

    @Test
    void batchedMatmul() {
        assertTrue(check(LeafCodeTest.example("batched_matmul", Map.of("batch", 4L, "m", 4L, "n", 4L, "k", 4L)), 2, 13) > 0);
    }
}
