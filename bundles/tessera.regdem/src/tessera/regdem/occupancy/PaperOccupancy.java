package tessera.regdem.occupancy;

import java.util.List;

/**
 * The paper tool's own Maxwell occupancy formula, kept as the "paper-faithful" mode (digest §3.2, CODE
 * tuning.py:compute_occupancy): warps per block rounded up to even, block limits rounded down to even, no shared
 * memory allocation granularity. Reproduces digest §5.3.
 */
public final class PaperOccupancy {
    public static final int WARPS_PER_SM = 64;
    public static final int REGISTERS_PER_SM = 65536;
    public static final int SHARED_MEM_PER_SM = 98304;
    public static final int SHARED_MEM_PER_BLOCK = 49152;
    public static final int REGISTER_ALLOC_UNIT = 256;
    public static final int THREAD_BLOCK_PER_SM = 32;

    private PaperOccupancy() {
    }

    public static Occupancy compute(int regs, int smem, int threads) {
        int w = OccupancyCalculator.ceilDiv(threads, 32);
        w = OccupancyCalculator.ceilDiv(w, 2) * 2;
        int byWarps = (WARPS_PER_SM / w) / 2 * 2;
        int regsPerWarp = OccupancyCalculator.roundUp(regs * 32, REGISTER_ALLOC_UNIT);
        int regsPerBlock = w * regsPerWarp;
        int byRegs = regsPerBlock == 0 ? THREAD_BLOCK_PER_SM : (REGISTERS_PER_SM / regsPerBlock) / 2 * 2;
        int bySmem = smem > 0 ? SHARED_MEM_PER_SM / smem : THREAD_BLOCK_PER_SM;
        return Occupancy.bound(w, WARPS_PER_SM, byWarps, byRegs, bySmem, List.of(Occupancy.Limiter.REGISTERS,
                Occupancy.Limiter.BLOCKS, Occupancy.Limiter.SHARED_MEMORY));
    }
}
