package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.space.Device;

/** Tessera's GPU space (seed 001 §4.3) on small kernels: the thesis's worked examples. */
class GpuSpaceTest {
    static Candidate root(tessera.telamon.kernel.Kernel k) {
        Diagnostics d = new Diagnostics();
        Candidate c = GpuSpace.root(k, Device.of("sm_80"), d);
        assertNotNull(c, d::toString);
        return c;
    }

    /** Table 4.1: exactly 13 valid (size(d1), size(d2)) pairs; 8 leaves dom(d2) once size(d1) ∈ {4, 8}. */
    @Test
    void table41HasThirteenValidTilings() {
        Candidate root = root(Kernels.table41(1024));
        List<String> valid = new ArrayList<>();
        for (String a : List.of("1", "2", "4", "8")) {
            for (String b : List.of("1", "2", "4", "8")) {
                Candidate c = root.copy();
                if (c.decide("size", List.of("d1"), List.of(a)) && c.decide("size", List.of("d2"), List.of(b)) && !c.failed()) {
                    valid.add("(" + a + "," + b + ")");
                }
            }
        }
        assertEquals(List.of("(1,1)", "(1,2)", "(1,4)", "(1,8)", "(2,1)", "(2,2)", "(2,4)", "(2,8)", "(4,1)", "(4,2)", "(4,4)",
                "(8,1)", "(8,2)"), valid);
        Candidate c = root.copy();
        assertTrue(c.decide("size", List.of("d1"), List.of("4")));
        assertEquals(List.of("1", "2", "4"), c.values(c.variable("size", List.of("d2"))));
    }

    @Test
    void axpyInstantiates() {
        Candidate root = root(Kernels.axpy(64, List.of(1L, 2L, 4L), List.of(1L, 2L, 4L, 8L)));
        assertTrue(root.variableCount() > 100, "" + root.variableCount());
    }
}
