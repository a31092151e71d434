package tessera.regdem.sim;

import java.util.List;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * Integer, logic, predicate and move instructions of Volta and later, vector and uniform ({@code UIADD3} runs as
 * {@code IADD3} on uniform registers). Semantics as reverse-engineered from nvcc's code generation and checked against
 * the host references of {@code NvccSimulationTest}: carries are the unsigned carry-out of the full sum;
 * a negated ({@code -R}) operand of {@code IADD3} is {@code ~R + 1} (so {@code IADD3 R, P, RZ, -R, RZ} carries for
 * {@code R = 0}) and {@code ~R} in {@code .X} forms; the third operand of {@code IMAD.HI} and {@code IMAD.WIDE} is a
 * 64-bit register pair ({@code IMAD.HI.U32 R7, R7, R9, R6} with {@code R6 = 0} is the Newton step
 * {@code R7 + umulhi(R7, R9)} of nvcc's reciprocal).
 */
final class VoltaInteger {

    private static final long M = 0xffffffffL;

    private final LaunchState s;

    VoltaInteger(LaunchState s) {
        this.s = s;
    }

    private int v(SimThread t, Operand o) {
        return s.src(t, o);
    }

    private static long u(int x) {
        return x & M;
    }

    /** The number of true carry-in predicates of an {@code .X} instruction. */
    private static int carries(SimThread t, Form f) {
        int c = 0;
        for (Operand.Pred p : f.ins()) {
            if (t.pred(p)) {
                c++;
            }
        }
        return c;
    }

    private static void set(SimThread t, Operand.Reg d, int v) {
        t.set(d, d.num(), v);
    }

    /** Executes {@code op} (the opcode without a uniform {@code U}); false when it is not an integer instruction. */
    boolean execute(SimThread t, Line.Instr ins, Form f, String op) {
        switch (op) {
            case "MOV" -> set(t, f.dest(ins), v(t, f.val(ins, 0)));
            case "IADD3" -> iadd3(t, ins, f);
            case "IMAD" -> imad(t, ins, f);
            case "LEA" -> lea(t, ins, f);
            case "SHF" -> shf(t, ins, f);
            case "LOP3" -> {
                int r = lop3(v(t, f.val(ins, 0)), v(t, f.val(ins, 1)), v(t, f.val(ins, 2)), v(t, f.val(ins, 3)));
                set(t, f.dest(ins), r);
                if (f.out(0) != null) {
                    Operand.Pred pin = f.in(0);
                    if (pin != null && !(pin.num() == Operand.Pred.PT && pin.negated())) {
                        return LaunchState.unsupported("LOP3.LUT with a predicate input other than !PT");
                    }
                    t.setPred(f.out(0), r != 0);
                }
            }
            case "PLOP3" -> {
                List<Operand> o = ins.operands();
                boolean a = t.pred(o.get(2));
                boolean b = t.pred(o.get(3));
                boolean c = t.pred(o.get(4));
                int idx = (a ? 4 : 0) | (b ? 2 : 0) | (c ? 1 : 0);
                int lut1 = v(t, o.get(5));
                int lut2 = o.size() > 6 ? v(t, o.get(6)) : 0;
                t.setPred(o.get(0), (lut1 >> idx & 1) != 0);
                t.setPred(o.get(1), (lut2 >> idx & 1) != 0);
            }
            case "ISETP" -> isetp(t, ins, f);
            case "SEL" -> set(t, f.dest(ins), t.pred(f.in(0)) ? v(t, f.val(ins, 0)) : v(t, f.val(ins, 1)));
            case "IMNMX", "VIMNMX" -> set(t, f.dest(ins), minmax(ins, v(t, f.val(ins, 0)), v(t, f.val(ins, 1)),
                    t.pred(f.in(0))));
            case "VIADD" -> { // sm_90: d = a + b
                int sum = 0;
                for (Operand o : f.vals()) {
                    sum += v(t, o);
                }
                set(t, f.dest(ins), sum);
            }
            case "VIADDMNMX" -> // sm_90: min/max(a + b, c), as IMAD.IADD then IMNMX on sm_86
                set(t, f.dest(ins), minmax(ins, v(t, f.val(ins, 0)) + v(t, f.val(ins, 1)), v(t, f.val(ins, 2)),
                        t.pred(f.in(0))));
            case "IABS" -> set(t, f.dest(ins), Math.abs(v(t, f.val(ins, 0))));
            case "POPC" -> set(t, f.dest(ins), Integer.bitCount(v(t, f.val(ins, 0))));
            case "FLO" -> {
                int a = v(t, f.val(ins, 0));
                if (ins.hasMod("S32") && a < 0) {
                    a = ~a;
                }
                int r = a == 0 ? -1 : ins.hasMod("SH") ? Integer.numberOfLeadingZeros(a) : 31 - Integer.numberOfLeadingZeros(a);
                set(t, f.dest(ins), r);
            }
            case "BREV" -> set(t, f.dest(ins), Integer.reverse(v(t, f.val(ins, 0))));
            case "PRMT" -> set(t, f.dest(ins), prmt(ins, v(t, f.val(ins, 0)), v(t, f.val(ins, 1)), v(t, f.val(ins, 2))));
            case "S2R", "S2UR" -> set(t, f.dest(ins), v(t, f.val(ins, 0)));
            case "CS2R" -> {
                if (!(f.val(ins, 0) instanceof Operand.SpecialReg sr) || !sr.name().equals("SRZ")) {
                    return LaunchState.unsupported("CS2R of " + f.val(ins, 0).text() + " (clocks are not simulated)");
                }
                Operand.Reg d = f.dest(ins);
                set(t, d, 0);
                if (!ins.hasMod("32") && !d.isZero()) {
                    t.set(d, d.num() + 1, 0);
                }
            }
            case "R2UR" -> set(t, f.dest(ins), v(t, f.val(ins, 0)));
            case "LDC" -> {
                if (!(f.val(ins, 0) instanceof Operand.Const c)) {
                    return LaunchState.unsupported(ins.fullOpcode() + " without a constant operand");
                }
                Operand.Reg d = f.dest(ins);
                if (ins.hasMod("64")) {
                    t.setPair(d, s.cpair(t, c));
                } else {
                    set(t, d, s.src(t, c));
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** IMNMX: the minimum when {@code min} (the predicate operand), else the maximum; unsigned with .U32. */
    private static int minmax(Line.Instr ins, int a, int b, boolean min) {
        int c = ins.hasMod("U32") ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
        return min ? (c <= 0 ? a : b) : (c >= 0 ? a : b);
    }

    /** A 32-bit addend of {@code IADD3}: negation is {@code ~x + 1} (the +1 enters the sum), {@code ~x} in .X. */
    private long addend(SimThread t, Operand o, boolean x) {
        boolean neg;
        boolean not;
        int raw;
        if (o instanceof Operand.Reg r) {
            raw = t.get(r, r.num());
            if (r.abs()) {
                raw = Math.abs(raw);
            }
            neg = r.neg();
            not = r.not();
        } else if (o instanceof Operand.Const c) {
            raw = s.src(t, new Operand.Const(c.bank(), c.index(), c.offset(), false, c.abs()));
            neg = c.neg();
            not = false;
        } else {
            return u(v(t, o));
        }
        if (not || neg && x) {
            return u(~raw);
        }
        return neg ? u(~raw) + 1 : u(raw);
    }

    private void iadd3(SimThread t, Line.Instr ins, Form f) {
        boolean x = ins.hasMod("X");
        long sum = 0;
        for (int k = 0; k < 3; k++) {
            sum += addend(t, f.val(ins, k), x);
        }
        if (x) {
            sum += carries(t, f);
        }
        set(t, f.dest(ins), (int) sum);
        long carry = sum >>> 32;
        if (f.out(0) != null) {
            t.setPred(f.out(0), carry >= 1);
        }
        if (f.out(1) != null) {
            t.setPred(f.out(1), carry >= 2);
        }
    }

    /** The 64-bit third operand of IMAD.WIDE/IMAD.HI: a register pair, a constant pair, or an immediate. */
    private long pair(SimThread t, Operand o) {
        if (o instanceof Operand.Reg r) {
            if (r.neg() || r.not() || r.abs()) {
                return LaunchState.unsupported("a modified 64-bit addend " + r.text());
            }
            return t.pair(r);
        }
        if (o instanceof Operand.Const c && c.index() == null && !c.neg() && !c.abs()) {
            return s.cpair(t, c);
        }
        return v(t, o);
    }

    private void imad(SimThread t, Line.Instr ins, Form f) {
        boolean unsigned = ins.hasMod("U32");
        boolean x = ins.hasMod("X");
        int a = v(t, f.val(ins, 0));
        int b = v(t, f.val(ins, 1));
        long cin = x ? carries(t, f) : 0;
        Operand.Reg d = f.dest(ins);
        if (ins.hasMod("WIDE") || ins.hasMod("HI")) {
            long prod = unsigned ? u(a) * u(b) : (long) a * b;
            long c = pair(t, f.val(ins, 2));
            long s1 = prod + c;
            long s2 = s1 + cin;
            boolean carry = Long.compareUnsigned(s1, prod) < 0 || Long.compareUnsigned(s2, s1) < 0;
            if (!unsigned && f.out(0) != null) {
                LaunchState.unsupported("a carry-out of signed " + ins.fullOpcode());
            }
            if (ins.hasMod("WIDE")) {
                t.setPair(d, s2);
            } else {
                set(t, d, (int) ((unsigned ? s2 >>> 32 : s2 >> 32)));
            }
            if (f.out(0) != null) {
                t.setPred(f.out(0), carry);
            }
            return;
        }
        long sum = u(a * b) + u(v(t, f.val(ins, 2))) + cin;
        set(t, d, (int) sum);
        if (f.out(0) != null) {
            t.setPred(f.out(0), (sum >>> 32) != 0);
        }
    }

    private void lea(SimThread t, Line.Instr ins, Form f) {
        boolean hi = ins.hasMod("HI");
        boolean sx = ins.hasMod("SX32");
        long a = u(v(t, f.val(ins, 0)));
        long b = u(v(t, f.val(ins, 1)));
        int shiftAt = hi && !sx ? 3 : 2;
        int sh = v(t, f.val(ins, shiftAt)) & 63;
        long part;
        if (hi) {
            long wide = sx ? (long) (int) a : u(v(t, f.val(ins, 2))) << 32 | a;
            part = sh >= 64 ? 0 : (wide << sh) >>> 32 & M;
        } else {
            part = sh >= 32 ? 0 : (a << sh) & M;
        }
        long sum = part + b + (ins.hasMod("X") ? carries(t, f) : 0);
        set(t, f.dest(ins), (int) sum);
        if (f.out(0) != null) {
            t.setPred(f.out(0), (sum >>> 32) != 0);
        }
    }

    private void shf(SimThread t, Line.Instr ins, Form f) {
        long v = u(v(t, f.val(ins, 2))) << 32 | u(v(t, f.val(ins, 0)));
        long amount = u(v(t, f.val(ins, 1)));
        boolean is64 = ins.hasMod("U64") || ins.hasMod("S64");
        boolean signed = ins.hasMod("S32") || ins.hasMod("S64");
        int limit = is64 ? 64 : 32;
        int sh = (int) (ins.hasMod("W") ? amount & (limit - 1) : Math.min(amount, limit));
        long r;
        if (ins.hasMod("L")) {
            r = sh >= 64 ? 0 : v << sh;
        } else {
            r = sh >= 64 ? (signed ? v >> 63 : 0) : signed ? v >> sh : v >>> sh;
        }
        set(t, f.dest(ins), (int) (ins.hasMod("HI") ? r >>> 32 : r));
    }

    /** The three-input logic function {@code lut} (truth table: a = 0xf0, b = 0xcc, c = 0xaa) bitwise. */
    static int lop3(int a, int b, int c, int lut) {
        int r = 0;
        for (int idx = 0; idx < 8; idx++) {
            if ((lut >> idx & 1) != 0) {
                int term = ((idx & 4) != 0 ? a : ~a) & ((idx & 2) != 0 ? b : ~b) & ((idx & 1) != 0 ? c : ~c);
                r |= term;
            }
        }
        return r;
    }

    /** {@code PRMT d, a, sel, b}: byte i of d is byte {@code sel[4i+2:4i]} of {b:a}, sign-replicated if bit 4i+3. */
    private static int prmt(Line.Instr ins, int a, int sel, int b) {
        if (ins.mods().stream().anyMatch(m -> !m.equals("U32") && !m.equals("S32"))) {
            return LaunchState.unsupported("PRMT mode " + ins.fullOpcode());
        }
        long bytes = u(b) << 32 | u(a);
        int r = 0;
        for (int i = 0; i < 4; i++) {
            int nib = sel >> 4 * i & 0xf;
            int x = (int) (bytes >>> 8 * (nib & 7)) & 0xff;
            if ((nib & 8) != 0) {
                x = (x & 0x80) != 0 ? 0xff : 0;
            }
            r |= x << 8 * i;
        }
        return r;
    }

    private void isetp(SimThread t, Line.Instr ins, Form f) {
        int a = v(t, f.val(ins, 0));
        int b = v(t, f.val(ins, 1));
        int c = ins.hasMod("U32") ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
        String cmp = ins.mods().get(0);
        boolean r;
        if (ins.hasMod("EX")) {
            boolean lo = t.pred(f.in(1));
            r = switch (cmp) {
                case "EQ" -> c == 0 && lo;
                case "NE" -> c != 0 || lo;
                case "LT", "LE" -> c < 0 || c == 0 && lo;
                case "GT", "GE" -> c > 0 || c == 0 && lo;
                case "T" -> true;
                case "F" -> false;
                default -> LaunchState.unsupported("comparison " + cmp);
            };
        } else {
            r = compare(cmp, c);
        }
        setp(t, ins, f, r);
    }

    static boolean compare(String cmp, int c) {
        return switch (cmp) {
            case "LT" -> c < 0;
            case "EQ" -> c == 0;
            case "LE" -> c <= 0;
            case "GT" -> c > 0;
            case "NE" -> c != 0;
            case "GE" -> c >= 0;
            case "T" -> true;
            case "F" -> false;
            default -> LaunchState.unsupported("comparison " + cmp);
        };
    }

    /** Writes {@code r BOP c} and {@code !r BOP c} to the two predicate outputs of a SETP (c: its first input). */
    static void setp(SimThread t, Line.Instr ins, Form f, boolean r) {
        String bop = ins.hasMod("OR") ? "OR" : ins.hasMod("XOR") ? "XOR" : "AND";
        boolean c = f.in(0) == null || t.pred(f.in(0));
        t.setPred(f.out(0), combine(bop, r, c));
        if (f.out(1) != null) {
            t.setPred(f.out(1), combine(bop, !r, c));
        }
    }

    private static boolean combine(String op, boolean a, boolean b) {
        return switch (op) {
            case "OR" -> a || b;
            case "XOR" -> a ^ b;
            default -> a && b;
        };
    }
}
