package tessera.modsched.model;

import java.util.Locale;

/**
 * The documented maxima of a modulo-scheduling model (issue 22: every number is checked against a maximum before it
 * sizes an array, a loop or a search). The {@code .ddg} validator, {@link Loop.Builder}, {@link Machine.Builder} and
 * the GCC dump reader reject larger values with these numbers in the message; the schedulers never try an II whose
 * tables or cycle arithmetic would exceed {@link #MAX_MRT_CELLS} or {@link #MAX_CYCLE}.
 */
public final class ModelLimits {
    /** Largest latency of an operation or edge: {@value} cycles (the smallest is 0). */
    public static final int MAX_LATENCY = 100_000;
    /** Largest iteration distance of an edge: {@value} (the smallest is 0). */
    public static final int MAX_DISTANCE = 100_000;
    /** Largest unit count of a resource class and largest issue width: {@value}. */
    public static final int MAX_UNITS = 1_000;
    /** Largest busy time of a non-pipelined resource and largest reservation offset + 1: {@value} cycles. */
    public static final int MAX_BUSY = 1_000;
    /** Largest reservation offset: {@value} (offsets count cycles after issue, from 0). */
    public static final int MAX_OFFSET = MAX_BUSY - 1;
    /** Most operations in one loop: {@value}. */
    public static final int MAX_OPERATIONS = 100_000;
    /** Most edges in one loop: {@value}. */
    public static final int MAX_EDGES = 1_000_000;
    /** Most resource classes in one machine: {@value}. */
    public static final int MAX_RESOURCES = 1_000;
    /** Most cells (II × resource instances) of a modulo reservation table any scheduler allocates: {@value}. */
    public static final long MAX_MRT_CELLS = 1L << 24;
    /**
     * Largest magnitude of a cycle in schedulers' arithmetic, {@value}: an II is tried only when
     * Σ latencies + Σ reservation spans + II·(Σ distances + operations + 1) stays below it, so no sum of cycles
     * (ASAP, ALAP, Early_Start, t + latency - distance·II, lifetimes) can overflow 32 bits.
     */
    public static final long MAX_CYCLE = 1L << 30;

    private ModelLimits() {
    }

    /**
     * The largest II at which {@code loop} can be scheduled within {@link #MAX_MRT_CELLS} and {@link #MAX_CYCLE}
     * (0 when none can).
     */
    public static int maxSafeII(Loop loop) {
        long fixed = 0;
        long perII = 1L + loop.size();
        for (int e = 0; e < loop.dependences().size(); e++) {
            fixed += Math.abs((long) loop.latency(e));
            perII += loop.distance(e);
        }
        for (Operation op : loop.operations()) {
            fixed += Math.abs((long) op.latency()) + 1;
            for (Reservation.Use use : op.reservation().uses()) {
                fixed += use.offset(use.offsetCount() - 1) + 1L;
            }
        }
        long byCycles = (MAX_CYCLE - fixed) / perII;
        long columns = 0;
        for (ResourceClass r : loop.machine().resources()) {
            columns += r.count();
        }
        long byCells = MAX_MRT_CELLS / Math.max(1, columns);
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE / 4, Math.min(byCycles, byCells)));
    }

    /**
     * Why {@code loop} cannot be scheduled at II {@code from} or above within the limits, or null when it can (for
     * the failure line of every scheduler).
     */
    public static String tooLarge(Loop loop, int from) {
        int max = maxSafeII(loop);
        if (from <= max) {
            return null;
        }
        return String.format(Locale.ROOT, "II %,d is above the largest II this loop can be scheduled at (%,d): the "
                + "reservation table would exceed %,d cells or cycle numbers %,d (its latencies, distances and "
                + "operation count are too large together)", from, max, MAX_MRT_CELLS, MAX_CYCLE);
    }
}
