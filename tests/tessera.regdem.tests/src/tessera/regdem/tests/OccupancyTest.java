package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.occupancy.DemotionTargets;
import tessera.regdem.occupancy.Occupancy;
import tessera.regdem.occupancy.OccupancyCalculator;
import tessera.regdem.occupancy.PaperOccupancy;

/** Digest §5.3/§5.4 occupancy and spill-count vectors, and the architecture-parameterised calculator. */
class OccupancyTest {

    @ParameterizedTest
    @CsvSource({"32,0,256,1.0,8,REGISTERS BLOCKS", "33,0,256,0.75,6,REGISTERS", "40,0,256,0.75,6,REGISTERS",
            "48,0,256,0.5,4,REGISTERS", "56,0,192,0.5625,6,REGISTERS", "64,0,256,0.5,4,REGISTERS",
            "68,0,192,0.375,4,REGISTERS", "68,0,128,0.375,6,REGISTERS", "80,0,192,0.375,4,REGISTERS",
            "96,0,64,0.3125,10,REGISTERS", "40,0,64,0.75,24,REGISTERS", "48,4096,64,0.625,20,REGISTERS",
            "128,0,256,0.25,2,REGISTERS", "255,0,256,0.0,0,REGISTERS", "32,49152,256,0.25,2,SHARED_MEMORY",
            "32,16384,256,0.75,6,SHARED_MEMORY"})
    void paperToolFormula(int r, int s, int t, double occ, int blocks, String limiters) {
        Occupancy o = PaperOccupancy.compute(r, s, t);
        assertEquals(occ, o.occupancy(), 1e-12);
        assertEquals(blocks, o.blocksPerSM());
        for (String l : limiters.split(" ")) {
            assertTrue(o.limitedBy(Occupancy.Limiter.valueOf(l)), o.toString());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"68;0;192;14", "48;0;256;10", "40;0;128;10", "40;0;64;10", "64;0;256;",
            "37;0;256;7", "52;2048;64;6"})
    void paperSpillCounts(int r, int s, int t, String expected) {
        List<Integer> want = expected == null ? List.of() : List.of(Integer.parseInt(expected));
        assertEquals(want, DemotionTargets.paper(r, s, t));
    }

    @Test
    void cfdOnMaxwell() {
        ArchSpec a = ArchSpec.find("sm_52").orElseThrow();
        Occupancy o = OccupancyCalculator.compute(a, 68, 192, 0);
        assertEquals(0.375, o.occupancy(), 1e-12);
        assertTrue(o.limitedBy(Occupancy.Limiter.REGISTERS));
        List<DemotionTargets.Target> steps = DemotionTargets.forArch(a, 68, 0, 192);
        // NVIDIA's rule also finds the 5-block step at 64 registers; the paper tool's even-block rounding skips it
        assertEquals(6, steps.get(0).demote());
        assertEquals(0.46875, steps.get(0).occupancy().occupancy(), 1e-12);
        DemotionTargets.Target cfd = steps.get(1);
        assertEquals(14, cfd.demote());
        assertEquals(56, cfd.targetRegisters());
        assertEquals(10752, cfd.spillBytes());
        assertEquals(0.5625, cfd.occupancy().occupancy(), 1e-12);
    }

    @Test
    void otherArchitectures() {
        ArchSpec h = ArchSpec.find("sm_90").orElseThrow();
        assertEquals(0.375, OccupancyCalculator.compute(h, 68, 192, 0).occupancy(), 1e-12);
        assertEquals(1.0, OccupancyCalculator.compute(h, 32, 256, 0).occupancy(), 1e-12);
        // 1 KB reserved per block and 128 B granularity: 227 KB + 1 KB fills the 228 KB SM
        Occupancy big = OccupancyCalculator.compute(h, 32, 256, 227 * 1024);
        assertEquals(1, big.blocksPerSM());
        assertTrue(big.limitedBy(Occupancy.Limiter.SHARED_MEMORY));
        assertFalse(OccupancyCalculator.compute(h, 32, 256, 228 * 1024).error().isEmpty());
        ArchSpec t = ArchSpec.find("75").orElseThrow();
        assertEquals(1.0, OccupancyCalculator.compute(t, 64, 256, 0).occupancy(), 1e-12, "1024 threads/SM on Turing");
        assertEquals(16, OccupancyCalculator.compute(t, 16, 32, 0).blocksPerSM());
        assertFalse(OccupancyCalculator.compute(h, 256, 128, 0).error().isEmpty());
        assertEquals(ArchSpec.find("sm_90a").orElseThrow(), h);
        // smem granularity on Maxwell: 100 B round to 256 B
        assertEquals(98304 / 256, OccupancyCalculator.compute(ArchSpec.sm52(), 8, 32, 100).limitBySharedMemory());
    }

    @Test
    void occupancyNeverRisesWithMoreRegistersOrSharedMemory() {
        long seed = 52;
        Random r = new Random(seed);
        for (int i = 0; i < 3000; i++) {
            ArchSpec a = ArchSpec.ALL.get(r.nextInt(ArchSpec.ALL.size()));
            int t = 1 + r.nextInt(1024);
            int regs = 1 + r.nextInt(200);
            int smem = r.nextInt(40000);
            Occupancy o = OccupancyCalculator.compute(a, regs, t, smem);
            Occupancy more = OccupancyCalculator.compute(a, regs + 1 + r.nextInt(40), t, smem);
            Occupancy moreSmem = OccupancyCalculator.compute(a, regs, t, smem + r.nextInt(8000));
            assertTrue(more.occupancy() <= o.occupancy() + 1e-12, "seed " + seed + " " + a.name());
            assertTrue(moreSmem.occupancy() <= o.occupancy() + 1e-12, "seed " + seed + " " + a.name());
            assertTrue(o.occupancy() <= 1.0);
            // brute force: resident threads never exceed the SM's register file
            if (o.error().isEmpty()) {
                assertTrue((long) o.blocksPerSM() * o.warpsPerBlock() * ((regs * 32 + 255) / 256 * 256) <= a.regsPerSM());
                assertTrue(o.blocksPerSM() <= a.maxBlocksPerSM());
            }
        }
    }

    @Test
    void demotionStepsReachHigherOccupancyAndFit() {
        for (ArchSpec a : ArchSpec.ALL) {
            for (int regs = 33; regs <= 128; regs += 7) {
                double prev = OccupancyCalculator.compute(a, regs, 192, 0).occupancy();
                for (DemotionTargets.Target t : DemotionTargets.forArch(a, regs, 0, 192)) {
                    assertEquals(regs - t.targetRegisters() + 2, t.demote());
                    assertTrue(t.occupancy().occupancy() > prev);
                    assertTrue(t.spillBytes() <= a.maxSmemPerBlock());
                    prev = t.occupancy().occupancy();
                }
            }
        }
    }
}
