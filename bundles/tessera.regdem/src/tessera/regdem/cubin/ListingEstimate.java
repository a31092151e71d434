package tessera.regdem.cubin;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import tessera.core.Diagnostic;
import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassFunction;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

/**
 * An ESTIMATE of a kernel's resources when only its SASS listing is at hand (no cubin, no ptxas log). Registers:
 * highest register the listing names + 1 ({@link RegisterUnits#registerCount}, seed §3.1(5)) plus
 * {@link #reservedRegisters}: 2 on sm_70 and later, where the ABI keeps two registers above the highest one the code
 * names. Measured on the corpus data/nvcc (CUDA 13.0, sm_75..sm_90): count = highest + 3 for all 85 kernels of the
 * 65 listings, odd counts included (no rounding). Before sm_70 the corpus has no data and the seed's rule (+0, Maxwell)
 * is used. Static shared memory is the {@code # SharedSize} header (maxas listings; 0 for cuobjdump listings, which do
 * not say) and local memory is 0: prefer a cubin ({@link CubinReader}) or a report ({@link ResourceReports}).
 */
public final class ListingEstimate {
    private ListingEstimate() {
    }

    /** Registers the ABI keeps above the highest one a listing names: 2 on sm_70+ (corpus), 0 before (seed). */
    public static int reservedRegisters(ArchSpec arch) {
        return arch.volta() ? 2 : 0;
    }

    /** The estimated register count of one kernel's listing. */
    public static int registers(SassProgram program, ArchSpec arch) {
        return RegisterUnits.registerCount(program) + reservedRegisters(arch);
    }

    public static ResourceUsage estimate(SassProgram program, ArchSpec arch) {
        return new ResourceUsage(program.kernelName().orElse("kernel"), arch.name(), registers(program, arch),
                program.sharedSize(), 0, OptionalInt.empty(), OptionalInt.empty(), ResourceSource.LISTING_ESTIMATE);
    }

    /**
     * Estimates every function of a listing (a {@code cuobjdump -sass} listing may hold several {@code Function :}
     * sections; a maxas listing is one kernel). The architecture is the listing's own ({@code code for sm_XX} or
     * {@code # Arch}), else {@code fallback}; a listing that does not parse is reported by its first error.
     */
    public static List<ResourceUsage> estimateAll(String fileName, String text, ArchSpec fallback)
            throws ResourceException {
        SassDocument doc = SassParser.parse(fileName, text);
        Optional<Diagnostic> err = doc.diagnostics().list().stream().filter(Diagnostic::isError).findFirst();
        if (err.isPresent()) {
            throw new ResourceException(fileName, err.get().line(), err.get().message(), err.get().hint());
        }
        List<ResourceUsage> out = new ArrayList<>();
        for (SassProgram p : doc.functions().stream().map(SassFunction::program).toList()) {
            ArchSpec arch = p.arch().flatMap(ArchSpec::find).or(() -> Optional.ofNullable(fallback))
                    .orElseThrow(() -> new ResourceException(fileName, 0, "the listing does not say its architecture "
                            + "(no \"code for sm_XX\" banner or # Arch header)", "name the architecture (--arch)"));
            out.add(estimate(p, arch));
        }
        if (out.isEmpty()) {
            throw new ResourceException(fileName, 0, "the listing holds no instructions",
                    "give the cuobjdump -sass listing of a kernel");
        }
        return out;
    }
}
