package tessera.regdem.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

/**
 * Reference interpreter for the SASS subset of the examples (Maxwell-style): integer and float ALU, predicates,
 * branches with SSY/SYNC, PBK/BRK, PCNT/CONT reconvergence, global/shared/local loads and stores, S2R of tid/ctaid,
 * BAR.SYNC. Execution model: the threads of a block run one after another, each until it reaches a barrier or exits;
 * then all are released together ("threads one after another between barriers"). Warp-synchronous instructions
 * (SHFL, VOTE) are rejected. Timing (control codes) is ignored: it proves value semantics, the
 * {@code ControlCodeChecker} proves the schedule.
 */
public final class SassSimulator {

    /** Constant bank 0 layout (Maxwell): blockDim at 0x8, gridDim at 0x14, stack top at 0x20, parameters at 0x140. */
    public static final int CONST_SIZE = 0x1000;
    public static final int LOCAL_SIZE = 0x1000;
    public static final int SHARED_FILL = 0x5a5a5a5a;
    public static final long STEP_LIMIT = 2_000_000;

    private final SassProgram program;
    private final List<Line> lines;
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<Long, Integer> addresses = new HashMap<>();
    private final Map<String, Operand> constants = new HashMap<>();
    private final int[] cbank = new int[CONST_SIZE / 4];
    private final GlobalMemory global;
    private final int blockX;
    private final int blockY;
    private final int grid;
    private final int sharedBytes;
    private long steps;

