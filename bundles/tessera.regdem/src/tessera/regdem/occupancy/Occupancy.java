package tessera.regdem.occupancy;

import java.util.List;

/**
 * An occupancy result (seed §2: resident threads ÷ maximum resident threads): resident blocks per SM, the three
 * limits, and which of them bind. {@code error} explains an impossible launch (e.g. too many registers), else "".
 */
public record Occupancy(double occupancy, int blocksPerSM, int warpsPerBlock, int limitByWarps, int limitByRegisters,
        int limitBySharedMemory, List<Limiter> limiters, String error) {

    public enum Limiter { BLOCKS, REGISTERS, SHARED_MEMORY }

    public Occupancy {
        limiters = List.copyOf(limiters);
    }

    public boolean limitedBy(Limiter l) {
        return limiters.contains(l);
    }

    public int activeWarps() {
        return blocksPerSM * warpsPerBlock;
    }
}
