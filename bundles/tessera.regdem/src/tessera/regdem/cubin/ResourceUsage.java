package tessera.regdem.cubin;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * The resources one kernel was compiled with (what occupancy depends on, seed §2 / digest §3.2), as ptxas reports
 * them: {@code registers} per thread as the hardware allocates them, {@code staticSharedBytes} the kernel's own
 * static shared memory WITHOUT the 1 KB that sm_90 reserves per block
 * ({@link tessera.regdem.occupancy.ArchSpec#sharedWindowBase()}), {@code localBytes} the stack frame per thread
 * (ptxas "N bytes stack frame", spills included), {@code barriers} the named barriers ptxas reports and
 * {@code constantBank0Bytes} the size of constant bank 0 (driver area plus parameters) where the source tells them.
 * {@code arch} is e.g. {@code sm_90}, empty when the source does not say.
 */
public record ResourceUsage(String name, String arch, int registers, int staticSharedBytes, int localBytes,
        OptionalInt barriers, OptionalInt constantBank0Bytes, ResourceSource source) {

    public ResourceUsage {
        Objects.requireNonNull(name, "name");
        arch = arch == null ? "" : arch;
        barriers = barriers == null ? OptionalInt.empty() : barriers;
        constantBank0Bytes = constantBank0Bytes == null ? OptionalInt.empty() : constantBank0Bytes;
        Objects.requireNonNull(source, "source");
    }

    /** One line for reports: {@code NAME: 22 registers, 4096 B shared, 0 B local [cubin]}. */
    public String summary() {
        return name + ": " + registers + " registers, " + staticSharedBytes + " B shared, " + localBytes + " B local"
                + (barriers.isPresent() ? ", " + barriers.getAsInt() + " barriers" : "") + " ["
                + source.name().toLowerCase(java.util.Locale.ROOT) + "]";
    }
}
