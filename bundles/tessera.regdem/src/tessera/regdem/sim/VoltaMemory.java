package tessera.regdem.sim;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * Memory instructions of Volta and later: LDG/STG, LDS/STS, LDL/STL (widths .U8 .S8 .U16 .S16 .64 .128, cache and
 * scope modifiers ignored), LDC, shared atomics ATOMS, global atomics and reductions ATOMG/ATOM/RED/REDG, and
 * LDGSTS (cp.async) as an immediate global-to-shared copy. Addresses: a global base register is a 64-bit pair
 * ({@code [R2.64]}, and {@code [R2]} with {@code .E} as sm_75's cuobjdump prints it) plus a 64-bit uniform pair
 * ({@code [R36.64+UR6]}); shared and local addresses are 32-bit, with the scaled forms {@code [R0.X4]},
 * {@code [R0.X16]} and a 32-bit uniform register. Threads run one at a time, so atomics are trivially atomic; the
 * order of a float reduction is the thread order.
 */
final class VoltaMemory {

    private static final long M = 0xffffffffL;

    private final LaunchState s;

    VoltaMemory(LaunchState s) {
        this.s = s;
    }

    /** Bytes moved by a memory instruction, from its width modifier (4 by default). */
    static int width(Line.Instr ins) {
        for (String m : ins.mods()) {
            switch (m) {
                case "U8", "S8" -> {
                    return 1;
                }
                case "U16", "S16" -> {
                    return 2;
                }
                case "64" -> {
                    return 8;
                }
                case "128" -> {
                    return 16;
                }
                default -> {
                }
            }
        }
        return 4;
    }

    private static Isa.MemSpace space(String op) {
        return switch (op) {
            case "LDG", "STG", "LD", "ST", "ATOMG", "ATOM", "RED", "REDG" -> Isa.MemSpace.GLOBAL;
            case "LDS", "STS", "ATOMS" -> Isa.MemSpace.SHARED;
            case "LDL", "STL" -> Isa.MemSpace.LOCAL;
            default -> Isa.MemSpace.CONSTANT;
        };
    }

    /** The byte address of {@code m} in {@code space}. */
    long address(SimThread t, Line.Instr ins, Operand.Mem m, Isa.MemSpace space) {
        long a = m.offset();
        if (space == Isa.MemSpace.GLOBAL) {
            if (m.base() != null && !m.base().isZero()) {
                boolean wide = m.base().hasExt("64") || ins.hasMod("E");
                a += wide ? t.pair(m.base()) : t.get(m.base(), m.base().num()) & M;
            }
            if (m.ubase() != null && !m.ubase().isZero()) {
                a += t.pair(m.ubase());
            }
            return a;
        }
        if (m.base() != null && !m.base().isZero()) {
            long scale = m.base().hasExt("X4") ? 4 : m.base().hasExt("X8") ? 8 : m.base().hasExt("X16") ? 16 : 1;
            a += (t.get(m.base(), m.base().num()) & M) * scale;
        }
        if (m.ubase() != null && !m.ubase().isZero()) {
            a += t.get(m.ubase(), m.ubase().num()) & M;
        }
        return a & M;
    }

    private static Operand.Mem mem(Line.Instr ins, int i) {
        if (i < ins.operands().size() && ins.operands().get(i) instanceof Operand.Mem m) {
            return m;
        }
        throw new SimulationException(ins.fullOpcode() + " expects an address as operand " + (i + 1));
    }

    boolean execute(SimThread t, Line.Instr ins, Form f, String op) {
        switch (op) {
            case "LDG", "LD", "LDS", "LDL" -> load(t, ins, f, op);
            case "STG", "ST", "STS", "STL" -> store(t, ins, op);
            case "ATOMS", "ATOMG", "ATOM", "RED", "REDG" -> atomic(t, ins, f, op);
            case "LDGSTS" -> {
                int w = width(ins);
                long dst = address(t, ins, mem(ins, 0), Isa.MemSpace.SHARED);
                long src = address(t, ins, mem(ins, 1), Isa.MemSpace.GLOBAL);
                s.checkAccess(t, Isa.MemSpace.GLOBAL, src, w);
                s.checkAccess(t, Isa.MemSpace.SHARED, dst, w);
                for (int k = 0; k < w; k += Math.min(w, 8)) {
                    int n = Math.min(w, 8);
                    s.storeBytes(t, Isa.MemSpace.SHARED, dst + k, n, s.loadBytes(t, Isa.MemSpace.GLOBAL, src + k, n));
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    private void load(SimThread t, Line.Instr ins, Form f, String op) {
        Isa.MemSpace sp = space(op);
        int w = width(ins);
        long a = address(t, ins, mem(ins, 1), sp);
        Operand.Reg d = f.dest(ins);
        if (w < 4) {
            long v = s.loadBytes(t, sp, a, w);
            boolean signed = ins.hasMod("S8") || ins.hasMod("S16");
            int x = signed ? (int) (v << (64 - 8 * w) >> (64 - 8 * w)) : (int) v;
            t.set(d, d.num(), x);
            return;
        }
        s.checkAccess(t, sp, a, w);
        int[] words = new int[w / 4];
        for (int k = 0; k < w; k += 8) {
            int n = Math.min(8, w - k);
            long v = s.loadBytes(t, sp, a + k, n);
            words[k / 4] = (int) v;
            if (n == 8) {
                words[k / 4 + 1] = (int) (v >>> 32);
            }
        }
        if (!d.isZero()) {
            for (int k = 0; k < words.length; k++) {
                t.set(d, d.num() + k, words[k]);
            }
        }
    }

    private void store(SimThread t, Line.Instr ins, String op) {
        Isa.MemSpace sp = space(op);
        int w = width(ins);
        long a = address(t, ins, mem(ins, 0), sp);
        if (!(ins.operands().size() > 1 && ins.operands().get(1) instanceof Operand.Reg r)) {
            throw new SimulationException(ins.fullOpcode() + " expects a data register");
        }
        s.checkAccess(t, sp, a, w);
        if (w < 4) {
            s.storeBytes(t, sp, a, w, t.get(r, r.num()));
            return;
        }
        for (int k = 0; k < w; k += 8) {
            int n = Math.min(8, w - k);
            long v = t.get(r, r.isZero() ? r.num() : r.num() + k / 4) & M;
            if (n == 8) {
                v |= (long) t.get(r, r.isZero() ? r.num() : r.num() + k / 4 + 1) << 32;
            }
            s.storeBytes(t, sp, a + k, n, v);
        }
    }

    /**
     * {@code ATOMS.op Rd, [a], Rb [, Rc]}, {@code ATOMG.E.op Rd, [a], Rb}, {@code RED.E.op [a], Rb}: ADD (integer,
     * {@code .F32} with {@code .FTZ.RN}, {@code .64}), MIN/MAX ({@code .S32} signed, unsigned otherwise), AND, OR,
     * XOR, EXCH, CAS, INC/DEC (CUDA's wrapping atomicInc/atomicDec) and {@code POPC.INC} (add 1: the warp-aggregated
     * increment nvcc emits for {@code atomicAdd(p, 1)}).
     */
    private void atomic(SimThread t, Line.Instr ins, Form f, String op) {
        Isa.MemSpace sp = space(op);
        boolean red = op.startsWith("RED");
        int memAt = red ? 0 : 1;
        long a = address(t, ins, mem(ins, memAt), sp);
        boolean wide = ins.hasMod("64") || ins.hasMod("U64") || ins.hasMod("S64") || ins.hasMod("F64");
        int w = wide ? 8 : 4;
        s.checkAccess(t, sp, a, w);
        long old = s.loadBytes(t, sp, a, w);
        String kind = ins.mods().stream().filter(m -> m.matches("ADD|MIN|MAX|AND|OR|XOR|EXCH|CAS|INC|DEC|POPC"))
                .findFirst().orElseGet(() -> LaunchState.unsupported("atomic operation of " + ins.fullOpcode()));
        long b = kind.equals("POPC") ? 1 : operandValue(t, ins.operands().get(memAt + 1), wide);
        boolean signed = ins.hasMod("S32") || ins.hasMod("S64");
        long nv = switch (kind) {
            case "ADD", "POPC" -> {
                if (ins.hasMod("F32")) {
                    boolean ftz = ins.hasMod("FTZ");
                    float x = flush(Float.intBitsToFloat((int) old), ftz) + flush(Float.intBitsToFloat((int) b), ftz);
                    yield Float.floatToRawIntBits(flush(x, ftz)) & M;
                }
                if (ins.hasMod("F64")) {
                    yield Double.doubleToRawLongBits(Double.longBitsToDouble(old) + Double.longBitsToDouble(b));
                }
                yield old + b;
            }
            case "MIN", "MAX" -> {
                long x = wide ? old : signed ? (int) old : old & M;
                long y = wide ? b : signed ? (int) b : b & M;
                int c = wide && !signed ? Long.compareUnsigned(x, y) : Long.compare(x, y);
                yield kind.equals("MIN") == (c <= 0) ? x : y;
            }
            case "AND" -> old & b;
            case "OR" -> old | b;
            case "XOR" -> old ^ b;
            case "EXCH" -> b;
            case "CAS" -> old == b ? operandValue(t, ins.operands().get(memAt + 2), wide) : old;
            case "INC" -> (old & M) >= (b & M) ? 0 : old + 1;
            case "DEC" -> (old & M) == 0 || (old & M) > (b & M) ? b : old - 1;
            default -> LaunchState.unsupported("atomic " + kind);
        };
        s.storeBytes(t, sp, a, w, nv);
        if (!red && f.dest() != null && !f.dest().isZero()) {
            if (wide) {
                t.setPair(f.dest(), old);
            } else {
                t.set(f.dest(), f.dest().num(), (int) old);
            }
        }
    }

    private static float flush(float x, boolean ftz) {
        return ftz ? FloatMath.ftz(x) : x;
    }

    private long operandValue(SimThread t, Operand o, boolean wide) {
        if (wide && o instanceof Operand.Reg r) {
            return t.pair(r);
        }
        return s.src(t, o) & M;
    }
}
