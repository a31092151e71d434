package tessera.regdem.sass;

import java.util.List;

/** One operand of a SASS instruction (maxas / cuobjdump syntax, digest §4.2). {@link #text()} is the canonical spelling. */
public sealed interface Operand permits Operand.Reg, Operand.Pred, Operand.SpecialReg, Operand.Imm, Operand.Mem,
        Operand.Const, Operand.Name, Operand.Raw {

    String text();

    /** RZ is register number 255. */
    int RZ = 255;

    /**
     * A general-purpose register {@code R<n>}/{@code RZ} (or a uniform register {@code UR<n>}/{@code URZ}) with its
     * prefix modifiers ({@code -}, {@code ~}, {@code |..|}) and dotted suffixes ({@code .CC}, {@code .H1}, {@code .reuse},
     * {@code .64}, the scaled index {@code .X4} of {@code [R6.X4]}). An absolute value prints its reuse flag after the
     * bars, {@code |R3|.reuse}, as cuobjdump does.
     */
    record Reg(int num, boolean uniform, boolean neg, boolean not, boolean abs, List<String> ext) implements Operand {
        public Reg {
            ext = List.copyOf(ext);
        }

        public static Reg of(int num) {
            return new Reg(num, false, false, false, false, List.of());
        }

        public boolean isZero() {
            return num == RZ;
        }

        /** A GPR the register allocator owns (not RZ, not uniform). */
        public boolean isGpr() {
            return !uniform && num != RZ;
        }

        public boolean hasExt(String e) {
            return ext.contains(e);
        }

        public Reg withNum(int n) {
            return new Reg(n, uniform, neg, not, abs, ext);
        }

        public Reg withoutExt(String e) {
            return new Reg(num, uniform, neg, not, abs, ext.stream().filter(x -> !x.equals(e)).toList());
        }

        public String name() {
            String p = uniform ? "UR" : "R";
            return num == RZ ? p + "Z" : p + num;
        }

        @Override
        public String text() {
            StringBuilder sb = new StringBuilder();
            if (neg) {
                sb.append('-');
            }
            if (not) {
                sb.append('~');
            }
            if (abs) {
                sb.append('|');
            }
            sb.append(name());
            for (String e : ext) {
                if (!(abs && e.equals("reuse"))) {
                    sb.append('.').append(e);
                }
            }
            if (abs) {
                sb.append('|');
                if (ext.contains("reuse")) {
                    sb.append(".reuse"); // cuobjdump's spelling |R3|.reuse (sm_70+); maxas accepts it too
                }
            }
            return sb.toString();
        }
    }

    /** A predicate {@code P0..P6}, {@code PT} (num 7), optionally negated; {@code uniform} for {@code UP*}. */
    record Pred(int num, boolean uniform, boolean negated) implements Operand {
        public static final int PT = 7;

        @Override
        public String text() {
            String p = uniform ? "UP" : "P";
            return (negated ? "!" : "") + (num == PT ? p + "T" : p + num);
        }
    }

    /**
     * A register outside the GPR and predicate files, which no analysis allocates: special registers {@code SR_TID.X},
     * {@code SR_CgaCtaId}, {@code SRZ}; convergence barriers {@code B0..B15} (operands of BSSY/BSYNC/BMOV/BREAK);
     * scoreboards {@code SB0..SB5} (operands of DEPBAR).
     */
    record SpecialReg(String name) implements Operand {
        @Override
        public String text() {
            return name;
        }
    }

    /** An immediate; {@code text} keeps the spelling (hex, decimal, float), {@code value} its integer bits when known. */
    record Imm(String text, long value, boolean isFloat) implements Operand {
        public static Imm hex(long v) {
            return new Imm(v < 0 ? "-0x" + Long.toHexString(-v) : "0x" + Long.toHexString(v), v, false);
        }
    }

    /**
     * A memory address {@code [Rb+UR+off]}, possibly with a descriptor prefix ({@code desc[UR4][R2.64]}).
     * {@code base} may be null (absolute address), {@code offset} is a byte offset.
     */
    record Mem(String prefix, Reg base, Reg ubase, long offset) implements Operand {
        @Override
        public String text() {
            StringBuilder sb = new StringBuilder(prefix).append('[');
            boolean any = false;
            if (base != null) {
                sb.append(base.text());
                any = true;
            }
            if (ubase != null) {
                if (any) {
                    sb.append('+');
                }
                sb.append(ubase.text());
                any = true;
            }
            if (offset != 0 || !any) {
                if (offset < 0) {
                    sb.append("-0x").append(Long.toHexString(-offset));
                } else {
                    if (any) {
                        sb.append('+');
                    }
                    sb.append("0x").append(Long.toHexString(offset));
                }
            }
            return sb.append(']').toString();
        }

        public Mem withBase(Reg b) {
            return new Mem(prefix, b, ubase, offset);
        }

        public Mem withOffset(long o) {
            return new Mem(prefix, base, ubase, o);
        }
    }

    /** A constant-bank reference {@code c[0x0][0x20]} or {@code c[0x3][R2+0x10]} (register-indexed). */
    record Const(int bank, Reg index, long offset, boolean neg, boolean abs) implements Operand {
        @Override
        public String text() {
            String inner;
            if (index == null) {
                inner = "0x" + Long.toHexString(offset);
            } else {
                inner = index.text() + (offset == 0 ? "" : offset < 0 ? "-0x" + Long.toHexString(-offset)
                        : "+0x" + Long.toHexString(offset));
            }
            String c = "c[0x" + Integer.toHexString(bank) + "][" + inner + "]";
            if (abs) {
                c = "|" + c + "|";
            }
            return (neg ? "-" : "") + c;
        }

        public Const withIndex(Reg r) {
            return new Const(bank, r, offset, neg, abs);
        }
    }

    /** An identifier: label, parameter name ({@code param_1[0]}), symbolic constant ({@code blockDimX}), modifier. */
    record Name(String text) implements Operand {
    }

    /**
     * Anything else kept verbatim: DEPBAR's lists of numbers {@code {1,2}} and cuobjdump label references
     * {@code `(.L_x_0)}. Never holds a register (lists naming registers are rejected by the parser).
     */
    record Raw(String text) implements Operand {
    }
}
