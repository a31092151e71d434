package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
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

    private final List<Line> lines;
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<Long, Integer> addresses = new HashMap<>();
    private final LaunchState state;
    private final InstructionSemantics semantics;
    private final int blockX;
    private final int blockY;
    private final int sharedBytes;
    private long steps;

    private SassSimulator(SassProgram p, GlobalMemory g, int blockX, int blockY, int grid, int sharedBytes) {
        this.lines = p.lines();
        this.blockX = blockX;
        this.blockY = blockY;
        this.sharedBytes = sharedBytes;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) instanceof Line.Label l) {
                labels.put(l.name(), i);
            } else if (lines.get(i) instanceof Line.Instr ins && ins.address() >= 0) {
                addresses.put(ins.address(), i);
            }
        }
        this.state = new LaunchState(p, g, blockX, blockY, grid);
        this.semantics = new InstructionSemantics(state, this::target);
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
        in.params().forEach((name, v) -> s.state.setParam(name, v[0], (int) v[1]));
        for (int b = 0; b < spec.grid(); b++) {
            s.runBlock(b);
        }
        return new Result(g, s.steps);
    }

    private void runBlock(int block) {
        state.startBlock(block, sharedBytes);
        List<SimThread> ts = new ArrayList<>();
        for (int y = 0; y < blockY; y++) {
            for (int x = 0; x < blockX; x++) {
                SimThread t = new SimThread(x, y);
                t.pc = 0;
                ts.add(t);
            }
        }
        while (true) {
            boolean anyRunning = false;
            for (SimThread t : ts) {
                if (!t.exited) {
                    t.atBarrier = false;
                    runThread(t);
                }
            }
            for (SimThread t : ts) {
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

    private void runThread(SimThread t) {
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
            int next = semantics.execute(t, ins);
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
}
