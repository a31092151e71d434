package tessera.telamon.space;

/**
 * The target queries of the GPU space ({@code $fun.device().…}, digest 001b §2.3 and Telamon's cuda device): the
 * limits that the constraints compare against. One record serves the five targets (sm_75 … sm_90): their limits
 * for these queries are the same (48 KiB of static shared memory per block, 1024 threads, grid y/z ≤ 65535).
 */
public record Target(String sm, long maxThreads, long maxThreadDims, long maxOuterThreadSize, long sharedMem,
        long maxUnrolling, long maxBlockDims, long maxInnerBlockSize) {
    public static final java.util.List<String> SMS = java.util.List.of("sm_75", "sm_80", "sm_86", "sm_89", "sm_90");

    public static Target of(String sm) {
        if (!SMS.contains(sm)) {
            throw new IllegalArgumentException("unknown target " + sm + " (one of " + String.join(", ", SMS) + ")");
        }
        return new Target(sm, 1024, 3, 64, 48 * 1024, 512, 3, 65535);
    }
}
