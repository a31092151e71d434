package tessera.telamon.space;

/**
 * The device limits that the GPU space's target queries answer ({@code $fun.device().…}, digest 001b §2.3 and Telamon's cuda device): the
 * limits that the constraints compare against. One record serves the five targets (sm_75 … sm_90): their limits
 * for these queries are the same (48 KiB of static shared memory per block, 1024 threads, grid y/z ≤ 65535).
 */
public record Device(String sm, long maxThreads, long maxThreadDims, long maxOuterThreadSize, long sharedMem,
        long maxUnrolling, long maxBlockDims, long maxInnerBlockSize) {
    public static Device of(tessera.telamon.codegen.Target target) {
        return new Device(target.arch(), 1024, 3, 64, 48 * 1024, 512, 3, 65535);
    }

    /** The device of a target named {@code sm_80} …; IllegalArgumentException naming the targets otherwise. */
    public static Device of(String sm) {
        return of(tessera.telamon.codegen.Target.of(sm));
    }
}
