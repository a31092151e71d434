package tessera.regdem.cubin;

import java.util.List;

/**
 * One function of a cubin: its {@link ResourceUsage} (source {@link ResourceSource#CUBIN}), whether it is a kernel
 * entry ({@code STO_CUDA_ENTRY}) or a device function with its own {@code .text} section, the raw
 * {@code .nv.shared.NAME} size (sm_90: including the 1 KB reserved area), {@code EIATTR_MIN_STACK_SIZE} (frame of the
 * function plus its callees), and the parameter block: constant bank 0 offset ({@code EIATTR_PARAM_CBANK}), size
 * ({@code EIATTR_CBANK_PARAM_SIZE}) and the parameters ({@code EIATTR_KPARAM_INFO}, by ordinal; empty when absent).
 */
public record CubinKernel(ResourceUsage usage, boolean entry, int sharedSectionBytes, int minStackBytes,
        int paramBase, int paramBytes, List<KernelParam> params) {

    public CubinKernel {
        params = List.copyOf(params);
    }

    public String name() {
        return usage.name();
    }
}
