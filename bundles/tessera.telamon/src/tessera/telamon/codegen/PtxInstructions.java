package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.codegen.Erased.Cond;
import tessera.telamon.codegen.Erased.Guard;
import tessera.telamon.impl.Cache;
import tessera.telamon.impl.MemSpace;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Type;

/**
 * Seed 001 §4.4.4, the printer's instructions: one kernel instruction at the current point (or all lanes of a VECTOR
 * dimension at once), with its guard as a predicate, operands converted to its type, and eq. 4.2 addresses computed
 * from the LOOP, THREAD and BLOCK indices with {@code mad.wide.s32} and the UNROLL and VECTOR part as an immediate
 * offset. Cache directives: loads L1 {@code .ca}, L2 {@code .cg}, READ_ONLY {@code .nc}, NONE {@code .cv}; stores L1
 * {@code .wb}, L2 and NONE {@code .cg}; shared memory has none.
 */
final class PtxInstructions {
    /** The emission context: constant index (Long) or index register (String) per enclosing merge class. */
    static final class Ctx implements Variables.Context {
        final Map<String, Object> index = new HashMap<>();

        @Override
        public Long constant(String rep) {
            return index.get(rep) instanceof Long k ? k : null;
        }
    }

    private final Annotation a;
    private final Variables vars;
    private final PtxCode code;
    private final Map<Guard, String> guards = new HashMap<>();

    PtxInstructions(Annotation a, Variables vars, PtxCode code) {
        this.a = a;
        this.vars = vars;
        this.code = code;
    }

    /** The register of an instruction's variable. */
    String valueReg(String var, Type t) {
        return code.reg("v_", var, t.ptx());
    }

    /** The base address register of an array. */
    String baseReg(String array) {
        return code.reg("a_", array, "b64");
    }

    /** The register of a scalar parameter. */
    String paramReg(String param) {
        return code.reg("s_", param, a.kernel().param(param).type().ptx());
    }

    /** Emits {@code inst} at the point of {@code ctx}. */
    void emit(String name, Guard guard, Ctx ctx) {
        Inst i = a.kernel().inst(name);
        String t = i.type().ptx();
        String g = predicate(guard);
        List<String> ops = new ArrayList<>();
        for (Operand o : i.operands()) {
            ops.add(operand(i, o, ctx));
        }
        String dst = i.op() == Op.ST ? null : valueReg(vars.var(name, ctx), i.type());
        if (i.op() != Op.MOV && i.op() != Op.ST && !i.op().isMemory()) {
            ops.set(0, inRegister(ops.get(0), t));
        }
        switch (i.op()) {
            case LD -> code.line(g + memOp(i, "ld") + " " + dst + ", " + address(i, ctx) + ";");
            case ST -> code.line(g + memOp(i, "st") + " " + address(i, ctx) + ", " + inRegister(ops.get(0), t) + ";");
            case MOV -> code.line("mov." + t + " " + dst + ", " + ops.get(0) + ";");
            case ADD, SUB, MIN, MAX -> code.line(i.op().name().toLowerCase(java.util.Locale.ROOT) + "." + t + " " + dst + ", " + ops.get(0) + ", " + ops.get(1) + ";");
            case MUL -> code.line((i.type().isFloat() ? "mul." : "mul.lo.") + t + " " + dst + ", " + ops.get(0) + ", " + ops.get(1) + ";");
            case MAD -> code.line((i.type().isFloat() ? "fma.rn." : "mad.lo.") + t + " " + dst + ", " + ops.get(0) + ", " + ops.get(1)
                    + ", " + ops.get(2) + ";");
        }
    }

    /** Emits a load or store once for all {@code width} lanes of VECTOR class {@code dim} ({@code .v2} / {@code .v4}). */
    void emitVector(String name, Guard guard, Ctx ctx, String dim, int width) {
        Inst i = a.kernel().inst(name);
        String t = i.type().ptx();
        List<String> lanes = new ArrayList<>();
        for (long k = 0; k < width; k++) {
            ctx.index.put(dim, k);
            lanes.add(i.op() == Op.LD ? valueReg(vars.var(name, ctx), i.type()) : inRegister(operand(i, i.operands().get(0), ctx), t));
        }
        ctx.index.put(dim, 0L);
        String addr = address(i, ctx);
        ctx.index.remove(dim);
        String v = "{" + String.join(", ", lanes) + "}";
        String op = memOp(i, i.op() == Op.LD ? "ld" : "st").replace("." + t, ".v" + width + "." + t);
        code.line(predicate(guard) + op + " " + (i.op() == Op.LD ? v + ", " + addr : addr + ", " + v) + ";");
    }

