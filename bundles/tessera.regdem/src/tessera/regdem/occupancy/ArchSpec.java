package tessera.regdem.occupancy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Per-architecture occupancy and throughput parameters, sm_50 through sm_90 (digest §3.2 and §3.10 tables [EXT]:
 * CUDA C Programming Guide "Technical Specifications per Compute Capability" and "Arithmetic Instructions" throughput
 * tables, CUDA Occupancy Calculator / cuda_occupancy.h allocation granularities). Shared memory per SM is the largest
 * carve-out; {@code maxSmemPerBlock} is the opt-in maximum.
 */
public record ArchSpec(String name, int maxWarpsPerSM, int maxBlocksPerSM, int regsPerSM, int maxRegsPerBlock,
        int regAllocUnit, int warpAllocGranularity, int maxRegsPerThread, int maxThreadsPerBlock, int smemPerSM,
        int maxSmemPerBlock, int smemAllocUnit, int reservedSmemPerBlock, int registerBanks, int barriers,
        int fp32Throughput, int fp64Throughput, int sfuThroughput) {

    private static final int K = 1024;

    private static ArchSpec a(String n, int warps, int blocks, int regsPerBlock, int smemSM, int smemBlock, int unit,
            int reserved, int banks, int fp32, int fp64, int sfu) {
        return new ArchSpec(n, warps, blocks, 64 * K, regsPerBlock, 256, 4, 255, 1024, smemSM, smemBlock, unit,
                reserved, banks, 6, fp32, fp64, sfu);
    }

    public static final List<ArchSpec> ALL = List.of(
            a("sm_50", 64, 32, 64 * K, 64 * K, 48 * K, 256, 0, 4, 128, 4, 32),
            a("sm_52", 64, 32, 64 * K, 96 * K, 48 * K, 256, 0, 4, 128, 4, 32),
            a("sm_53", 64, 32, 32 * K, 64 * K, 48 * K, 256, 0, 4, 128, 4, 32),
            a("sm_60", 64, 32, 64 * K, 64 * K, 48 * K, 256, 0, 4, 64, 32, 16),
            a("sm_61", 64, 32, 64 * K, 96 * K, 48 * K, 256, 0, 4, 128, 4, 32),
            a("sm_62", 64, 32, 32 * K, 64 * K, 48 * K, 256, 0, 4, 128, 4, 32),
            a("sm_70", 64, 32, 64 * K, 96 * K, 96 * K, 256, 0, 2, 64, 32, 16),
            a("sm_72", 64, 32, 64 * K, 96 * K, 96 * K, 256, 0, 2, 64, 32, 16),
            a("sm_75", 32, 16, 64 * K, 64 * K, 64 * K, 256, 0, 2, 64, 2, 16),
            a("sm_80", 64, 32, 64 * K, 164 * K, 163 * K, 128, K, 2, 64, 32, 16),
            a("sm_86", 48, 16, 64 * K, 100 * K, 99 * K, 128, K, 2, 128, 2, 16),
            a("sm_87", 48, 16, 64 * K, 164 * K, 163 * K, 128, K, 2, 128, 2, 16),
            a("sm_89", 48, 24, 64 * K, 100 * K, 99 * K, 128, K, 2, 128, 2, 16),
            a("sm_90", 64, 32, 64 * K, 228 * K, 227 * K, 128, K, 2, 128, 64, 16));

    private static final Map<String, ArchSpec> BY_NAME = new LinkedHashMap<>();

    static {
        for (ArchSpec s : ALL) {
            BY_NAME.put(s.name, s);
        }
    }

    /** Looks up {@code sm_52}, {@code 52}, {@code sm_90a} (suffix ignored) or {@code compute_90}. */
    public static Optional<ArchSpec> find(String arch) {
        if (arch == null) {
            return Optional.empty();
        }
        String a = arch.trim().toLowerCase(java.util.Locale.ROOT).replace("compute_", "sm_");
        if (!a.startsWith("sm_")) {
            a = "sm_" + a;
        }
        a = a.replaceAll("[a-z]+$", "");
        return Optional.ofNullable(BY_NAME.get(a));
    }

    public static ArchSpec sm52() {
        return BY_NAME.get("sm_52");
    }

    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    public int maxThreadsPerSM() {
        return maxWarpsPerSM * 32;
    }

    /**
     * Byte address of the first shared variable of a CTA. On sm_90 nvcc (CUDA 12+) forms shared addresses after the
     * 1 KB reserved area ({@code UMOV UR4, 0x400}; the cubin's {@code .nv.shared.KERNEL} size includes the 1 KB:
     * corpus {@code data/nvcc/sm_90}); earlier architectures start at 0.
     */
    public int sharedWindowBase() {
        return name.equals("sm_90") ? reservedSmemPerBlock : 0;
    }

    /** Volta and later (sm_70+): 128-bit instructions with their control bits, no {@code SHL}/{@code ISCADD}. */
    public boolean volta() {
        return Integer.parseInt(name.substring(3)) >= 70;
    }

    /** MAX_THROUGHPUT of Eq. (2): the FP32 instruction throughput per SM per cycle (128 on Maxwell). */
    public int maxThroughput() {
        return fp32Throughput;
    }
}
