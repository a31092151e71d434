package tessera.regdem.cubin;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The ELF64 little-endian container of a cubin (ELF spec; CUDA's {@code EM_CUDA} = 190): header, section headers,
 * section names and the symbol table. Every read is bounds-checked, so a truncated or damaged file becomes a
 * {@link ResourceException} naming the file and what is cut off, never an index exception.
 */
final class ElfImage {
    static final int EM_CUDA = 190;
    static final int SHT_SYMTAB = 2;
    static final int STT_FUNC = 2;

    record Section(int index, String name, int type, long flags, long offset, long size, int link, int info) {
    }

    record Symbol(int index, String name, int type, int other, int shndx) {
    }

    final String file;
    final byte[] data;
    final int osAbi;
    final int abiVersion;
    final int flags;
    final List<Section> sections = new ArrayList<>();
    final List<Symbol> symbols = new ArrayList<>();

    private ElfImage(String file, byte[] data) throws ResourceException {
        this.file = file;
        this.data = data;
        if (!isElf(data)) {
            throw fail("not a cubin: the file does not start with the ELF magic number (it starts with "
                    + preview() + ")", "give the ELF file nvcc writes with -cubin (or cuobjdump -xelf extracts); a "
                    + "SASS listing, ptxas log or cuobjdump -res-usage text is read as text, not as a cubin");
        }
        if (data.length < 64) {
            throw truncated("the 64-byte ELF header", 0, 64);
        }
        if (data[4] != 2) {
            throw fail("not a cubin: ELF class " + data[4] + " (cubins are 64-bit ELF, class 2)", HINT_CUBIN);
        }
        if (data[5] != 1) {
            throw fail("not a cubin: ELF data encoding " + data[5] + " (cubins are little-endian, encoding 1)",
                    HINT_CUBIN);
        }
        int machine = u16(18);
        if (machine != EM_CUDA) {
            throw fail("not a cubin: ELF machine " + machine + " (NVIDIA CUDA is " + EM_CUDA + ")", HINT_CUBIN);
        }
        osAbi = data[7] & 0xff;
        abiVersion = data[8] & 0xff;
        flags = (int) u32(0x30);
        readSections();
        readSymbols();
    }

    private static final String HINT_CUBIN = "give the cubin of a CUDA kernel (nvcc -cubin -arch=sm_XX)";

    /** Whether {@code data} starts with the ELF magic number (a cubin, not a text report or listing). */
    static boolean isElf(byte[] data) {
        return data.length >= 4 && data[0] == 0x7f && data[1] == 'E' && data[2] == 'L' && data[3] == 'F';
    }

    static ElfImage parse(String file, byte[] data) throws ResourceException {
        return new ElfImage(file, data);
    }

    private void readSections() throws ResourceException {
        long shoff = u64(0x28);
        int shentsize = u16(0x3a);
        int shnum = u16(0x3c);
        int shstrndx = u16(0x3e);
        if (shnum == 0) {
            throw fail("cubin without sections (e_shnum = 0)", "regenerate the cubin with nvcc -cubin");
        }
        if (shentsize != 64) {
            throw fail("damaged cubin: section header size " + shentsize + " (ELF64 uses 64)",
                    "regenerate the cubin with nvcc -cubin");
        }
        need("the section header table", shoff, (long) shnum * shentsize);
        if (shstrndx >= shnum) {
            throw fail("damaged cubin: section name table index " + shstrndx + " >= " + shnum + " sections",
                    "regenerate the cubin with nvcc -cubin");
        }
        long namesOff = u64(shoff + (long) shstrndx * 64 + 24);
        long namesSize = u64(shoff + (long) shstrndx * 64 + 32);
        need("the section name table", namesOff, namesSize);
        for (int i = 0; i < shnum; i++) {
            long h = shoff + (long) i * 64;
            long nameIdx = u32(h);
            String name = nameIdx < namesSize ? cString(namesOff + nameIdx, namesOff + namesSize) : "";
            sections.add(new Section(i, name, (int) u32(h + 4), u64(h + 8), u64(h + 24), u64(h + 32),
                    (int) u32(h + 40), (int) u32(h + 44)));
        }
    }

    private void readSymbols() throws ResourceException {
        Section tab = sections.stream().filter(s -> s.type() == SHT_SYMTAB).findFirst().orElse(null);
        if (tab == null) {
            return;
        }
        if (tab.link() <= 0 || tab.link() >= sections.size()) {
            throw fail("damaged cubin: .symtab names string table " + tab.link(), "regenerate the cubin");
        }
        Section strtab = sections.get(tab.link());
        need(tab.name(), tab.offset(), tab.size());
        need(strtab.name(), strtab.offset(), strtab.size());
        long n = tab.size() / 24;
        for (int i = 0; i < n; i++) {
            long e = tab.offset() + (long) i * 24;
            long nameIdx = u32(e);
            String name = nameIdx < strtab.size() ? cString(strtab.offset() + nameIdx, strtab.offset() + strtab.size())
                    : "";
            symbols.add(new Symbol(i, name, data[(int) e + 4] & 0xf, data[(int) e + 5] & 0xff, u16(e + 6)));
        }
    }

    /** The bytes of a section that has file contents (not NOBITS). */
    byte[] contents(Section s) throws ResourceException {
        need("section " + s.name(), s.offset(), s.size());
        byte[] b = new byte[(int) s.size()];
        System.arraycopy(data, (int) s.offset(), b, 0, b.length);
        return b;
    }

    ResourceException fail(String message, String hint) {
        return new ResourceException(file, 0, message, hint);
    }

    private ResourceException truncated(String what, long off, long len) {
        return fail("truncated cubin: " + what + " (bytes " + off + ".." + (off + len) + ") lies past the end of the "
                + "file (" + data.length + " bytes)", "the file was cut short (an interrupted copy?); regenerate it "
                        + "with nvcc -cubin");
    }

    private void need(String what, long off, long len) throws ResourceException {
        if (off < 0 || len < 0 || off > data.length || len > data.length - off) {
            throw truncated(what, off, len);
        }
    }

    private String cString(long from, long end) {
        int i = (int) from;
        int e = (int) Math.min(end, data.length);
        int j = i;
        while (j < e && data[j] != 0) {
            j++;
        }
        return new String(data, i, j - i, StandardCharsets.ISO_8859_1);
    }

    private String preview() {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < Math.min(12, data.length); i++) {
            int c = data[i] & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return sb.append('"').toString();
    }

    int u16(long off) throws ResourceException {
        need("header field", off, 2);
        return (data[(int) off] & 0xff) | (data[(int) off + 1] & 0xff) << 8;
    }

    long u32(long off) throws ResourceException {
        need("header field", off, 4);
        return (u16(off) | (long) u16(off + 2) << 16) & 0xffffffffL;
    }

    long u64(long off) throws ResourceException {
        long v = u32(off) | u32(off + 4) << 32;
        if (v < 0) {
            throw fail("damaged cubin: a 64-bit offset or size at byte " + off + " is larger than any file",
                    "regenerate the cubin with nvcc -cubin");
        }
        return v;
    }
}
