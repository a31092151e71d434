package tessera.telamon.ptx;

import java.util.Locale;

/** The PTX ISA's fundamental types with their width and kind, and the operand type-checking rule. */
public enum PtxType {
    PRED(1, Kind.PRED), B8(1, Kind.BIT), B16(2, Kind.BIT), B32(4, Kind.BIT), B64(8, Kind.BIT), U8(1, Kind.UNSIGNED),
    U16(2, Kind.UNSIGNED), U32(4, Kind.UNSIGNED), U64(8, Kind.UNSIGNED), S8(1, Kind.SIGNED), S16(2, Kind.SIGNED),
    S32(4, Kind.SIGNED), S64(8, Kind.SIGNED), F32(4, Kind.FLOAT), F64(8, Kind.FLOAT);

    /** Bit-size, unsigned, signed and floating-point types, and predicates. */
    public enum Kind {
        BIT, UNSIGNED, SIGNED, FLOAT, PRED
    }

    private final int bytes;
    private final Kind kind;

    PtxType(int bytes, Kind kind) {
        this.bytes = bytes;
        this.kind = kind;
    }

    public int bytes() {
        return bytes;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isFloat() {
        return kind == Kind.FLOAT;
    }

    public boolean isSigned() {
        return kind == Kind.SIGNED;
    }

    public boolean isInteger() {
        return kind == Kind.SIGNED || kind == Kind.UNSIGNED || kind == Kind.BIT;
    }

    /** The PTX spelling without the dot: {@code f32}, {@code pred}, … */
    public String ptx() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type spelled {@code s} (without the dot), or null. */
    public static PtxType of(String s) {
        for (PtxType t : values()) {
            if (t.ptx().equals(s)) {
                return t;
            }
        }
        return null;
    }

    /**
     * PTX ISA, operand type checking: a register declared {@code reg} may hold an operand of instruction type
     * {@code this} when both have the same width and either one is a bit-size type, both are integers, or both are the
     * same float type. With {@code wider}, as for {@code ld}/{@code st}/{@code cvt}, an integer register may be wider.
     */
    public boolean accepts(PtxType reg, boolean wider) {
        if (this == PRED || reg == PRED) {
            return this == reg;
        }
        boolean kindOk = kind == Kind.BIT || reg.kind == Kind.BIT || (isInteger() && reg.isInteger())
                || (isFloat() && reg == this);
        if (!kindOk) {
            return false;
        }
        return reg.bytes == bytes || (wider && !isFloat() && !reg.isFloat() && reg.bytes > bytes);
    }

    /** The value of raw register bits {@code v} read as this integer type: sign- or zero-extended from the width. */
    public long extend(long v) {
        return switch (bytes) {
            case 1 -> isSigned() ? (byte) v : v & 0xFFL;
            case 2 -> isSigned() ? (short) v : v & 0xFFFFL;
            case 4 -> isSigned() ? (int) v : v & 0xFFFF_FFFFL;
            default -> v;
        };
    }

    /** {@code v} cut to this type's width (zero-extended in the 64-bit register image). */
    public long truncate(long v) {
        return switch (bytes) {
            case 1 -> v & 0xFFL;
            case 2 -> v & 0xFFFFL;
            case 4 -> v & 0xFFFF_FFFFL;
            default -> v;
        };
    }
}
