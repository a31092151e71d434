package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.demote.SharedLayout;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.occupancy.DemotionTargets;
import tessera.regdem.occupancy.Occupancy;
import tessera.regdem.occupancy.OccupancyCalculator;

/**
 * Occupancy versus registers per thread for one architecture, block size and static shared memory (seed 004 §2,
 * NVIDIA calculator rule of {@link OccupancyCalculator}). {@code plain[r]} is the occupancy with r registers;
 * {@code withSpill[r]} (r below the kernel's count R) adds the k·n·4 bytes the demotion of k = R − r + 2 registers
 * needs (digest P14), which is what RegDem can actually reach. A cliff is a register count r whose occupancy is
 * higher than that of r + 1: the last count before occupancy drops.
 */
public record OccupancyCurve(ArchSpec arch, int threads, int staticSmem, int registers, double[] plain,
        double[] withSpill, List<Integer> cliffs, List<DemotionTargets.Target> targets) {

    public int maxRegisters() {
        return arch.maxRegsPerThread();
    }

    public static OccupancyCurve of(ArchSpec a, int threads, int smem, int registers) {
        int max = a.maxRegsPerThread();
        double[] plain = new double[max + 1];
        double[] spill = new double[max + 1];
        for (int r = 0; r <= max; r++) {
            Occupancy o = OccupancyCalculator.compute(a, r, threads, smem);
            plain[r] = o.error().isEmpty() ? o.occupancy() : 0;
            spill[r] = Double.NaN;
            if (r >= 1 && r < registers) {
                long bytes = smem + SharedLayout.bytes(registers - r + 2, threads);
                Occupancy s = bytes <= a.maxSmemPerBlock()
                        ? OccupancyCalculator.compute(a, r, threads, (int) bytes) : null;
                spill[r] = s != null && s.error().isEmpty() ? s.occupancy() : 0;
            }
        }
        List<Integer> cliffs = new ArrayList<>();
        for (int r = 1; r < max; r++) {
            if (plain[r] > plain[r + 1] + 1e-12) {
                cliffs.add(r);
            }
        }
        return new OccupancyCurve(a, threads, smem, registers, plain, spill, List.copyOf(cliffs),
                DemotionTargets.forArch(a, registers, smem, threads));
    }
}
