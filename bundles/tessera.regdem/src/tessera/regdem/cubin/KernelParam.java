package tessera.regdem.cubin;

/**
 * One kernel parameter from {@code EIATTR_KPARAM_INFO} (CUDA ELF {@code .nv.info.KERNEL}): its ordinal in the
 * signature, its byte offset inside the parameter block and its size. The parameter lives at constant bank 0 address
 * {@link CubinKernel#paramBase()} {@code + offset}.
 */
public record KernelParam(int ordinal, int offset, int size) {
}
