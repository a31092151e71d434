package tessera.regdem.cubin;

import java.util.List;
import java.util.Optional;

/**
 * What {@link CubinReader} found in one cubin: the architecture from the ELF header ({@code sm_90}), the ELF ABI
 * ({@code 7}: CUDA 12 and older, OS/ABI 0x33; {@code 8}: CUDA 13, OS/ABI 0x41) and its functions in section order.
 */
public record Cubin(String file, String arch, int abiVersion, List<CubinKernel> functions) {

    public Cubin {
        functions = List.copyOf(functions);
    }

    /** The kernel entries ({@code __global__} functions), in section order. */
    public List<CubinKernel> kernels() {
        return functions.stream().filter(CubinKernel::entry).toList();
    }

    /** The resource usage of every kernel entry, in section order. */
    public List<ResourceUsage> usages() {
        return kernels().stream().map(CubinKernel::usage).toList();
    }

    public Optional<CubinKernel> kernel(String name) {
        return functions.stream().filter(k -> k.name().equals(name)).findFirst();
    }
}
