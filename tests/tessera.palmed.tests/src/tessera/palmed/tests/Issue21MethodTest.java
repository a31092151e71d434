package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.palmed.infer.Bench;
import tessera.palmed.infer.CoreMapping;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.LpAux;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;

/**
 * Issue 21 method changes (docs/palmed.md, "Why Zen 3 degraded"): the split budget fills LP1's R_max instead of a
 * fixed 6; LP_AUX keeps the upper corner only on a cover of the kernels' bottlenecks; the self-check also covers the
 * quadratic benchmarks Algorithm 1 measured, without running new ones.
 */
class Issue21MethodTest {
    @Test
    void theSplitBudgetFillsLp1sBoundUnlessGiven() {
        InferenceOptions o = InferenceOptions.defaults();
        assertEquals(0, o.maxSplits());
        assertEquals(27, CoreMapping.splitBudget(o, 38, 11));
        assertEquals(0, CoreMapping.splitBudget(o, 10, 12));
        assertEquals(6, CoreMapping.splitBudget(o.withMaxSplits(6), 38, 11));
    }

    @Test
    void lpAuxKeepsOnlyTheResourcesThatExplainAKernel() {
        // kernel 0 (inst alone) is saturated by r0 alone; kernel 1 (K_sat against a non-exclusive sat[r1]) by r0 and
        // r1 at once; kernel 2 by the core alone. The upper corner raises r1 to its cap, but r0 explains both kernels.
        double[][] coef = {{1, 1, 0}, {0.5, 0.5, 0}, {0.1, 0.1, 0.1}};
        double[][] cst = {{0, 0, 0}, {0.5, 0.5, 0}, {1, 0, 0}};
        double[] u = {1, 1, 0};
        assertArrayEquals(new boolean[] {true, false, false}, LpAux.minimalCover(coef, cst, u));
        // a kernel only r1 explains keeps r1 too
        double[][] coef2 = {{1, 1, 0}, {0, 1, 0}};
        double[][] cst2 = {{0, 0, 0}, {0, 0, 0}};
        assertArrayEquals(new boolean[] {true, true, false}, LpAux.minimalCover(coef2, cst2, new double[] {1, 0.9, 0}));
    }

    @Test
    void theSelfCheckSeesAWrongPairOfMappedInstructionsWithoutNewBenchmarks() {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse("pair.portmap", """
                machine pair
                ports 0 1
                A: 1*p0
                B: 1*p0
                C: 1*p1
                """, d);
        assertNotNull(pm, d.toString());
        Bench bench = new Bench(new SimulatedMachine(pm), InferenceOptions.defaults(), Monitor.NULL);
        for (String a : List.of("A", "B", "C")) {
            for (String b : List.of("A", "B", "C")) {
                bench.ipc(bench.pair(a, b));
            }
        }
        int measured = bench.count();
        // each row is right alone (IPC 1), but A and B share p0: A^1 B^1 runs at IPC 1, the rows say 2
        Map<String, Map<String, Double>> rho = Map.of("A", Map.of("R0", 1.0), "B", Map.of("R1", 1.0), "C",
                Map.of("R2", 1.0));
        LpAux.Fit a = new LpAux.Fit("A", rho.get("A"), 0, List.of(Kernel.single("A")));
        LpAux.Fit checked = LpAux.pairCheck(bench, a, List.of("A", "B", "C"), rho);
        assertEquals(1.0, checked.selfCheckError(), 1e-9);
        assertTrue(checked.suspicious(0.05));
        assertEquals(measured, bench.count(), "the pair check must not run benchmarks");
        // pairs that were never measured are not checked (and not measured)
        Bench fresh = new Bench(new SimulatedMachine(pm), InferenceOptions.defaults(), Monitor.NULL);
        assertSame(a, LpAux.pairCheck(fresh, a, List.of("A", "B", "C"), rho));
        assertEquals(0, fresh.count());
    }
}
