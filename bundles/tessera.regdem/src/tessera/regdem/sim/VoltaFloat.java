package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * Floating-point instructions of Volta and later: FADD/FMUL/FFMA (.FTZ, .SAT, .RM/.RP/.RZ), FMNMX, FSEL, FSETP,
 * FCHK, MUFU (incl. RCP64H/RSQ64H), DADD/DMUL/DFMA (rounding modes), DSETP, the conversions I2F/I2FP/F2I/F2F and the
 * half-precision pair ops HADD2/HMUL2/HFMA2. IEEE single/double via Java float/double ({@link Math#fma} for the fused
 * forms); see {@link FloatMath} for the directed rounding and the MUFU model.
 */
final class VoltaFloat {

    private final LaunchState s;

    VoltaFloat(LaunchState s) {
        this.s = s;
    }

    private float f(SimThread t, Operand o, boolean ftz) {
        float x = s.fsrc(t, o);
        return ftz ? FloatMath.ftz(x) : x;
    }

    private static void setF(SimThread t, Operand.Reg d, float v) {
        t.set(d, d.num(), Float.floatToRawIntBits(v));
    }

    /** Applies {@code .FTZ} to the result and {@code .SAT} (clamp to [0, 1], NaN to +0). */
    private static float finish(Line.Instr ins, float r, boolean ftz) {
        if (ftz) {
            r = FloatMath.ftz(r);
        }
        if (ins.hasMod("SAT")) {
            r = Float.isNaN(r) ? 0f : Math.max(0f, Math.min(1f, r));
            if (r == 0) {
                r = 0f;
            }
        }
        return r;
    }

    boolean execute(SimThread t, Line.Instr ins, Form f, String op) {
        boolean ftz = ins.hasMod("FTZ");
        FloatMath.Mode m = FloatMath.mode(ins.mods());
        switch (op) {
            case "FADD" -> setF(t, f.dest(ins), finish(ins,
                    FloatMath.add(f(t, f.val(ins, 0), ftz), f(t, f.val(ins, 1), ftz), m), ftz));
            case "FMUL" -> {
                if (ins.mods().stream().anyMatch(x -> x.matches("D[248]|M[248]"))) {
                    return LaunchState.unsupported(ins.fullOpcode());
                }
                setF(t, f.dest(ins), finish(ins, FloatMath.mul(f(t, f.val(ins, 0), ftz), f(t, f.val(ins, 1), ftz), m), ftz));
            }
            case "FFMA" -> setF(t, f.dest(ins), finish(ins, FloatMath.fma(f(t, f.val(ins, 0), ftz),
                    f(t, f.val(ins, 1), ftz), f(t, f.val(ins, 2), ftz), m), ftz));
            case "FMNMX" -> {
                float a = f(t, f.val(ins, 0), ftz);
                float b = f(t, f.val(ins, 1), ftz);
                setF(t, f.dest(ins), minmax(a, b, t.pred(f.in(0))));
            }
            case "FSEL" -> t.set(f.dest(ins), f.dest(ins).num(),
                    t.pred(f.in(0)) ? s.src(t, fbits(f.val(ins, 0))) : s.src(t, fbits(f.val(ins, 1))));
            case "FSETP" -> {
                float a = f(t, f.val(ins, 0), ftz);
                float b = f(t, f.val(ins, 1), ftz);
                VoltaInteger.setp(t, ins, f, fcompare(ins.mods().get(0), a, b));
            }
            case "FCHK" -> t.setPred(ins.operands().get(0), FloatMath.fchk(s.fsrc(t, ins.operands().get(1)),
                    s.fsrc(t, ins.operands().get(2))));
            case "MUFU" -> {
                String fn = ins.mods().isEmpty() ? "" : ins.mods().get(0);
                Operand.Reg d = f.dest(ins);
                if (fn.endsWith("64H")) {
                    t.set(d, d.num(), FloatMath.mufu64h(fn, s.src(t, f.val(ins, 0))));
                } else {
                    setF(t, d, FloatMath.mufu(fn, s.fsrc(t, f.val(ins, 0))));
                }
            }
            case "DADD" -> setD(t, f.dest(ins), FloatMath.add(d(t, f.val(ins, 0)), d(t, f.val(ins, 1)), m));
            case "DMUL" -> setD(t, f.dest(ins), FloatMath.mul(d(t, f.val(ins, 0)), d(t, f.val(ins, 1)), m));
            case "DFMA" -> setD(t, f.dest(ins), FloatMath.fma(d(t, f.val(ins, 0)), d(t, f.val(ins, 1)),
                    d(t, f.val(ins, 2)), m));
            case "DMNMX" -> {
                double a = d(t, f.val(ins, 0));
                double b = d(t, f.val(ins, 1));
                double r = Double.isNaN(a) ? b : Double.isNaN(b) ? a : t.pred(f.in(0)) ? Math.min(a, b) : Math.max(a, b);
                setD(t, f.dest(ins), r);
            }
            case "DSETP" -> {
                double a = d(t, f.val(ins, 0));
                double b = d(t, f.val(ins, 1));
                VoltaInteger.setp(t, ins, f, dcompare(ins.mods().get(0), a, b));
            }
            case "I2F", "I2FP" -> i2f(t, ins, f, m);
            case "F2I", "F2IP" -> f2i(t, ins, f, m, ftz);
            case "F2F" -> f2f(t, ins, f, m, ftz);
            case "HADD2", "HMUL2", "HFMA2" -> half2(t, ins, f, op);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A FSEL source: immediates are float values ({@code -INF}), registers and constants raw bits. */
    private static Operand fbits(Operand o) {
        if (o instanceof Operand.Imm im && !im.text().toLowerCase().startsWith("0x")
                && !im.text().toLowerCase().startsWith("-0x")) {
            float v = im.isFloat() ? Float.intBitsToFloat((int) im.value()) : (float) im.value();
            return new Operand.Imm(im.text(), Float.floatToRawIntBits(v) & 0xffffffffL, true);
        }
        return o;
    }

    /** fminf/fmaxf: a NaN operand yields the other; both NaN yield the canonical NaN; -0 &lt; +0. */
    private static float minmax(float a, float b, boolean min) {
        if (Float.isNaN(a) && Float.isNaN(b)) {
            return Float.intBitsToFloat(0x7fffffff);
        }
        if (Float.isNaN(a)) {
            return b;
        }
        if (Float.isNaN(b)) {
            return a;
        }
        return min ? Math.min(a, b) : Math.max(a, b);
    }

    private double d(SimThread t, Operand o) {
        return s.dsrc(t, o);
    }

    private static void setD(SimThread t, Operand.Reg d, double v) {
        t.setPair(d, Double.doubleToRawLongBits(v));
    }

    /** The float comparisons: ordered (false on NaN) and unordered ({@code ..U}, true on NaN), NUM, NAN, T, F. */
    static boolean fcompare(String cmp, double a, double b) {
        boolean unordered = Double.isNaN(a) || Double.isNaN(b);
        switch (cmp) {
            case "NAN" -> {
                return unordered;
            }
            case "NUM" -> {
                return !unordered;
            }
            case "T" -> {
                return true;
            }
            case "F" -> {
                return false;
            }
            default -> {
            }
        }
        boolean u = cmp.length() == 3 && cmp.endsWith("U");
        if (unordered) {
            return u;
        }
        return VoltaInteger.compare(u ? cmp.substring(0, 2) : cmp, Double.compare(a + 0.0, b + 0.0));
    }

    private static boolean dcompare(String cmp, double a, double b) {
        return fcompare(cmp, a, b);
    }

    /** Integer and float types among the modifiers, in order ({@code F64}, {@code U32}, {@code S64}, ...). */
    private static List<String> types(Line.Instr ins) {
        List<String> l = new ArrayList<>();
        for (String m : ins.mods()) {
            if (m.matches("[SUF](8|16|32|64)")) {
                l.add(m);
            }
        }
        return l;
    }

    private static int bits(String type) {
        return Integer.parseInt(type.substring(1));
    }

    /** The integer source of I2F: sign- or zero-extended from its type, 64-bit sources from a register pair. */
    private long intSource(SimThread t, Operand o, String type) {
        int b = bits(type);
        boolean unsigned = type.startsWith("U");
        if (b == 64) {
            if (!(o instanceof Operand.Reg r)) {
                return LaunchState.unsupported("64-bit conversion source " + o.text());
            }
            return t.pair(r);
        }
        long v = s.src(t, o);
        long mask = b == 32 ? 0xffffffffL : (1L << b) - 1;
        v &= mask;
        if (!unsigned && (v >>> (b - 1) & 1) != 0) {
            v |= ~mask;
        }
        return v;
    }

    private void i2f(SimThread t, Line.Instr ins, Form f, FloatMath.Mode m) {
        List<String> ty = types(ins);
        String dst = "F32";
        String src = "S32";
        if (ty.size() >= 2) {
            dst = ty.get(0);
            src = ty.get(1);
        } else if (ty.size() == 1) {
            if (ty.get(0).startsWith("F")) {
                dst = ty.get(0);
            } else {
                src = ty.get(0);
            }
        }
        long v = intSource(t, f.val(ins, 0), src);
        boolean unsigned = src.startsWith("U");
        Operand.Reg d = f.dest(ins);
        switch (dst) {
            case "F32" -> setF(t, d, FloatMath.toFloat(v, unsigned, m));
            case "F64" -> setD(t, d, FloatMath.toDouble(v, unsigned, m));
            case "F16" -> t.set(d, d.num(), Float.floatToFloat16(FloatMath.toFloat(v, unsigned, m)) & 0xffff);
            default -> LaunchState.unsupported(ins.fullOpcode());
        }
    }

    private void f2i(SimThread t, Line.Instr ins, Form f, FloatMath.Mode m, boolean ftz) {
        String dst = "S32";
        String src = "F32";
        for (String ty : types(ins)) {
            if (ty.startsWith("F")) {
                src = ty;
            } else {
                dst = ty;
            }
        }
        double x = switch (src) {
            case "F64" -> s.dsrc(t, f.val(ins, 0));
            case "F16" -> FloatMath.half(s.src(t, f.val(ins, 0)), false);
            default -> f(t, f.val(ins, 0), ftz);
        };
        int b = bits(dst);
        long r = FloatMath.toInt(x, b, dst.startsWith("U"), m);
        Operand.Reg d = f.dest(ins);
        if (b == 64) {
            t.setPair(d, r);
        } else {
            t.set(d, d.num(), (int) r);
        }
    }

    private void f2f(SimThread t, Line.Instr ins, Form f, FloatMath.Mode m, boolean ftz) {
        List<String> ty = types(ins);
        if (ty.size() != 2) {
            LaunchState.unsupported(ins.fullOpcode());
        }
        String dst = ty.get(0);
        String src = ty.get(1);
        double x = switch (src) {
            case "F64" -> s.dsrc(t, f.val(ins, 0));
            case "F16" -> FloatMath.half(s.src(t, f.val(ins, 0)), false);
            default -> f(t, f.val(ins, 0), ftz);
        };
        Operand.Reg d = f.dest(ins);
        switch (dst) {
            case "F64" -> setD(t, d, x);
            case "F32" -> {
                float rn = (float) x;
                float r = Double.isFinite(x) ? FloatMath.round(new java.math.BigDecimal(x), rn, m, false) : rn;
                setF(t, d, ftz ? FloatMath.ftz(r) : r);
            }
            case "F16" -> t.set(d, d.num(), Float.floatToFloat16((float) x) & 0xffff);
            default -> LaunchState.unsupported(ins.fullOpcode());
        }
    }

    /**
     * HADD2/HMUL2/HFMA2 on pairs of halves (low half = element 0). A source is a register (with {@code .H0_H0} /
     * {@code .H1_H1} swizzles, {@code -}, {@code |..|}) or two immediates (high half first, as cuobjdump prints
     * {@code HFMA2.MMA R4, -RZ, RZ, 3.7421875, 0} for 0x437c0000). Each half is computed in double from the exact
     * products and rounded to half (the double rounding via float is not modelled).
     */
    private void half2(SimThread t, Line.Instr ins, Form f, String op) {
        List<float[]> srcs = new ArrayList<>();
        List<Operand> vals = f.vals();
        for (int k = 0; k < vals.size(); k++) {
            Operand o = vals.get(k);
            if (o instanceof Operand.Imm hi && k + 1 < vals.size() && vals.get(k + 1) instanceof Operand.Imm lo) {
                srcs.add(new float[] {immHalf(lo), immHalf(hi)});
                k++;
            } else if (o instanceof Operand.Reg r) {
                int raw = t.get(r, r.num());
                float h0 = FloatMath.half(raw, false);
                float h1 = FloatMath.half(raw >>> 16, false);
                if (r.hasExt("H0_H0")) {
                    h1 = h0;
                } else if (r.hasExt("H1_H1")) {
                    h0 = h1;
                }
                float[] p = {h0, h1};
                for (int j = 0; j < 2; j++) {
                    if (r.abs()) {
                        p[j] = Math.abs(p[j]);
                    }
                    if (r.neg()) {
                        p[j] = -p[j];
                    }
                }
                srcs.add(p);
            } else {
                LaunchState.unsupported(ins.fullOpcode() + " operand " + o.text());
            }
        }
        int need = op.equals("HFMA2") ? 3 : 2;
        if (srcs.size() != need || ins.mods().stream().anyMatch(x -> !x.equals("MMA") && !x.equals("FTZ"))) {
            LaunchState.unsupported(ins.fullOpcode() + " with " + srcs.size() + " sources");
        }
        int r = 0;
        for (int j = 0; j < 2; j++) {
            double a = srcs.get(0)[j];
            double b = srcs.get(1)[j];
            double v = switch (op) {
                case "HADD2" -> a + b;
                case "HMUL2" -> a * b;
                default -> Math.fma(a, b, srcs.get(2)[j]);
            };
            r |= (Float.floatToFloat16((float) v) & 0xffff) << 16 * j;
        }
        t.set(f.dest(ins), f.dest(ins).num(), r);
    }

    private static float immHalf(Operand.Imm im) {
        return im.isFloat() ? Float.intBitsToFloat((int) im.value()) : (float) im.value();
    }
}
