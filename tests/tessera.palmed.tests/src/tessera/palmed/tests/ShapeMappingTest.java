package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.palmed.infer.ShapeMapping;
import tessera.palmed.infer.ShapeMapping.Requirement;
import tessera.palmed.infer.ShapeMapping.Solution;

/**
 * LP1 (seed 000 Algo 3): the scalable colouring solver reaches the same optimum (fewest resources, then most edges) as
 * the direct 0/1 program solved by SAT4J (the independent oracle), on random small instances of the shape LP1 builds
 * (private-resource, shared-resource and shared-except requirements), and every requirement is satisfied.
 */
class ShapeMappingTest {
    @Test
    void colouringAgreesWithTheDirectPseudoBooleanProgram() {
        Random rnd = new Random(77);
        int compared = 0;
        for (int t = 0; t < 60; t++) {
            int n = 3 + rnd.nextInt(4);
            List<Requirement> reqs = randomRequirements(rnd, n);
            Solution fast = ShapeMapping.solveScalable(n, reqs, 2 * n + 2, Deadline.after(Duration.ofSeconds(60)));
            // R_max = k + 1 leaves the oracle room to find fewer resources (or equal ones with more edges) if k were wrong
            int rMax = fast.resources().length + 1;
            Solution direct = ShapeMapping.solveDirect(n, reqs, rMax, Deadline.after(Duration.ofSeconds(60)));
            assertTrue(fast.optimal(), "scalable LP1 not proven optimal, instance " + t);
            assertTrue(direct.optimal(), "direct LP1 not proven optimal, instance " + t);
            check(reqs, direct);
            check(reqs, fast);
            assertEquals(direct.resources().length, fast.resources().length, "resources, instance " + t + " " + reqs);
            assertEquals(direct.edges(), fast.edges(), "edges, instance " + t + " " + reqs);
            compared++;
        }
        assertEquals(60, compared);
    }

    @Test
    void contradictoryRequirementIsReported() {
        List<Requirement> reqs = List.of(new Requirement(0b011, 0b001));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ShapeMapping.solveScalable(2, reqs, 6, Deadline.after(Duration.ofSeconds(5))));
        assertTrue(e.getMessage().contains("contradictory"), e.getMessage());
    }

    @Test
    void expiredDeadlineKeepsTheIncumbentAndSaysSo() {
        Random rnd = new Random(5);
        List<Requirement> reqs = randomRequirements(rnd, 7);
        Solution s = ShapeMapping.solveScalable(7, reqs, 16, Deadline.after(Duration.ZERO));
        check(reqs, s);
        Solution exact = ShapeMapping.solveScalable(7, reqs, 16, Deadline.after(Duration.ofSeconds(60)));
        assertTrue(s.resources().length >= exact.resources().length);
    }

    static void check(List<Requirement> reqs, Solution s) {
        for (int q = 0; q < reqs.size(); q++) {
            long users = s.resources()[s.chosen()[q]];
            assertTrue(reqs.get(q).satisfiedBy(users), "requirement " + reqs.get(q) + " not met by " + users);
        }
    }

    /** Requirements shaped like LP1's: {i} private against others, shared sets, shared sets excluding others. */
    static List<Requirement> randomRequirements(Random rnd, int n) {
        List<Requirement> reqs = new ArrayList<>();
        int m = 3 + rnd.nextInt(2 * n);
        for (int q = 0; q < m; q++) {
            long all = 0;
            long none = 0;
            switch (rnd.nextInt(3)) {
            case 0 -> {
                all = 1L << rnd.nextInt(n);
                none = (rnd.nextLong() & ((1L << n) - 1)) & ~all;
            }
            case 1 -> all = rnd.nextLong() & ((1L << n) - 1);
            default -> {
                all = rnd.nextLong() & ((1L << n) - 1);
                none = rnd.nextLong() & ((1L << n) - 1) & ~all & rnd.nextLong();
            }
            }
            if (all == 0) {
                all = 1L << rnd.nextInt(n);
                none &= ~all;
            }
            reqs.add(new Requirement(all, none));
        }
        for (int i = 0; i < n; i++) {
            reqs.add(new Requirement(1L << i, 0));
        }
        return reqs;
    }
}
