package tessera.telamon.ptx;

import java.util.List;

import tessera.core.Diagnostic;
import tessera.core.Severity;

/**
 * Seed 001 §4.4 (reference run of generated code): executes a {@link PtxProgram} on a grid without a GPU. Blocks run
 * one after another; inside a block every thread runs until its next {@code bar.sync} or {@code ret} (a phase), then
 * the next thread; when all threads wait at the barrier the next phase starts. A thread that returns while others
 * wait, or threads at different barriers, is a "divergent barrier" error. Races (see {@link RaceDetector}), bad
 * accesses and an exhausted step limit are errors that name the PTX line, the thread and the block. The race detector
 * keeps about 50 bytes of shadow state per byte of each global buffer the kernel touches: it is meant for the small
 * instances of tests.
 */
public final class PtxExecutor {
    /** The default limit on instructions executed in one launch (all threads together). */
    public static final long DEFAULT_STEP_LIMIT = 1_000_000_000L;
    /** The static shared memory a block may use (sm_80 and others: 48 KiB). */
    public static final int MAX_SHARED_BYTES = 48 * 1024;

    /** Grid or block dimensions. */
    public record Dim3(int x, int y, int z) {
        public static Dim3 of(int x) {
            return new Dim3(x, 1, 1);
        }

        public static Dim3 of(int x, int y) {
            return new Dim3(x, y, 1);
        }

        public long count() {
            return (long) x * y * z;
        }

        int[] array() {
            return new int[] {x, y, z};
        }
    }

    /** What one launch did: instructions executed (all threads), phases (all blocks), blocks. */
    public record Stats(long instructions, long phases, long blocks) {
    }

    private final PtxProgram program;
    private final Memory memory;
    private long stepLimit = DEFAULT_STEP_LIMIT;
    private boolean detectRaces = true;

    public PtxExecutor(PtxProgram program, Memory memory) {
        this.program = program;
        this.memory = memory;
    }

    /** Sets the instruction limit of one launch; reaching it is an error. */
    public PtxExecutor stepLimit(long limit) {
        this.stepLimit = limit;
        return this;
    }

    /** Turns the race detector on (the default) or off. */
    public PtxExecutor detectRaces(boolean on) {
        this.detectRaces = on;
        return this;
    }

    /**
     * Runs the kernel on {@code grid} × {@code block} threads with {@code args}, one per parameter in order: a
     * {@link Number} each (device addresses as Long for {@code .u64}; a float parameter takes the number's float value).
     */
    public Stats run(Dim3 grid, Dim3 block, List<?> args) {
        int[] g = grid.array();
        int[] b = block.array();
        if (block.x() < 1 || block.y() < 1 || block.z() < 1 || block.x() > 1024 || block.y() > 1024 || block.z() > 64
                || block.count() > 1024) {
            throw launch("block dimensions " + block + " are not allowed (at most 1024 × 1024 × 64 and 1024 threads)");
        }
        if (grid.x() < 1 || grid.y() < 1 || grid.z() < 1 || grid.y() > 65535 || grid.z() > 65535) {
            throw launch("grid dimensions " + grid + " are not allowed (x ≥ 1, y and z in 1..65535)");
        }
        if (program.sharedBytes() > MAX_SHARED_BYTES) {
            throw launch("the kernel declares " + program.sharedBytes() + " bytes of .shared memory, more than "
                    + MAX_SHARED_BYTES);
        }
        RaceDetector detector = detectRaces ? new RaceDetector(block.count(), grid.count()) : null;
        Interpreter in = new Interpreter(program, memory, params(args), detector, stepLimit, g, b);
        int threads = (int) block.count();
        long phases = 0;
        for (long blk = 0; blk < grid.count(); blk++) {
            in.blockId = (int) blk;
            in.ctaid = new int[] {(int) (blk % g[0]), (int) (blk / g[0] % g[1]), (int) (blk / ((long) g[0] * g[1]))};
            in.shared = new byte[program.sharedBytes()];
            RaceDetector races = in.races();
            if (races != null) {
                races.startBlock(in.blockId, in.shared.length);
            }
            Interpreter.ThreadState[] ts = new Interpreter.ThreadState[threads];
            for (int t = 0; t < threads; t++) {
                ts[t] = new Interpreter.ThreadState(program.registers().size(), t,
                        new int[] {t % b[0], t / b[0] % b[1], t / (b[0] * b[1])});
            }
            while (true) {
                phases++;
                if (races != null) {
                    races.startPhase();
                }
                for (Interpreter.ThreadState t : ts) {
                    if (t.status == Interpreter.RUNNING) {
                        in.run(t);
                    }
                }
                if (!barrier(in, ts)) {
                    break;
                }
            }
        }
        return new Stats(in.steps, phases, grid.count());
    }

