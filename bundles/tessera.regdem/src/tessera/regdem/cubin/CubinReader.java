package tessera.regdem.cubin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import tessera.regdem.occupancy.ArchSpec;

/**
 * Reads the per-kernel resources out of a cubin (CUDA ELF), both ELF ABIs: CUDA 12 and older (OS/ABI 0x33, ABI
 * version 7, SM in the low byte of {@code e_flags}) and CUDA 13 (OS/ABI 0x41, ABI version 8, SM in bits 8..15). Rules,
 * each checked against ptxas's {@code -v} report for all 85 kernels of the corpus data/nvcc (CUDA 13.0, sm_75..sm_90):
 * <ul>
 * <li>kernels: the {@code .text.NAME} sections whose function symbol carries {@code STO_CUDA_ENTRY} (0x10);</li>
 * <li>registers: {@code EIATTR_REGCOUNT} (0x2f) of the global {@code .nv.info}, keyed by symbol; the older place,
 * bits 24..31 of the {@code .text} section's {@code sh_info}, is only a fallback (CUDA 13 leaves it 0 on sm_90);</li>
 * <li>static shared: the size of {@code .nv.shared.NAME}, less {@link ArchSpec#sharedWindowBase()} (1 KB on sm_90,
 * where ptxas puts the per-block reserved area inside every kernel's section; sections smaller than that are taken
 * as they are); no section means 0;</li>
 * <li>local: {@code EIATTR_FRAME_SIZE} (0x11), ptxas's "N bytes stack frame";</li>
 * <li>barriers: {@code EIATTR_NUM_BARRIERS} (0x4c); absent means 0 under ABI 8 (corpus: present exactly where
 * ptxas reports barriers); under ABI 7, when it is absent, the {@code SHF_BARRIERS} field of the {@code .text}
 * section's flags (bits 20..24; open assemblers' {@code SHF_BARRIERS(x) = x << 20}, not in this corpus);</li>
 * <li>ABI 7 (not in this CUDA 13 corpus): a public CUDA 12.9 sm_90 cubin also has 0 in {@code sh_info} bits
 * 24..31 and its count in {@code EIATTR_REGCOUNT}, and a public cubin loader states that CUDA 12.0's sm_90 shared
 * sections include the reserved 1 KB too, so the same rules apply;</li>
 * <li>constant bank 0: the size of {@code .nv.constant0.NAME} (ptxas's "N bytes cmem[0]");</li>
 * <li>parameters: {@code EIATTR_KPARAM_INFO} (0x17: index, ordinal:16, offset:16, then size in bits 18..31),
 * {@code EIATTR_PARAM_CBANK} (0x0a: symbol, offset:16, size:16) and {@code EIATTR_CBANK_PARAM_SIZE} (0x19).</li>
 * </ul>
 */
public final class CubinReader {
    static final int OSABI_CUDA = 0x33;
    static final int OSABI_CUDA13 = 0x41;
    static final int STO_CUDA_ENTRY = 0x10;

    private CubinReader() {
    }

