package tessera.telamon.codegen;

import java.util.Locale;

/**
 * The GPU architectures the PTX printer targets (seed 001 §4.4.4), each with the oldest PTX ISA version that supports
 * it, which ptxas 13.0 accepts (checked with {@code ptxas -arch=sm_XX}: 6.3 for sm_75, 7.0 for sm_80, 7.1 for sm_86,
 * 7.8 for sm_89 and sm_90).
 */
public enum Target {
    SM_75("6.3"), SM_80("7.0"), SM_86("7.1"), SM_89("7.8"), SM_90("7.8");

    private final String ptxVersion;

    Target(String ptxVersion) {
        this.ptxVersion = ptxVersion;
    }

    /** The {@code .version} directive's value. */
    public String ptxVersion() {
        return ptxVersion;
    }

    /** The {@code .target} directive's value, also ptxas's {@code -arch}: {@code sm_80}, … */
    public String arch() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The target named {@code sm_80} (or {@code SM_80}); a clear message for an unknown name. */
    public static Target of(String name) {
        for (Target t : values()) {
            if (t.arch().equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown target " + name + ": expected one of sm_75, sm_80, sm_86, sm_89, sm_90");
    }
}
