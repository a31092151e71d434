package tessera.regdem.cubin;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/**
 * Writes a RegDem variant into a copy of nvcc's cubin (issue: "make the local_spill path real"). Only a variant that
 * keeps nvcc's instructions one for one can be patched this way (the in-place form of
 * {@link tessera.regdem.demote.LocalSpillToShared} on Volta and later): an instruction whose text is unchanged keeps
 * nvcc's 16 bytes, one whose only change is its control code gets the new control bits, any other is encoded by
 * {@link VoltaEncoder}. No section moves and no branch offset changes, so the rest of the ELF file stays valid; the
 * kernel's register count ({@code EIATTR_REGCOUNT}, {@link CubinReader}) is checked to still cover the variant.
 */
public final class CubinPatch {
    private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]{16})");

    /** The patched file and what changed: addresses re-encoded and those that only got new control bits. */
    public record Result(byte[] cubin, List<Long> encoded, List<Long> controlOnly) {
    }

    private CubinPatch() {
    }

    /**
     * @param cubin    nvcc's cubin
     * @param original the kernel's function of {@code cuobjdump -sass} of that cubin (cuobjdump dialect, addresses)
     * @param variant  the variant RegDem made from {@code CuobjdumpImport.toMaxas(original)}
     * @param registers registers the variant needs (its {@code # RegCnt})
     */
    public static Result apply(String file, byte[] cubin, SassProgram original, SassProgram variant, int registers)
            throws ResourceException {
        ElfImage elf = ElfImage.parse(file, cubin);
        String kernel = original.kernelName().orElse("");
        ElfImage.Section text = elf.sections.stream().filter(s -> s.name().equals(".text." + kernel)).findFirst()
                .orElseThrow(() -> elf.fail("the cubin has no code section .text." + kernel,
                        "give the cubin the listing was disassembled from"));
        List<Line.Instr> orig = original.instructions();
        List<Line.Instr> comparable = CuobjdumpImport.toMaxas(original).instructions();
        List<Line.Instr> var = variant.instructions();
        if (var.size() != orig.size()) {
            throw elf.fail("the variant has " + var.size() + " instructions, nvcc's " + kernel + " " + orig.size()
                    + ": only a variant that replaces instructions one for one can be written into the cubin",
                    "use the local_shared variant of a kernel whose stack pointer serves only its spills (see "
                            + "docs/regdem.md, \"Patching a cubin\")");
        }
        if ((long) orig.size() * 16 > text.size()) {
            throw elf.fail(".text." + kernel + " holds " + text.size() / 16 + " instructions, the listing "
                    + orig.size(), "give the cubin the listing was disassembled from");
        }
        int regs = CubinReader.read(file, cubin).kernel(kernel).map(k -> k.usage().registers()).orElse(0);
        if (registers > regs) {
            throw elf.fail("the variant needs " + registers + " registers, the cubin allocates " + regs,
                    "only variants that do not add registers can be patched in place");
        }
        byte[] out = cubin.clone();
        List<Long> encoded = new ArrayList<>();
        List<Long> controlOnly = new ArrayList<>();
        for (int k = 0; k < orig.size(); k++) {
            int at = (int) text.offset() + 16 * k;
            long lo = word(cubin, at);
            long hi = word(cubin, at + 8);
            long[] listed = words(orig.get(k).encoding());
            if (listed == null || listed[0] != lo || listed[1] != hi || orig.get(k).address() != 16L * k) {
                throw elf.fail("instruction " + k + " (" + orig.get(k).fullOpcode() + " at 0x"
                        + Long.toHexString(orig.get(k).address()) + ") of the listing differs from the cubin's bytes",
                        "disassemble this very cubin with cuobjdump -sass and use that listing");
            }
            Line.Instr o = comparable.get(k).withTag(null);
            Line.Instr v = var.get(k).withTag(null);
            long[] w;
            if (text(o).equals(text(v))) {
                if (o.ctrl().equals(v.ctrl())) {
                    continue;
                }
                w = new long[] {lo, v.ctrl().encodeVolta(hi)};
                controlOnly.add(16L * k);
            } else {
                try {
                    w = VoltaEncoder.encode(v);
                } catch (VoltaEncoder.Unsupported u) {
                    throw elf.fail("cannot encode instruction " + k + " of the variant: " + u.getMessage(),
                            "only variants made of nvcc's instructions plus LDS/STS/S2R/IMAD.SHL.U32 can be patched");
                }
                encoded.add(16L * k);
            }
            put(out, at, w[0]);
            put(out, at + 8, w[1]);
        }
        return new Result(out, encoded, controlOnly);
    }

    /** The instruction without its control code, as the maxas dialect prints it. */
    private static String text(Line.Instr i) {
        String s = SassPrinter.line(i.withCtrl(tessera.regdem.sass.ControlCode.NONE), "\n");
        return s.substring(s.indexOf(' ')).trim();
    }

    /** The two 64-bit words of a Volta+ listing line's encoding ({@code /* 0x… *}{@code /} twice), or null. */
    public static long[] words(String enc) {
        Matcher m = HEX.matcher(enc);
        long[] w = new long[2];
        for (int k = 0; k < 2; k++) {
            if (!m.find()) {
                return null;
            }
            w[k] = Long.parseUnsignedLong(m.group(1), 16);
        }
        return w;
    }

    private static long word(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xff);
        }
        return v;
    }

    private static void put(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
