package tessera.telamon.ptx;

import java.util.List;

import tessera.core.Diagnostic;
import tessera.core.Severity;
import tessera.telamon.ptx.Insn.Space;

/**
 * Runs the threads of one launch one at a time: {@link #run} executes one thread until its next {@code bar.sync} or
 * {@code ret}. Registers are per thread (raw bits at the declared width), {@code .shared} per block, global memory in
 * {@link Memory}; every access is bounds- and alignment-checked and given to the {@link RaceDetector}.
 */
final class Interpreter {
    static final int RUNNING = 0;
    static final int WAITING = 1;
    static final int DONE = 2;

    /** One thread: registers, program counter, where it stopped. */
    static final class ThreadState {
        final long[] regs;
        final int id;
        final int[] tid;
        int pc;
        int status = RUNNING;
        int stopLine;
        int barrier;

        ThreadState(int regs, int id, int[] tid) {
            this.regs = new long[regs];
            this.id = id;
            this.tid = tid;
        }
    }

    private final PtxProgram prog;
    private final Insn[] code;
    private final PtxType[] regTypes;
    private final Memory memory;
    private final byte[] params;
    private final RaceDetector races;
    private final long stepLimit;
    final int[] grid;
    final int[] block;
    long steps;
    int[] ctaid;
    int blockId;
    byte[] shared;

    Interpreter(PtxProgram prog, Memory memory, byte[] params, RaceDetector races, long stepLimit, int[] grid, int[] block) {
        this.prog = prog;
        this.code = prog.code().toArray(Insn[]::new);
        this.regTypes = prog.registers().stream().map(PtxProgram.Register::type).toArray(PtxType[]::new);
        this.memory = memory;
        this.params = params;
        this.races = races;
        this.stepLimit = stepLimit;
        this.grid = grid;
        this.block = block;
    }

    /** Runs {@code t} until it waits at a barrier or returns. */
    void run(ThreadState t) {
        while (true) {
            if (t.pc >= code.length) {
                t.status = DONE;
                t.stopLine = code.length == 0 ? 0 : code[code.length - 1].line();
                return;
            }
            Insn in = code[t.pc++];
            if (++steps > stepLimit) {
                throw fault(t, in, "step limit of " + stepLimit + " instructions reached (an endless loop?)");
            }
            if (in.guard() >= 0 && (t.regs[in.guard()] != 0) == in.guardNegated()) {
                continue;
            }
            List<Operand> o = in.operands();
            switch (in.op()) {
                case LD -> access(t, in, (Operand.Addr) o.get(1), o.get(0), false);
                case ST -> access(t, in, (Operand.Addr) o.get(0), o.get(1), true);
                case CVTA, MOV -> write(t, o.get(0), in.type(), val(t, o.get(1)));
                case CVT -> write(t, o.get(0), in.type(), Conversions.cvt(in, val(t, o.get(1))));
                case ADD, SUB, MUL, MIN, MAX, AND, OR, XOR, SHL, SHR -> write(t, o.get(0), resultType(in),
                        Alu.binary(in, val(t, o.get(1)), val(t, o.get(2))));
                case DIV, REM -> {
                    long b = val(t, o.get(2));
                    if (!in.type().isFloat() && in.type().extend(b) == 0) {
                        throw fault(t, in, "integer division by zero");
                    }
                    write(t, o.get(0), in.type(), Alu.binary(in, val(t, o.get(1)), b));
                }
                case MAD, FMA -> write(t, o.get(0), resultType(in), Alu.ternary(in, val(t, o.get(1)), val(t, o.get(2)), val(t, o.get(3))));
                case NEG, ABS, NOT -> write(t, o.get(0), in.type(), Alu.unary(in, val(t, o.get(1))));
                case SETP -> {
                    boolean r = Alu.compare(in, val(t, o.get(1)), val(t, o.get(2)));
                    if (o.get(0) instanceof Operand.Vec pq) {
                        t.regs[pq.ids()[0]] = r ? 1 : 0;
                        t.regs[pq.ids()[1]] = r ? 0 : 1;
                    } else {
                        t.regs[((Operand.Reg) o.get(0)).id()] = r ? 1 : 0;
                    }
                }
                case SELP -> write(t, o.get(0), in.type(), val(t, o.get(3)) != 0 ? val(t, o.get(1)) : val(t, o.get(2)));
                case BRA -> t.pc = ((Operand.Target) o.get(0)).index();
                case BAR -> {
                    t.status = WAITING;
                    t.barrier = (int) ((Operand.Imm) o.get(0)).bits();
                    t.stopLine = in.line();
                    return;
                }
                case RET -> {
                    t.status = DONE;
                    t.stopLine = in.line();
                    return;
                }
            }
        }
    }

    private static PtxType resultType(Insn in) {
        return in.mode() == Insn.Mode.WIDE ? OpcodeRules.wide(in.type()) : in.type();
    }

    private long val(ThreadState t, Operand o) {
        return switch (o) {
            case Operand.Reg r -> t.regs[r.id()];
            case Operand.Imm i -> i.bits();
            case Operand.Special s -> switch (s.reg()) {
                case TID -> t.tid[s.axis()];
                case NTID -> block[s.axis()];
                case CTAID -> ctaid[s.axis()];
                case NCTAID -> grid[s.axis()];
                case LANEID -> t.id % 32;
            };
            default -> throw new IllegalStateException(o.toString());
        };
    }