    public static Cubin read(Path file) throws ResourceException {
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ResourceException(file.toString(), 0, "cannot read the cubin: " + e.getMessage(),
                    "check the path and the file's permissions");
        }
        return read(file.toString(), data);
    }

    /** Whether {@code data} is an ELF file (to tell a cubin from a ptxas log or res-usage text). */
    public static boolean isCubin(byte[] data) {
        return ElfImage.isElf(data);
    }

    public static Cubin read(String fileName, byte[] data) throws ResourceException {
        ElfImage elf = ElfImage.parse(fileName, data);
        int sm;
        if (elf.osAbi == OSABI_CUDA13) {
            sm = (elf.flags >>> 8) & 0xff;
        } else if (elf.osAbi == OSABI_CUDA) {
            sm = elf.flags & 0xff;
        } else {
            throw elf.fail("not a CUDA cubin: ELF OS/ABI 0x" + Integer.toHexString(elf.osAbi)
                    + " (CUDA uses 0x33 up to CUDA 12 and 0x41 from CUDA 13)", "give a cubin made by nvcc -cubin");
        }
        String arch = "sm_" + sm;
        ArchSpec spec = ArchSpec.find(arch).orElseThrow(() -> elf.fail("the cubin is for " + arch
                + ", an architecture RegDem does not model (" + ArchSpec.names().get(0) + ".."
                + ArchSpec.names().get(ArchSpec.names().size() - 1) + ")", "compile for one of "
                        + String.join(", ", ArchSpec.names())));
        Map<String, ElfImage.Section> byName = new HashMap<>();
        for (ElfImage.Section s : elf.sections) {
            byName.putIfAbsent(s.name(), s);
        }
        Map<Integer, Map<Integer, Long>> global = globalAttributes(elf, byName.get(".nv.info"));
        List<CubinKernel> out = new ArrayList<>();
        List<ElfImage.Section> texts = elf.sections.stream().filter(s -> s.name().startsWith(".text."))
                .sorted(Comparator.comparingInt(ElfImage.Section::index)).toList();
        for (ElfImage.Section text : texts) {
            String name = text.name().substring(".text.".length());
            Optional<ElfImage.Symbol> sym = elf.symbols.stream()
                    .filter(y -> y.type() == ElfImage.STT_FUNC && y.shndx() == text.index() && y.name().equals(name))
                    .findFirst();
            if (sym.isEmpty()) {
                continue;
            }
            Map<Integer, Long> g = global.getOrDefault(sym.get().index(), Map.of());
            out.add(kernel(elf, spec, byName, text, sym.get(), g));
        }
        if (out.isEmpty()) {
            throw elf.fail("the cubin holds no functions (no .text.NAME section with a function symbol)",
                    "give the cubin of a file that defines a __global__ kernel");
        }
        return new Cubin(fileName, arch, elf.osAbi == OSABI_CUDA13 ? 8 : elf.abiVersion, out);
    }

    /** symbol index -> (EIATTR code -> value) for the symbol-keyed attributes of the global {@code .nv.info}. */
    private static Map<Integer, Map<Integer, Long>> globalAttributes(ElfImage elf, ElfImage.Section info)
            throws ResourceException {
        Map<Integer, Map<Integer, Long>> m = new HashMap<>();
        if (info == null) {
            return m;
        }
        for (NvInfo.Attr a : NvInfo.decode(elf, info).attrs()) {
            boolean keyed = switch (a.code()) {
                case NvInfo.EIATTR_REGCOUNT, NvInfo.EIATTR_FRAME_SIZE, NvInfo.EIATTR_MIN_STACK_SIZE,
                        NvInfo.EIATTR_MAX_STACK_SIZE -> true;
                default -> false;
            };
            if (keyed && a.format() == NvInfo.EIFMT_SVAL && a.words() == 2) {
                m.computeIfAbsent((int) a.word(0), k -> new HashMap<>()).put(a.code(), a.word(1));
            }
        }
        return m;
    }

    private static CubinKernel kernel(ElfImage elf, ArchSpec spec, Map<String, ElfImage.Section> byName,
            ElfImage.Section text, ElfImage.Symbol sym, Map<Integer, Long> g) throws ResourceException {
        String name = sym.name();
        int registers = g.containsKey(NvInfo.EIATTR_REGCOUNT) ? g.get(NvInfo.EIATTR_REGCOUNT).intValue()
                : text.info() >>> 24;
        if (registers <= 0) {
            throw elf.fail("no register count for " + name + " (neither EIATTR_REGCOUNT in .nv.info nor bits 24..31 "
                    + "of the .text section's sh_info)", "regenerate the cubin with nvcc -cubin");
        }
        ElfImage.Section shared = byName.get(".nv.shared." + name);
        int sharedSection = shared == null ? 0 : (int) Math.min(Integer.MAX_VALUE, shared.size());
        int base = spec.sharedWindowBase();
        int staticShared = sharedSection >= base ? sharedSection - base : sharedSection;
        int frame = g.getOrDefault(NvInfo.EIATTR_FRAME_SIZE, 0L).intValue();
        int minStack = g.getOrDefault(NvInfo.EIATTR_MIN_STACK_SIZE, (long) frame).intValue();
        ElfImage.Section c0 = byName.get(".nv.constant0." + name);
        OptionalInt cmem = c0 == null ? OptionalInt.empty() : OptionalInt.of((int) Math.min(Integer.MAX_VALUE,
                c0.size()));
        ElfImage.Section infoSec = byName.get(".nv.info." + name);
        NvInfo info = infoSec == null ? new NvInfo(List.of()) : NvInfo.decode(elf, infoSec);
        int barriers = info.all(NvInfo.EIATTR_NUM_BARRIERS).stream().mapToInt(NvInfo.Attr::value).findFirst()
                .orElse(elf.osAbi == OSABI_CUDA13 ? 0 : (int) (text.flags() >>> 20) & 0x1f);
        int paramBase = 0;
        int paramBytes = info.all(NvInfo.EIATTR_CBANK_PARAM_SIZE).stream().mapToInt(NvInfo.Attr::value).findFirst()
                .orElse(0);
        for (NvInfo.Attr a : info.all(NvInfo.EIATTR_PARAM_CBANK)) {
            if (a.format() == NvInfo.EIFMT_SVAL && a.words() == 2) {
                paramBase = (int) (a.word(1) & 0xffff);
            }
        }
        List<KernelParam> params = new ArrayList<>();
        for (NvInfo.Attr a : info.all(NvInfo.EIATTR_KPARAM_INFO)) {
            if (a.format() != NvInfo.EIFMT_SVAL || a.words() != 3) {
                throw elf.fail("damaged cubin: EIATTR_KPARAM_INFO of " + name + " has " + a.payload().length
                        + " bytes (12 expected)", "regenerate the cubin with nvcc -cubin");
            }
            long w1 = a.word(1);
            params.add(new KernelParam((int) (w1 & 0xffff), (int) (w1 >>> 16), (int) (a.word(2) >>> 18)));
        }
        params.sort(Comparator.comparingInt(KernelParam::ordinal));
        boolean entry = (sym.other() & STO_CUDA_ENTRY) != 0;
        ResourceUsage u = new ResourceUsage(name, spec.name(), registers, staticShared, frame,
                OptionalInt.of(barriers), cmem, ResourceSource.CUBIN);
        return new CubinKernel(u, entry, sharedSection, minStack, paramBase, paramBytes, params);
    }
}
