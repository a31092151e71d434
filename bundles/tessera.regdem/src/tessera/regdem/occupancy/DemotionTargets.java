package tessera.regdem.occupancy;

import java.util.ArrayList;
import java.util.List;

/**
 * The "automatic utility" choosing how many registers to demote so that each next occupancy cliff is reached and
 * the spills fit in shared memory (seed §3; digest §3.3). k = R − R_target + 2 (RDA and RDV are added).
 */
public final class DemotionTargets {
    private DemotionTargets() {
    }

    /** One reachable occupancy step: register target, registers to demote, the occupancy there (spill smem included). */
    public record Target(int targetRegisters, int demote, int spillBytes, Occupancy occupancy) {
    }

    /**
     * Architecture-parameterised: every register count below R whose occupancy (with k·n·4 bytes of spill shared
     * memory added) is strictly higher than all larger counts, until another resource limits.
     */
    public static List<Target> forArch(ArchSpec a, int regs, int smem, int threads) {
        List<Target> out = new ArrayList<>();
        Occupancy base = OccupancyCalculator.compute(a, regs, threads, smem);
        if (!base.error().isEmpty() || !base.limitedBy(Occupancy.Limiter.REGISTERS)) {
            return out;
        }
        double best = base.occupancy();
        for (int t = regs - 1; t >= 1; t--) {
            int k = regs - t + 2;
            long bytes = (long) k * threads * 4;
            if (smem + bytes > a.maxSmemPerBlock()) {
                break;
            }
            Occupancy o = OccupancyCalculator.compute(a, t, threads, (int) (smem + bytes));
            if (o.occupancy() > best + 1e-12) {
                best = o.occupancy();
                out.add(new Target(t, k, (int) bytes, o));
                if (!o.limitedBy(Occupancy.Limiter.REGISTERS)) {
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The paper tool's {@code tune_occupancy} (digest §3.3), with its duplicate results removed (CODE quirk):
     * target +2 blocks per step, stop when another resource limits or the spill does not fit.
     */
    public static List<Integer> paper(int regs, int smem, int threads) {
        List<Integer> out = new ArrayList<>();
        Occupancy o = PaperOccupancy.compute(regs, smem, threads);
        if (!o.limitedBy(Occupancy.Limiter.REGISTERS)) {
            return out;
        }
        int targetB = o.blocksPerSM();
        int w = OccupancyCalculator.ceilDiv(OccupancyCalculator.ceilDiv(threads, 32), 2) * 2;
        for (int guard = 0; guard < 64; guard++) {
            targetB += 2;
            int regsPerBlock = PaperOccupancy.REGISTERS_PER_SM / targetB;
            int regsPerWarp = regsPerBlock / w / 256 * 256;
            int targetR = regsPerWarp / 32;
            int k = regs - targetR + 2;
            int need = k * threads * 4;
            Occupancy t = PaperOccupancy.compute(targetR, need + smem, threads);
            if (!t.limitedBy(Occupancy.Limiter.REGISTERS)) {
                break;
            }
            int avail = Math.min(PaperOccupancy.SHARED_MEM_PER_SM / targetB - smem, PaperOccupancy.SHARED_MEM_PER_BLOCK);
            if (avail < need) {
                break;
            }
            if (!out.contains(k)) {
                out.add(k);
            }
        }
        return out;
    }
}