    /** Writes a value of instruction type {@code type} into a register: extended per the type, cut to the register. */
    private void write(ThreadState t, Operand dest, PtxType type, long bits) {
        int id = ((Operand.Reg) dest).id();
        long v = type.isInteger() ? type.extend(bits) : bits;
        t.regs[id] = regTypes[id].truncate(v);
    }

    private void access(ThreadState t, Insn in, Operand.Addr a, Operand data, boolean store) {
        PtxType type = in.type();
        int size = type.bytes();
        int total = size * in.vector();
        long address = (a.base() < 0 ? 0 : t.regs[a.base()]) + a.offset();
        int[] ids = data instanceof Operand.Vec v ? v.ids() : null;
        if (in.space() == Space.PARAM) {
            if (address < 0 || address + size > params.length) {
                throw fault(t, in, "parameter access at offset " + address + " outside the " + params.length + " bytes of parameters");
            }
            write(t, data, type, Bytes.get(params, (int) address, size));
            return;
        }
        if (address % total != 0) {
            throw fault(t, in, "misaligned address 0x" + Long.toHexString(address) + ": a " + total + "-byte access needs "
                    + total + "-byte alignment");
        }
        byte[] bytes;
        int off;
        if (in.space() == Space.SHARED) {
            PtxProgram.Shared s = sharedArray(address, total);
            if (s == null) {
                throw fault(t, in, "out-of-bounds shared memory access: " + total + " bytes at shared address 0x"
                        + Long.toHexString(address) + " (arrays: " + sharedList() + ")");
            }
            bytes = shared;
            off = (int) address;
            if (races != null) {
                report(t, in, races.shared(off, total, store, t.id, in.line()), "shared memory at 0x" + Long.toHexString(address)
                        + " (" + s.name() + " + " + (address - s.address()) + ")");
            }
        } else {
            Memory.Allocation m = memory.find(address, total);
            if (m == null) {
                Memory.Allocation near = memory.near(address);
                throw fault(t, in, "out-of-bounds global memory access: " + total + " bytes at 0x" + Long.toHexString(address)
                        + " are outside every allocation" + (near == null ? "" : " (nearest: " + near + ")"));
            }
            bytes = m.data();
            off = (int) (address - m.address());
            if (races != null) {
                report(t, in, races.global(m, off, total, store, t.id, in.line()), "global memory at 0x"
                        + Long.toHexString(address) + " (" + m.name() + " + " + off + ")");
            }
        }
        for (int i = 0; i < in.vector(); i++) {
            Operand reg = ids == null ? data : new Operand.Reg(ids[i]);
            if (store) {
                Bytes.set(bytes, off + i * size, size, val(t, reg));
            } else {
                write(t, reg, type, Bytes.get(bytes, off + i * size, size));
            }
        }
    }

    private PtxProgram.Shared sharedArray(long address, int size) {
        for (PtxProgram.Shared s : prog.shared()) {
            if (address >= s.address() && address + size <= s.address() + s.bytes()) {
                return s;
            }
        }
        return null;
    }

    private String sharedList() {
        StringBuilder b = new StringBuilder();
        for (PtxProgram.Shared s : prog.shared()) {
            b.append(b.isEmpty() ? "" : ", ").append(s.name()).append(" [0x").append(Long.toHexString(s.address()))
                    .append(", 0x").append(Long.toHexString(s.address() + s.bytes())).append(')');
        }
        return b.isEmpty() ? "none" : b.toString();
    }

    private void report(ThreadState t, Insn in, RaceDetector.Race r, String where) {
        if (r == null) {
            return;
        }
        String me = (in.op() == Insn.Opcode.ST ? "writes" : "reads") + " here";
        String other = (r.otherWrites() ? "writes" : "reads") + " at line " + r.otherLine();
        if (r.sameBlock()) {
            throw fault(t, in, "data race on " + where + ": thread " + coords(t.id, block) + " " + me + " and thread "
                    + coords(r.otherThread(), block) + " " + other + ", between the same two barriers of block "
                    + coords(blockId, grid) + " (a missing bar.sync?)");
        }
        throw fault(t, in, "data race between blocks on " + where + ": block " + coords(blockId, grid) + " thread "
                + coords(t.id, block) + " " + me + " and block " + coords(r.otherBlock(), grid) + " thread "
                + coords(r.otherThread(), block) + " " + other + " (blocks cannot synchronise)");
    }

    static String coords(int linear, int[] dims) {
        return "(" + linear % dims[0] + "," + linear / dims[0] % dims[1] + "," + linear / (dims[0] * dims[1]) + ")";
    }

    RaceDetector races() {
        return races;
    }

    PtxException fault(ThreadState t, Insn in, String message) {
        return new PtxException(new Diagnostic(Severity.ERROR, prog.file(), in.line(), in.column(), -1, 0,
                message + " [in thread " + coords(t.id, block) + " of block " + coords(blockId, grid) + ": " + in.text() + "]",
                "", ""));
    }
}