    /** After a phase: false when every thread returned; releases the barrier when all wait at the same one. */
    private boolean barrier(Interpreter in, Interpreter.ThreadState[] ts) {
        Interpreter.ThreadState waiting = null;
        Interpreter.ThreadState done = null;
        for (Interpreter.ThreadState t : ts) {
            if (t.status == Interpreter.WAITING) {
                if (waiting != null && waiting.barrier != t.barrier) {
                    throw divergent(in, t.stopLine, "thread " + Interpreter.coords(t.id, in.block) + " waits at barrier "
                            + t.barrier + " (line " + t.stopLine + ") while thread " + Interpreter.coords(waiting.id, in.block)
                            + " waits at barrier " + waiting.barrier + " (line " + waiting.stopLine + ")");
                }
                waiting = waiting == null ? t : waiting;
            } else if (done == null) {
                done = t;
            }
        }
        if (waiting == null) {
            return false;
        }
        if (done != null) {
            throw divergent(in, waiting.stopLine, "thread " + Interpreter.coords(done.id, in.block) + " returned (line "
                    + done.stopLine + ") while thread " + Interpreter.coords(waiting.id, in.block) + " waits at bar.sync (line "
                    + waiting.stopLine + "): the threads pass a different number of barriers");
        }
        for (Interpreter.ThreadState t : ts) {
            t.status = Interpreter.RUNNING;
        }
        return true;
    }

    private PtxException divergent(Interpreter in, int line, String message) {
        return new PtxException(new Diagnostic(Severity.ERROR, program.file(), line, 0, -1, 0,
                "divergent barrier in block " + Interpreter.coords(in.blockId, in.grid) + ": " + message, "", ""));
    }

    private byte[] params(List<?> args) {
        List<PtxProgram.Param> ps = program.params();
        if (args.size() != ps.size()) {
            throw launch("kernel " + program.entry() + " takes " + ps.size() + " argument(s), " + args.size() + " given");
        }
        byte[] space = new byte[program.paramBytes()];
        for (int i = 0; i < ps.size(); i++) {
            PtxProgram.Param p = ps.get(i);
            if (!(args.get(i) instanceof Number n)) {
                throw launch("argument " + (i + 1) + " (" + p.name() + ") must be a number, found " + args.get(i));
            }
            boolean integral = n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
            if (!p.type().isFloat() && !integral) {
                throw launch("argument " + (i + 1) + " (" + p.name() + ", ." + p.type().ptx() + ") must be an integer, found " + n);
            }
            if (!p.type().isFloat() && p.type().bytes() == 4 && (n.longValue() < Integer.MIN_VALUE || n.longValue() > 0xFFFF_FFFFL)) {
                throw launch("argument " + (i + 1) + " (" + p.name() + ", ." + p.type().ptx() + ") does not fit 32 bits: " + n);
            }
            long bits = switch (p.type()) {
                case F32 -> Alu.bits(n.floatValue());
                case F64 -> Alu.bits(n.doubleValue());
                default -> p.type().truncate(n.longValue());
            };
            Bytes.set(space, p.offset(), p.type().bytes(), bits);
        }
        return space;
    }

    private PtxException launch(String message) {
        return new PtxException(new Diagnostic(Severity.ERROR, program.file(), 0, 0, -1, 0, message, "", ""));
    }
}