    private SassSimulator(SassProgram p, GlobalMemory g, int blockX, int blockY, int grid, int sharedBytes) {
        this.program = p;
        this.lines = p.lines();
        this.global = g;
        this.blockX = blockX;
        this.blockY = blockY;
        this.grid = grid;
        this.sharedBytes = sharedBytes;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) instanceof Line.Label l) {
                labels.put(l.name(), i);
            } else if (lines.get(i) instanceof Line.Instr ins && ins.address() >= 0) {
                addresses.put(ins.address(), i);
            }
        }
        p.constants().forEach((k, v) -> {
            try {
                constants.put(k, SassParser.operand(v));
            } catch (IllegalArgumentException e) {
                // a mapping that is not an operand is simply not usable as one
            }
        });
        cbank[0x8 / 4] = blockX;
        cbank[0xc / 4] = blockY;
        cbank[0x10 / 4] = 1;
        cbank[0x14 / 4] = grid;
        cbank[0x18 / 4] = 1;
        cbank[0x1c / 4] = 1;
        cbank[0x20 / 4] = LOCAL_SIZE;
        cbank[0x28 / 4] = LOCAL_SIZE;
    }

    /** The outcome of a run: the final global memory and the number of executed instructions. */
    public record Result(GlobalMemory memory, long steps) {
    }

    /**
     * Builds the inputs of a launch spec (random {@code in} buffers from the seed, pattern-filled {@code out} buffers)
     * and returns them with the parameter words to place into constant bank 0.
     */
    public record Inputs(GlobalMemory memory, Map<String, long[]> params) {
    }

    public static Inputs inputs(LaunchSpec spec, long seed) {
        Random rnd = new Random(seed);
        GlobalMemory g = new GlobalMemory();
        Map<String, long[]> params = new HashMap<>();
        for (LaunchSpec.Param p : spec.params()) {
            switch (p.kind()) {
                case IN, OUT -> {
                    long a = g.allocate((int) p.value());
                    byte[] b = g.buffer(g.bufferCount() - 1);
                    if (p.kind() == LaunchSpec.Param.Kind.IN) {
                        for (int k = 0; k + 3 < b.length; k += 4) {
                            // small floats and ints alike: keep magnitudes moderate so float code stays finite
                            int v = rnd.nextInt(4) == 0 ? rnd.nextInt(1000) : Float.floatToRawIntBits(rnd.nextFloat() * 4 - 2);
                            b[k] = (byte) v;
                            b[k + 1] = (byte) (v >>> 8);
                            b[k + 2] = (byte) (v >>> 16);
                            b[k + 3] = (byte) (v >>> 24);
                        }
                    } else {
                        java.util.Arrays.fill(b, (byte) 0x77);
                    }
                    params.put(p.name(), new long[] {a, 2});
                }
                case INT, FLOAT -> params.put(p.name(), new long[] {p.value(), 1});
            }
        }
        return new Inputs(g, params);
    }

    /** Runs the kernel on a copy of the inputs; {@code dynamicSmem} bytes of dynamic shared memory are added. */
    public static Result run(SassProgram p, LaunchSpec spec, Inputs in, int dynamicSmem) {
        GlobalMemory g = in.memory().copy();
        SassSimulator s = new SassSimulator(p, g, spec.blockX(), spec.blockY(), spec.grid(),
                p.sharedSize() + dynamicSmem);
        in.params().forEach((name, v) -> s.setParam(name, v[0], (int) v[1]));
        for (int b = 0; b < spec.grid(); b++) {
            s.runBlock(b);
        }
        return new Result(g, s.steps);
    }

    private void setParam(String name, long value, int words) {
        Operand o = constants.get(name);
        if (o == null) {
            o = constants.get(name + "[0]");
        }
        if (!(o instanceof Operand.Const c) || c.index() != null) {
            throw new SimulationException("parameter " + name + " has no constant in the <CONSTANT_MAPPING>");
        }
        int idx = (int) (c.offset() / 4);
        cbank[idx] = (int) value;
        if (words == 2) {
            cbank[idx + 1] = (int) (value >>> 32);
        }
    }

    private static final class Thread {
        final int[] r = new int[256];
        final boolean[] p = new boolean[8];
        boolean cc;
        int pc;
        boolean exited;
        boolean atBarrier;
        final int tx;
        final int ty;
        final byte[] local = new byte[LOCAL_SIZE];
        final Deque<int[]> stack = new ArrayDeque<>();

        Thread(int tx, int ty) {
            this.tx = tx;
            this.ty = ty;
            p[7] = true;
        }
    }

    private int ctaid;
    private byte[] shared;

    private void runBlock(int block) {
        ctaid = block;
        shared = new byte[Math.max(0, sharedBytes)];
        for (int k = 0; k + 3 < shared.length; k += 4) {
            put(shared, k, SHARED_FILL);
        }
        List<Thread> ts = new ArrayList<>();
        for (int y = 0; y < blockY; y++) {
            for (int x = 0; x < blockX; x++) {
                Thread t = new Thread(x, y);
                t.pc = 0;
                ts.add(t);
            }
        }
        while (true) {
            boolean anyRunning = false;
            for (Thread t : ts) {
                if (!t.exited) {
                    t.atBarrier = false;
                    runThread(t);
                }
            }
            for (Thread t : ts) {
                if (!t.exited) {
                    anyRunning = true;
                    t.pc++; // step over BAR.SYNC
                }
            }
            if (!anyRunning) {
                return;
            }
        }
    }

    private void runThread(Thread t) {
        while (true) {
            if (t.pc >= lines.size()) {
                throw new SimulationException("thread ran past the end of the kernel without EXIT");
            }
            Line l = lines.get(t.pc);
            if (!(l instanceof Line.Instr ins)) {
                t.pc++;
                continue;
            }
            if (++steps > STEP_LIMIT) {
                throw new SimulationException("step limit of " + STEP_LIMIT + " instructions exceeded");
            }
            if (ins.guard() != null) {
                boolean g = t.p[ins.guard().num()];
                if (ins.guard().negated() ? g : !g) {
                    t.pc++;
                    continue;
                }
            }
            if (ins.opcode().equals("BAR")) {
                t.atBarrier = true;
                return;
            }
            if (ins.opcode().equals("EXIT")) {
                t.exited = true;
                return;
            }
            int next = execute(t, ins);
            t.pc = next;
        }
    }

    private int target(Line.Instr ins) {
        for (Operand o : ins.operands()) {
            if (o instanceof Operand.Name n && labels.containsKey(n.text())) {
                return labels.get(n.text());
            }
            if (o instanceof Operand.Raw r && r.text().startsWith("`(")) {
                Integer i = labels.get(r.text().substring(2, r.text().length() - 1));
                if (i != null) {
                    return i;
                }
            }
            if (o instanceof Operand.Imm im && addresses.containsKey(im.value())) {
                return addresses.get(im.value());
            }
        }
        throw new SimulationException("branch target of " + ins.fullOpcode() + " not found");
    }

    // ---- operand access ----

    private int src(Thread t, Operand o) {
        return switch (o) {
            case Operand.Reg r -> {
                int v = r.isZero() ? 0 : r.uniform() ? unsupported("uniform registers") : t.r[r.num()];
                if (r.hasExt("H1")) {
                    v = v >>> 16;
                } else if (r.hasExt("H0")) {
                    v = v & 0xffff;
                }
                if (r.abs()) {
                    v = Math.abs(v);
                }
                if (r.not()) {
                    v = ~v;
                }
                if (r.neg()) {
                    v = -v;
                }
                yield v;
            }
            case Operand.Imm im -> (int) im.value();
            case Operand.Const c -> {
                int v = cword(c.bank(), (c.index() == null ? 0 : t.r[c.index().num()]) + c.offset());
                if (c.abs()) {
                    v = Math.abs(v);
                }
                yield c.neg() ? -v : v;
            }
            case Operand.Name n -> {
                Operand m = constants.get(n.text());
                if (m == null) {
                    throw new SimulationException("unknown name " + n.text());
                }
                yield src(t, m);
            }
            case Operand.SpecialReg s -> special(t, s.name());
            default -> unsupported("operand " + o.text());
        };
    }

    private float fsrc(Thread t, Operand o) {
        if (o instanceof Operand.Reg r) {
            float f = Float.intBitsToFloat(r.isZero() ? 0 : t.r[r.num()]);
            if (r.abs()) {
                f = Math.abs(f);
            }
            return r.neg() ? -f : f;
        }
        if (o instanceof Operand.Imm im && !im.isFloat() && !im.text().toLowerCase().contains("0x")) {
            return (float) im.value();
        }
        if (o instanceof Operand.Const c) {
            float f = Float.intBitsToFloat(cword(c.bank(), c.offset() + (c.index() == null ? 0 : t.r[c.index().num()])));
            if (c.abs()) {
                f = Math.abs(f);
            }
            return c.neg() ? -f : f;
        }
        return Float.intBitsToFloat(src(t, o));
    }

    private double dsrc(Thread t, Operand o) {
        if (o instanceof Operand.Reg r) {
            double d = r.isZero() ? 0.0 : Double.longBitsToDouble(pair(t, r.num()));
            if (r.abs()) {
                d = Math.abs(d);
            }
            return r.neg() ? -d : d;
        }
        if (o instanceof Operand.Imm im) {
            return im.isFloat() ? Float.intBitsToFloat((int) im.value()) : im.text().contains("0x")
                    ? Double.longBitsToDouble(im.value() << 32) : (double) im.value();
        }
        if (o instanceof Operand.Const c) {
            long lo = cword(c.bank(), c.offset()) & 0xffffffffL;
            long hi = cword(c.bank(), c.offset() + 4) & 0xffffffffL;
            double d = Double.longBitsToDouble(hi << 32 | lo);
            return c.neg() ? -d : d;
        }
        return unsupported("double operand " + o.text());
    }

    private static long pair(Thread t, int r) {
        return (t.r[r] & 0xffffffffL) | ((long) t.r[r + 1] << 32);
    }

    private void setPair(Thread t, int r, long v) {
        set(t, r, (int) v);
        set(t, r + 1, (int) (v >>> 32));
    }

    private int cword(int bank, long off) {
        if (bank != 0 || off < 0 || off + 4 > CONST_SIZE || off % 4 != 0) {
            throw new SimulationException(String.format("constant access c[0x%x][0x%x] out of range", bank, off));
        }
        return cbank[(int) (off / 4)];
    }

    private int special(Thread t, String name) {
        return switch (name) {
            case "SR_TID.X" -> t.tx;
            case "SR_TID.Y" -> t.ty;
            case "SR_TID.Z" -> 0;
            case "SR_CTAID.X" -> ctaid;
            case "SR_CTAID.Y", "SR_CTAID.Z" -> 0;
            case "SR_LANEID" -> (t.ty * blockX + t.tx) % 32;
            default -> unsupported("special register " + name);
        };
    }

    private static <T> T unsupported(String what) {
        throw new SimulationException("unsupported in the simulator: " + what);
    }

    private static void set(Thread t, int reg, int v) {
        if (reg != Operand.RZ) {
            t.r[reg] = v;
        }
    }

    private static int destReg(Line.Instr ins) {
        Operand o = ins.operands().get(0);
        if (o instanceof Operand.Reg r) {
            if (r.uniform()) {
                throw new SimulationException("unsupported in the simulator: uniform registers");
            }
            return r.num();
        }
        throw new SimulationException("expected a destination register in " + ins.fullOpcode());
    }

    private Operand op(Line.Instr ins, int i) {
        if (i >= ins.operands().size()) {
            throw new SimulationException(ins.fullOpcode() + " needs at least " + (i + 1) + " operands");
        }
        return ins.operands().get(i);
    }

    private static void setPred(Thread t, Operand o, boolean v) {
        if (o instanceof Operand.Pred p && p.num() != Operand.Pred.PT) {
            t.p[p.num()] = v;
        }
    }

    private static boolean pred(Thread t, Operand o) {
        if (o instanceof Operand.Pred p) {
            boolean v = t.p[p.num()];
            return p.negated() != v;
        }
        throw new SimulationException("expected a predicate, got " + o.text());
    }

    // ---- memory ----

    private long address(Thread t, Line.Instr ins, Operand.Mem m) {
        long base = 0;
        if (m.base() != null && !m.base().isZero()) {
            boolean wide = Isa.info(ins).reads().stream().anyMatch(x -> x.role() == Isa.RegRef.Role.ADDRESS
                    && x.width() == 2);
            base = wide ? pair(t, m.base().num()) : (t.r[m.base().num()] & 0xffffffffL);
        }
        return base + m.offset();
    }

    private int load(Thread t, Isa.MemSpace space, long addr) {
        return switch (space) {
            case GLOBAL -> global.read(addr);
            case SHARED -> get(checked(shared, addr, "shared"), (int) addr);
            case LOCAL -> get(checked(t.local, addr, "local"), (int) addr);
            default -> unsupported("load from " + space);
        };
    }

    private void store(Thread t, Isa.MemSpace space, long addr, int v) {
        switch (space) {
            case GLOBAL -> global.write(addr, v);
            case SHARED -> put(checked(shared, addr, "shared"), (int) addr, v);
            case LOCAL -> put(checked(t.local, addr, "local"), (int) addr, v);
            default -> unsupported("store to " + space);
        }
    }

    private static byte[] checked(byte[] mem, long addr, String what) {
        if (addr < 0 || addr + 4 > mem.length || addr % 4 != 0) {
            throw new SimulationException(String.format("%s access at 0x%x is out of bounds (size %d) or misaligned",
                    what, addr, mem.length));
        }
        return mem;
    }

    private static int get(byte[] b, int o) {
        return (b[o] & 0xff) | (b[o + 1] & 0xff) << 8 | (b[o + 2] & 0xff) << 16 | (b[o + 3] & 0xff) << 24;
    }

    private static void put(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >>> 8);
        b[o + 2] = (byte) (v >>> 16);
        b[o + 3] = (byte) (v >>> 24);
    }

    // ---- execution ----

    private int execute(Thread t, Line.Instr ins) {
        int pc = t.pc;
        String op = ins.opcode();
        switch (op) {
            case "NOP", "DEPBAR", "MEMBAR" -> {
                return pc + 1;
            }
            case "BRA" -> {
                return target(ins);
            }
            case "SSY", "PBK", "PCNT" -> {
                t.stack.push(new int[] {op.equals("SSY") ? 0 : op.equals("PBK") ? 1 : 2, target(ins)});
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
            case "S2R" -> set(t, destReg(ins), src(t, op(ins, 1)));
            case "MOV", "MOV32I" -> set(t, destReg(ins), src(t, op(ins, 1)));
            case "IADD", "IADD32I" -> {
                long a = src(t, op(ins, 1)) & 0xffffffffL;
                long b = src(t, op(ins, 2)) & 0xffffffffL;
                long s = a + b + (ins.hasMod("X") && t.cc ? 1 : 0);
                set(t, destReg(ins), (int) s);
                if (ins.operands().get(0) instanceof Operand.Reg d && d.hasExt("CC")) {
                    t.cc = (s >>> 32) != 0;
                }
            }
            case "ISCADD" -> {
                long a = (src(t, op(ins, 1)) & 0xffffffffL) << (src(t, op(ins, 3)) & 31);
                long s = (a & 0xffffffffL) + (src(t, op(ins, 2)) & 0xffffffffL);
                set(t, destReg(ins), (int) s);
                if (ins.operands().get(0) instanceof Operand.Reg d && d.hasExt("CC")) {
                    t.cc = (s >>> 32) != 0;
                }
            }
            case "SHL" -> {
                int b = src(t, op(ins, 2));
                set(t, destReg(ins), (b & 0xff) >= 32 ? 0 : src(t, op(ins, 1)) << b);
            }
            case "SHR" -> {
                int a = src(t, op(ins, 1));
                int b = src(t, op(ins, 2)) & 0xff;
                boolean logical = ins.hasMod("U32");
                set(t, destReg(ins), b >= 32 ? (logical || a >= 0 ? 0 : -1) : logical ? a >>> b : a >> b);
            }
            case "LOP", "LOP32I" -> {
                int a = src(t, op(ins, 1));
                int b = src(t, op(ins, 2));
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
                set(t, destReg(ins), v);
            }
            case "XMAD" -> {
                if (ins.mods().stream().anyMatch(m -> !m.equals("U16") && !m.equals("S16"))) {
                    return unsupported(ins.fullOpcode());
                }
                long a = src(t, op(ins, 1)) & 0xffffL;
                long b = src(t, op(ins, 2)) & 0xffffL;
                set(t, destReg(ins), (int) (a * b + (src(t, op(ins, 3)) & 0xffffffffL)));
            }
            case "IMNMX" -> {
                int a = src(t, op(ins, 1));
                int b = src(t, op(ins, 2));
                boolean min = pred(t, op(ins, 3));
                boolean u = ins.hasMod("U32");
                int c = u ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
                set(t, destReg(ins), min ? (c <= 0 ? a : b) : (c >= 0 ? a : b));
            }
            case "SEL" -> set(t, destReg(ins), pred(t, op(ins, 3)) ? src(t, op(ins, 1)) : src(t, op(ins, 2)));
            case "ISETP" -> {
                int a = src(t, op(ins, 2));
                int b = src(t, op(ins, 3));
                boolean u = ins.hasMod("U32");
                int c = u ? Integer.compareUnsigned(a, b) : Integer.compare(a, b);
                boolean r = compare(ins.mods().get(0), c, false);
                setp(t, ins, r);
            }
            case "FSETP" -> {
                float a = fsrc(t, op(ins, 2));
                float b = fsrc(t, op(ins, 3));
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
                boolean a = pred(t, op(ins, 2));
                boolean b = pred(t, op(ins, 3));
                boolean c = pred(t, op(ins, 4));
                boolean r = combine(ins.mods().get(1), combine(ins.mods().get(0), a, b), c);
                setPred(t, op(ins, 0), r);
                setPred(t, op(ins, 1), combine(ins.mods().get(1), !combine(ins.mods().get(0), a, b), c));
            }
            case "FADD" -> setF(t, ins, fsrc(t, op(ins, 1)) + fsrc(t, op(ins, 2)));
            case "FMUL" -> setF(t, ins, fsrc(t, op(ins, 1)) * fsrc(t, op(ins, 2)));
            case "FFMA" -> setF(t, ins, Math.fma(fsrc(t, op(ins, 1)), fsrc(t, op(ins, 2)), fsrc(t, op(ins, 3))));
            case "FMNMX" -> {
                float a = fsrc(t, op(ins, 1));
                float b = fsrc(t, op(ins, 2));
                setF(t, ins, pred(t, op(ins, 3)) ? Math.min(a, b) : Math.max(a, b));
            }
            case "MUFU" -> {
                float a = fsrc(t, op(ins, 1));
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
                int v = src(t, op(ins, 1));
                double d = unsigned ? (double) (v & 0xffffffffL) : (double) v;
                if (dst64) {
                    setPair(t, destReg(ins), Double.doubleToRawLongBits(d));
                } else {
                    set(t, destReg(ins), Float.floatToRawIntBits(unsigned ? (float) (v & 0xffffffffL) : (float) v));
                }
            }
            case "F2I" -> {
                boolean src64 = ins.mods().indexOf("F64") > 0 || ins.mods().size() == 1 && ins.hasMod("F64");
                double d = src64 ? dsrc(t, op(ins, 1)) : fsrc(t, op(ins, 1));
                if (ins.hasMod("FLOOR")) {
                    d = Math.floor(d);
                } else if (ins.hasMod("CEIL")) {
                    d = Math.ceil(d);
                } else if (ins.hasMod("TRUNC")) {
                    d = d < 0 ? Math.ceil(d) : Math.floor(d);
                } else {
                    d = Math.rint(d);
                }
                set(t, destReg(ins), ins.hasMod("U32") ? (int) Math.max(0, Math.min(4294967295.0, d))
                        : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, d)));
            }
            case "F2F" -> {
                List<String> types = ins.mods().stream().filter(m -> m.matches("F(16|32|64)")).toList();
                if (types.size() != 2) {
                    return unsupported(ins.fullOpcode());
                }
                double v = types.get(1).equals("F64") ? dsrc(t, op(ins, 1)) : fsrc(t, op(ins, 1));
                if (types.get(0).equals("F64")) {
                    setPair(t, destReg(ins), Double.doubleToRawLongBits(v));
                } else {
                    set(t, destReg(ins), Float.floatToRawIntBits((float) v));
                }
            }
            case "DADD" -> setD(t, ins, dsrc(t, op(ins, 1)) + dsrc(t, op(ins, 2)));
            case "DMUL" -> setD(t, ins, dsrc(t, op(ins, 1)) * dsrc(t, op(ins, 2)));
            case "DFMA" -> setD(t, ins, Math.fma(dsrc(t, op(ins, 1)), dsrc(t, op(ins, 2)), dsrc(t, op(ins, 3))));
            case "LDG", "LD", "LDS", "LDL" -> {
                Isa.MemSpace sp = Isa.memSpace(op);
                long a = address(t, ins, (Operand.Mem) op(ins, 1));
                int w = Isa.memWidth(ins);
                if (sp == Isa.MemSpace.GLOBAL && w > 1) {
                    global.checkWide(a, 4 * w);
                } else if (a % (4L * w) != 0) {
                    throw new SimulationException(String.format("misaligned %d-byte access at 0x%x", 4 * w, a));
                }
                int d = destReg(ins);
                int[] vals = new int[w];
                for (int k = 0; k < w; k++) {
                    vals[k] = load(t, sp, a + 4L * k);
                }
                for (int k = 0; k < w; k++) {
                    set(t, d + k, vals[k]);
                }
            }
            case "STG", "ST", "STS", "STL" -> {
                Isa.MemSpace sp = Isa.memSpace(op);
                long a = address(t, ins, (Operand.Mem) op(ins, 0));
                int w = Isa.memWidth(ins);
                if (sp == Isa.MemSpace.GLOBAL && w > 1) {
                    global.checkWide(a, 4 * w);
                } else if (a % (4L * w) != 0) {
                    throw new SimulationException(String.format("misaligned %d-byte access at 0x%x", 4 * w, a));
                }
                Operand data = op(ins, 1);
                for (int k = 0; k < w; k++) {
                    int v = data instanceof Operand.Reg r && !r.isZero() ? t.r[r.num() + k] : k == 0 ? src(t, data) : 0;
                    store(t, sp, a + 4L * k, v);
                }
            }
            default -> {
                return unsupported(ins.fullOpcode());
            }
        }
        return pc + 1;
    }

    private static boolean compare(String cmp, int c, boolean isFloat) {
        return switch (cmp) {
            case "LT" -> c < 0;
            case "EQ" -> c == 0;
            case "LE" -> c <= 0;
            case "GT" -> c > 0;
            case "NE" -> c != 0;
            case "GE" -> c >= 0;
            case "T" -> true;
            case "F" -> false;
            default -> unsupported("comparison " + cmp);
        };
    }

    private static boolean combine(String op, boolean a, boolean b) {
        return switch (op) {
            case "AND" -> a && b;
            case "OR" -> a || b;
            case "XOR" -> a ^ b;
            default -> unsupported("predicate operation " + op);
        };
    }

    private void setp(Thread t, Line.Instr ins, boolean r) {
        boolean c = pred(t, op(ins, 4));
        String bop = ins.mods().size() > 1 ? ins.mods().get(ins.mods().size() - 1) : "AND";
        if (bop.equals("U32")) {
            bop = "AND";
        }
        setPred(t, op(ins, 0), combine(bop, r, c));
        setPred(t, op(ins, 1), combine(bop, !r, c));
    }

    private void setF(Thread t, Line.Instr ins, float f) {
        set(t, destReg(ins), Float.floatToRawIntBits(f));
    }

    private void setD(Thread t, Line.Instr ins, double d) {
        setPair(t, destReg(ins), Double.doubleToRawLongBits(d));
    }
}
