package tessera.regdem.sim;

import static tessera.regdem.sim.LaunchState.destReg;
import static tessera.regdem.sim.LaunchState.op;
import static tessera.regdem.sim.LaunchState.unsupported;

import java.util.List;
import java.util.function.ToIntFunction;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * The value semantics of the instructions {@link SassSimulator} supports: integer and float ALU, conversions,
 * predicates, branches and SSY/SYNC, PBK/BRK, PCNT/CONT reconvergence, loads and stores.
 */
final class InstructionSemantics {

    private final LaunchState state;
    private final ToIntFunction<Line.Instr> targets;

    /** {@code targets} gives the line index a branch instruction jumps to. */
    InstructionSemantics(LaunchState state, ToIntFunction<Line.Instr> targets) {
        this.state = state;
        this.targets = targets;
    }

    /** Executes {@code ins} (whose guard holds) for thread {@code t} and returns the index of the next line. */
    int execute(SimThread t, Line.Instr ins) {
        int pc = t.pc;
        String op = ins.opcode();
        switch (op) {
            case "NOP", "DEPBAR", "MEMBAR" -> {
                return pc + 1;
            }
            case "BRA" -> {
                return targets.applyAsInt(ins);
            }
            case "SSY", "PBK", "PCNT" -> {
                t.stack.push(new int[] {op.equals("SSY") ? 0 : op.equals("PBK") ? 1 : 2, targets.applyAsInt(ins)});
                return pc + 1;
            }
            case "SYNC", "BRK", "CONT" -> {
                int kind = op.equals("SYNC") ? 0 : op.equals("BRK") ? 1 : 2;
                while (!t.stack.isEmpty()) {
                    int[] e = t.stack.pop();
                    if (e[0] == kind) {
                        if (kind == 2) {
                            t.stack.push(e); // CONT keeps its loop entry for the next iteration
                        }
                        return e[1];
                    }
                }
                throw new SimulationException(op + " without a matching push");
            }
            case "S2R" -> t.set(destReg(ins), state.src(t, op(ins, 1)));
            case "MOV", "MOV32I" -> t.set(destReg(ins), state.src(t, op(ins, 1)));
            case "IADD", "IADD32I" -> {
                long a = state.src(t, op(ins, 1)) & 0xffffffffL;
                long b = state.src(t, op(ins, 2)) & 0xffffffffL;
                long s = a + b + (ins.hasMod("X") && t.cc ? 1 : 0);
                t.set(destReg(ins), (int) s);
                if (ins.operands().get(0) instanceof Operand.Reg d && d.hasExt("CC")) {
                    t.cc = (s >>> 32) != 0;
                }
            }
            case "ISCADD" -> {
                long a = (state.src(t, op(ins, 1)) & 0xffffffffL) << (state.src(t, op(ins, 3)) & 31);
                long s = (a & 0xffffffffL) + (state.src(t, op(ins, 2)) & 0xffffffffL);
                t.set(destReg(ins), (int) s);
                if (ins.operands().get(0) instanceof Operand.Reg d && d.hasExt("CC")) {
                    t.cc = (s >>> 32) != 0;
                }
            }
            case "SHL" -> {
                int b = state.src(t, op(ins, 2));
                t.set(destReg(ins), (b & 0xff) >= 32 ? 0 : state.src(t, op(ins, 1)) << b);
            }
            case "SHR" -> {
                int a = state.src(t, op(ins, 1));
                int b = state.src(t, op(ins, 2)) & 0xff;
                boolean logical = ins.hasMod("U32");
                t.set(destReg(ins), b >= 32 ? (logical || a >= 0 ? 0 : -1) : logical ? a >>> b : a >> b);
            }
            case "LOP", "LOP32I" -> {
                int a = state.src(t, op(ins, 1));
                int b = state.src(t, op(ins, 2));
                int v;
                if (ins.hasMod("AND")) {
                    v = a & b;
                } else if (ins.hasMod("OR")) {
                    v = a | b;
                } else if (ins.hasMod("XOR")) {
                    v = a ^ b;
                } else if (ins.hasMod("PASS_B")) {
                    v = b;
                } else {
                    return unsupported(ins.fullOpcode());
                }
                t.set(destReg(ins), v);
            }
            case "XMAD" -> {
                if (ins.mods().stream().anyMatch(m -> !m.equals("U16") && !m.equals("S16"))) {
                    return unsupported(ins.fullOpcode());
                }
                long a = state.src(t, op(ins, 1)) & 0xffffL;
                long b = state.src(t, op(ins, 2)) & 0xffffL;
                t.set(destReg(ins), (int) (a * b + (state.src(t, op(ins, 3)) & 0xffffffffL)));
            }
            case "IMNMX" -> {
                int a = state.src(t, op(ins, 1));
                int b = state.src(t, op(ins, 2));
                boolean min = t.pred(op(ins, 3));
                boolean u = ins.hasMod("U32");
                int c = u ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
                t.set(destReg(ins), min ? (c <= 0 ? a : b) : (c >= 0 ? a : b));
            }
            case "SEL" -> t.set(destReg(ins), t.pred(op(ins, 3)) ? state.src(t, op(ins, 1)) : state.src(t, op(ins, 2)));
            case "ISETP" -> {
                int a = state.src(t, op(ins, 2));
                int b = state.src(t, op(ins, 3));
                boolean u = ins.hasMod("U32");
                int c = u ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
                boolean r = compare(ins.mods().get(0), c, false);
                setp(t, ins, r);
            }
            case "FSETP" -> {
                float a = state.fsrc(t, op(ins, 2));
                float b = state.fsrc(t, op(ins, 3));
                String cmp = ins.mods().get(0);
                boolean unordered = Float.isNaN(a) || Float.isNaN(b);
                boolean u = cmp.length() == 3 && cmp.endsWith("U");
                String base = u ? cmp.substring(0, 2) : cmp;
                boolean r;
                if (cmp.equals("NAN") || cmp.equals("NUM")) {
                    r = cmp.equals("NAN") == unordered;
                } else {
                    r = unordered ? u : compare(base, a < b ? -1 : a > b ? 1 : 0, true);
                }
                setp(t, ins, r);
            }
            case "PSETP" -> {
                boolean a = t.pred(op(ins, 2));
                boolean b = t.pred(op(ins, 3));
                boolean c = t.pred(op(ins, 4));
                boolean r = combine(ins.mods().get(1), combine(ins.mods().get(0), a, b), c);
                t.setPred(op(ins, 0), r);
                t.setPred(op(ins, 1), combine(ins.mods().get(1), !combine(ins.mods().get(0), a, b), c));
            }
            case "FADD" -> setF(t, ins, state.fsrc(t, op(ins, 1)) + state.fsrc(t, op(ins, 2)));
            case "FMUL" -> setF(t, ins, state.fsrc(t, op(ins, 1)) * state.fsrc(t, op(ins, 2)));
            case "FFMA" -> setF(t, ins,
                    Math.fma(state.fsrc(t, op(ins, 1)), state.fsrc(t, op(ins, 2)), state.fsrc(t, op(ins, 3))));
            case "FMNMX" -> {
                float a = state.fsrc(t, op(ins, 1));
                float b = state.fsrc(t, op(ins, 2));
                setF(t, ins, t.pred(op(ins, 3)) ? Math.min(a, b) : Math.max(a, b));
            }
            case "MUFU" -> {
                float a = state.fsrc(t, op(ins, 1));
                String f = ins.mods().isEmpty() ? "" : ins.mods().get(0);
                float r = switch (f) {
                    case "RCP" -> 1.0f / a;
                    case "RSQ" -> (float) (1.0 / Math.sqrt(a));
                    case "SQRT" -> (float) Math.sqrt(a);
                    case "EX2" -> (float) Math.pow(2, a);
                    case "LG2" -> (float) (Math.log(a) / Math.log(2));
                    case "SIN" -> (float) Math.sin(a);
                    case "COS" -> (float) Math.cos(a);
                    default -> unsupported("MUFU." + f);
                };
                setF(t, ins, r);
            }
            case "I2F" -> {
                boolean dst64 = ins.hasMod("F64");
                boolean unsigned = ins.mods().stream().anyMatch(m -> m.startsWith("U"));
                int v = state.src(t, op(ins, 1));
                double d = unsigned ? (double) (v & 0xffffffffL) : (double) v;
                if (dst64) {
                    t.setPair(destReg(ins), Double.doubleToRawLongBits(d));
                } else {
                    t.set(destReg(ins), Float.floatToRawIntBits(unsigned ? (float) (v & 0xffffffffL) : (float) v));
                }
            }
            case "F2I" -> {
                boolean src64 = ins.mods().indexOf("F64") > 0 || ins.mods().size() == 1 && ins.hasMod("F64");
                double d = src64 ? state.dsrc(t, op(ins, 1)) : state.fsrc(t, op(ins, 1));
                if (ins.hasMod("FLOOR")) {
                    d = Math.floor(d);
                } else if (ins.hasMod("CEIL")) {
                    d = Math.ceil(d);
                } else if (ins.hasMod("TRUNC")) {
                    d = d < 0 ? Math.ceil(d) : Math.floor(d);
                } else {
                    d = Math.rint(d);
                }
                t.set(destReg(ins), ins.hasMod("U32") ? (int) Math.max(0, Math.min(4294967295.0, d))
                        : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, d)));
            }
            case "F2F" -> {
                List<String> types = ins.mods().stream().filter(m -> m.matches("F(16|32|64)")).toList();
                if (types.size() != 2) {
                    return unsupported(ins.fullOpcode());
                }
                double v = types.get(1).equals("F64") ? state.dsrc(t, op(ins, 1)) : state.fsrc(t, op(ins, 1));
                if (types.get(0).equals("F64")) {
                    t.setPair(destReg(ins), Double.doubleToRawLongBits(v));
                } else {
                    t.set(destReg(ins), Float.floatToRawIntBits((float) v));
                }
            }
            case "DADD" -> setD(t, ins, state.dsrc(t, op(ins, 1)) + state.dsrc(t, op(ins, 2)));
            case "DMUL" -> setD(t, ins, state.dsrc(t, op(ins, 1)) * state.dsrc(t, op(ins, 2)));
            case "DFMA" -> setD(t, ins,
                    Math.fma(state.dsrc(t, op(ins, 1)), state.dsrc(t, op(ins, 2)), state.dsrc(t, op(ins, 3))));
            case "LDG", "LD", "LDS", "LDL" -> {
                long a = state.accessAddress(t, ins, 1);
                Isa.MemSpace sp = Isa.memSpace(op);
                int w = Isa.memWidth(ins);
                int d = destReg(ins);
                int[] vals = new int[w];
                for (int k = 0; k < w; k++) {
                    vals[k] = state.load(t, sp, a + 4L * k);
                }
                for (int k = 0; k < w; k++) {
                    t.set(d + k, vals[k]);
                }
            }
            case "STG", "ST", "STS", "STL" -> {
                long a = state.accessAddress(t, ins, 0);
                Isa.MemSpace sp = Isa.memSpace(op);
                int w = Isa.memWidth(ins);
                Operand data = op(ins, 1);
                for (int k = 0; k < w; k++) {
                    int v = data instanceof Operand.Reg r && !r.isZero() ? t.r[r.num() + k]
                            : k == 0 ? state.src(t, data) : 0;
                    state.store(t, sp, a + 4L * k, v);
                }
            }
            default -> {
                return unsupported(ins.fullOpcode());
            }
        }
        return pc + 1;
    }

    private static boolean compare(String cmp, int c, boolean isFloat) {
        return VoltaInteger.compare(cmp, c);
    }

    private static boolean combine(String op, boolean a, boolean b) {
        return switch (op) {
            case "AND" -> a && b;
            case "OR" -> a || b;
            case "XOR" -> a ^ b;
            default -> unsupported("predicate operation " + op);
        };
    }

    private void setp(SimThread t, Line.Instr ins, boolean r) {
        boolean c = t.pred(op(ins, 4));
        String bop = ins.mods().size() > 1 ? ins.mods().get(ins.mods().size() - 1) : "AND";
        if (bop.equals("U32")) {
            bop = "AND";
        }
        t.setPred(op(ins, 0), combine(bop, r, c));
        t.setPred(op(ins, 1), combine(bop, !r, c));
    }

    private void setF(SimThread t, Line.Instr ins, float f) {
        t.set(destReg(ins), Float.floatToRawIntBits(f));
    }

    private void setD(SimThread t, Line.Instr ins, double d) {
        t.setPair(destReg(ins), Double.doubleToRawLongBits(d));
    }
}
