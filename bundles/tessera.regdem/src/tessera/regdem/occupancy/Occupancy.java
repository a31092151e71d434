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

    /**
     * The occupancy bound by the three limits (blocks per SM by warps, registers and shared memory): the resident blocks
     * are their minimum, and the limiters are those equal to it, listed in {@code order}.
     */
    static Occupancy bound(int warpsPerBlock, int maxWarpsPerSM, int byWarps, int byRegs, int bySmem,
            List<Limiter> order) {
        int b = Math.min(byWarps, Math.min(byRegs, bySmem));
        List<Limiter> lim = order.stream().filter(l -> switch (l) {
            case BLOCKS -> byWarps == b;
            case REGISTERS -> byRegs == b;
            case SHARED_MEMORY -> bySmem == b;
        }).toList();
        return new Occupancy((double) b * warpsPerBlock / maxWarpsPerSM, b, warpsPerBlock, byWarps, byRegs, bySmem, lim,
                "");
    }

    public boolean limitedBy(Limiter l) {
        return limiters.contains(l);
    }

    public int activeWarps() {
        return blocksPerSM * warpsPerBlock;
    }
}