    private String memOp(Inst i, String op) {
        Array array = a.kernel().array(i.access().array());
        String t = i.type().ptx();
        if (array.type() != i.type()) {
            throw new IllegalArgumentException("instruction " + i.name() + " is " + i.type().keyword() + " but array " + array.name()
                    + " holds " + array.type().keyword());
        }
        if (a.memSpace(array.name()) == MemSpace.SHARED) {
            return op + ".shared." + t;
        }
        Cache c = a.impl().cache().get(i.name());
        if (c == null) {
            throw new IllegalArgumentException("memory instruction " + i.name() + " has no cache directive");
        }
        String dir = switch (c) {
            case L1 -> op.equals("ld") ? ".ca" : ".wb";
            case L2 -> ".cg";
            case NONE -> op.equals("ld") ? ".cv" : ".cg";
            case READ_ONLY -> {
                if (op.equals("st") || a.kernel().insts().stream().anyMatch(s -> s.op() == Op.ST && s.access().array().equals(array.name()))) {
                    throw new IllegalArgumentException("instruction " + i.name() + " uses the read-only cache on " + array.name()
                            + ", which the kernel writes");
                }
                yield ".nc";
            }
        };
        return op + ".global" + dir + "." + t;
    }

    /** {@code [%rd+imm]}: eq. 4.2 in bytes at the current point. */
    private String address(Inst i, Ctx ctx) {
        Addresses.Linear l = a.addresses().of(i.name());
        long bytes = i.type().bytes();
        long constant = l.offset();
        String cur = baseReg(i.access().array());
        for (Map.Entry<String, Long> e : l.coefs().entrySet()) {
            if (e.getValue() == 0) {
                continue;
            }
            Object idx = ctx.index.get(a.rep(e.getKey()));
            if (idx instanceof Long k) {
                constant += e.getValue() * k;
                continue;
            }
            long cb = e.getValue() * bytes;
            String rd = code.temp("b64");
            if (cb == (int) cb) {
                code.line("mad.wide.s32 " + rd + ", " + idx + ", " + cb + ", " + cur + ";");
            } else {
                String w = code.temp("b64");
                code.line("cvt.s64.s32 " + w + ", " + idx + ";");
                code.line("mul.lo.s64 " + w + ", " + w + ", " + cb + ";");
                code.line("add.s64 " + rd + ", " + cur + ", " + w + ";");
            }
            cur = rd;
        }
        long cbytes = constant * bytes;
        if (cbytes < 0 || cbytes != (int) cbytes) {
            String rd = code.temp("b64");
            code.line("add.s64 " + rd + ", " + cur + ", " + cbytes + ";");
            return "[" + rd + "]";
        }
        return "[" + cur + (cbytes != 0 ? "+" + cbytes : "") + "]";
    }

    /** An operand as a register or an immediate of the instruction's type. */
    private String operand(Inst i, Operand o, Ctx ctx) {
        return switch (o) {
            case Operand.Const c -> PtxCode.literal(i.type().ptx(), c.value());
            case Operand.Arg p -> convert(paramReg(p.param()), a.kernel().param(p.param()).type(), i.type());
            case Operand.Index x -> {
                Object idx = ctx.index.get(a.rep(x.dim()));
                yield idx instanceof Long k ? PtxCode.literal(i.type().ptx(), k) : convert((String) idx, Type.I32, i.type());
            }
            case Operand.Value v -> convert(valueReg(vars.read(i, v.inst(), v.mapped(), ctx), a.kernel().inst(v.inst()).type()),
                    a.kernel().inst(v.inst()).type(), i.type());
            case Operand.Carried c -> valueReg(vars.var(i.name(), ctx), i.type());
        };
    }

    private String inRegister(String op, String type) {
        if (op.startsWith("%")) {
            return op;
        }
        String r = code.temp(type);
        code.line("mov." + type + " " + r + ", " + op + ";");
        return r;
    }

    private String convert(String reg, Type from, Type to) {
        if (from == to) {
            return reg;
        }
        String r = code.temp(to.ptx());
        String mode = to.isFloat() && (!from.isFloat() || to == Type.F32) ? "rn." : !to.isFloat() && from.isFloat() ? "rzi." : "";
        code.line("cvt." + mode + to.ptx() + "." + from.ptx() + " " + r + ", " + reg + ";");
        return r;
    }

    /** {@code @%p } for a guard (its predicate computed once in the preamble), or nothing. */
    private String predicate(Guard g) {
        if (g.always()) {
            return "";
        }
        String p = guards.get(g);
        if (p == null) {
            for (Cond c : g.conds()) {
                String q = code.temp("pred");
                String t = code.reg("t_", String.valueOf("xyz".charAt(c.axis())), "s32");
                code.pre(c.below() == 1 ? "setp.eq.s32 " + q + ", " + t + ", 0;" : "setp.lt.s32 " + q + ", " + t + ", " + c.below() + ";");
                if (p != null) {
                    String r = code.temp("pred");
                    code.pre("and.pred " + r + ", " + p + ", " + q + ";");
                    q = r;
                }
                p = q;
            }
            guards.put(g, p);
        }
        return "@" + p + " ";
    }
}
