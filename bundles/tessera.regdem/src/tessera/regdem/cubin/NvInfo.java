package tessera.regdem.cubin;

import java.util.ArrayList;
import java.util.List;

/**
 * The attribute stream of a {@code .nv.info} / {@code .nv.info.KERNEL} section (CUDA ELF; layout as decoded by
 * CuAssembler's CuNVInfo and checked on the corpus data/nvcc): records of a format byte ({@code EIFMT_NVAL} 1,
 * {@code BVAL} 2, {@code HVAL} 3: a 16-bit value follows; {@code SVAL} 4: a 16-bit size and that many bytes follow),
 * an attribute byte ({@code EIATTR_*}) and the value.
 */
record NvInfo(List<Attr> attrs) {
    static final int EIFMT_NVAL = 1;
    static final int EIFMT_BVAL = 2;
    static final int EIFMT_HVAL = 3;
    static final int EIFMT_SVAL = 4;

    static final int EIATTR_PARAM_CBANK = 0x0a;
    static final int EIATTR_FRAME_SIZE = 0x11;
    static final int EIATTR_MIN_STACK_SIZE = 0x12;
    static final int EIATTR_KPARAM_INFO = 0x17;
    static final int EIATTR_CBANK_PARAM_SIZE = 0x19;
    static final int EIATTR_MAX_STACK_SIZE = 0x23;
    static final int EIATTR_REGCOUNT = 0x2f;
    static final int EIATTR_NUM_BARRIERS = 0x4c;

    /** One record; {@code value} for NVAL/BVAL/HVAL, {@code payload} for SVAL (empty otherwise). */
    record Attr(int format, int code, int value, byte[] payload) {
        /** The little-endian 32-bit word {@code i} of an SVAL payload. */
        long word(int i) {
            return (payload[4 * i] & 0xff | (payload[4 * i + 1] & 0xff) << 8 | (payload[4 * i + 2] & 0xff) << 16
                    | (long) (payload[4 * i + 3] & 0xff) << 24) & 0xffffffffL;
        }

        int words() {
            return payload.length / 4;
        }
    }

    static NvInfo decode(ElfImage elf, ElfImage.Section s) throws ResourceException {
        byte[] b = elf.contents(s);
        List<Attr> out = new ArrayList<>();
        int p = 0;
        while (p < b.length) {
            if (b.length - p < 4) {
                throw bad(elf, s, p, "a record needs 4 bytes, " + (b.length - p) + " are left");
            }
            int format = b[p] & 0xff;
            int code = b[p + 1] & 0xff;
            int v = (b[p + 2] & 0xff) | (b[p + 3] & 0xff) << 8;
            p += 4;
            switch (format) {
                case EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL -> out.add(new Attr(format, code, v, new byte[0]));
                case EIFMT_SVAL -> {
                    if (v > b.length - p) {
                        throw bad(elf, s, p - 4, "attribute 0x" + Integer.toHexString(code) + " claims " + v
                                + " bytes, " + (b.length - p) + " are left");
                    }
                    byte[] payload = new byte[v];
                    System.arraycopy(b, p, payload, 0, v);
                    out.add(new Attr(format, code, 0, payload));
                    p += v;
                }
                default -> throw bad(elf, s, p - 4, "unknown record format " + format);
            }
        }
        return new NvInfo(out);
    }

    private static ResourceException bad(ElfImage elf, ElfImage.Section s, int at, String what) {
        return elf.fail("damaged cubin: section " + s.name() + " at byte " + at + ": " + what,
                "regenerate the cubin with nvcc -cubin");
    }

    List<Attr> all(int code) {
        return attrs.stream().filter(a -> a.code() == code).toList();
    }
}
