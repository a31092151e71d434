package tessera.regdem.occupancy;

import java.util.List;

/**
 * Architecture-parameterised occupancy in the way of NVIDIA's occupancy calculator (digest §3.2 "official-style
 * formula" [EXT]): registers are allocated per warp in units of {@code regAllocUnit}, warps per SM limited by
 * registers are floored to the warp allocation granularity, shared memory (static + dynamic + reserved) is rounded up
 * to the allocation unit.
 */
public final class OccupancyCalculator {
    private OccupancyCalculator() {
    }

    public static Occupancy compute(ArchSpec a, int regsPerThread, int threadsPerBlock, int smemPerBlock) {
        if (threadsPerBlock <= 0 || threadsPerBlock > a.maxThreadsPerBlock()) {
            return invalid("block size " + threadsPerBlock + " is outside 1.." + a.maxThreadsPerBlock());
        }
        if (regsPerThread < 0 || regsPerThread > a.maxRegsPerThread()) {
            return invalid(regsPerThread + " registers per thread exceed the maximum of " + a.maxRegsPerThread());
        }
        if (smemPerBlock < 0 || smemPerBlock > a.maxSmemPerBlock()) {
            return invalid(smemPerBlock + " B of shared memory per block exceed the maximum of " + a.maxSmemPerBlock()
                    + " B on " + a.name());
        }
        int w = ceilDiv(threadsPerBlock, 32);
        int byWarps = Math.min(a.maxBlocksPerSM(), a.maxWarpsPerSM() / w);
        int byRegs;
        if (regsPerThread == 0) {
            byRegs = a.maxBlocksPerSM();
        } else {
            int regsPerWarp = roundUp(regsPerThread * 32, a.regAllocUnit());
            if ((long) regsPerWarp * w > a.maxRegsPerBlock()) {
                return invalid("a block needs " + (long) regsPerWarp * w + " registers, more than "
                        + a.maxRegsPerBlock() + " per block");
            }
            int g = a.warpAllocGranularity();
            int warpsByRegs = (a.regsPerSM() / (g * regsPerWarp)) * g;
            byRegs = warpsByRegs / w;
        }
        int smem = roundUp(smemPerBlock + a.reservedSmemPerBlock(), a.smemAllocUnit());
        int bySmem = smem == 0 ? a.maxBlocksPerSM() : a.smemPerSM() / smem;
        return Occupancy.bound(w, a.maxWarpsPerSM(), byWarps, byRegs, bySmem, List.of(Occupancy.Limiter.values()));
    }

    private static Occupancy invalid(String why) {
        return new Occupancy(0, 0, 0, 0, 0, 0, List.of(), why);
    }

    static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    static int roundUp(int x, int unit) {
        return ceilDiv(x, unit) * unit;
    }
}
