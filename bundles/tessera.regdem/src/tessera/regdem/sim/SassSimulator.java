package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;

/**
 * Reference interpreter of SASS. Two instruction sets: the Maxwell-style subset of the maxas examples
 * ({@link InstructionSemantics}: SSY/SYNC, PBK/BRK, PCNT/CONT reconvergence, no warp-collective instructions) and
 * Volta-and-later code as nvcc 13 emits it for sm_75..sm_90 ({@link VoltaSemantics}, {@link WarpCollectives}),
 * chosen by the listing's architecture ({@code # Arch:} or the cuobjdump banner; sm_52 when absent), which also picks
 * the constant-bank layout ({@link ConstantBank}).
 * <p>
 * Execution model: the threads of a block, grouped into warps of 32 consecutive linear thread ids, run one after
 * another; each runs until it reaches a barrier ({@code BAR.SYNC}), a warp-collective instruction ({@link
 * WarpCollectives#OPCODES}) or {@code EXIT}. When no thread can run, every warp with threads waiting at a collective
 * executes it once for the threads waiting at its lowest line (the others of the warp have exited, wait at a
 * barrier or at a later collective), which then run on; only when no collective is pending are the threads at the
 * barrier released together. Timing (control codes) is ignored: the simulator proves value semantics, the
 * {@code ControlCodeChecker} proves the schedule.
 */
public final class SassSimulator {

    public static final int CONST_SIZE = 0x1000;
    public static final int LOCAL_SIZE = 0x1000;
    public static final int SHARED_FILL = 0x5a5a5a5a;
    /** The least step limit of a launch; larger launches get {@link #STEPS_PER_THREAD} per thread. */
    public static final long STEP_LIMIT = 2_000_000;
    public static final long STEPS_PER_THREAD = 20_000;

    private final List<Line> lines;
    private final Line.Instr[] code;
    private final Form[] forms;
    private final boolean[] collective;
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<Long, Integer> addresses = new HashMap<>();
    private final LaunchState state;
    private final InstructionSemantics maxwell;
    private final VoltaSemantics volta;
    private final WarpCollectives warps;
    private final LaunchSpec spec;
    private final int sharedBytes;
    private final long stepLimit;
    private long steps;

    private SassSimulator(SassProgram p, GlobalMemory g, LaunchSpec spec, int dynamicSmem) {
        this.lines = p.lines();
        this.spec = spec;
        ArchSpec arch = ConstantBank.arch(p);
        ConstantBank.Layout layout = ConstantBank.layout(arch);
        this.code = new Line.Instr[lines.size()];
        this.forms = new Form[lines.size()];
        this.collective = new boolean[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) instanceof Line.Label l) {
                labels.put(l.name(), i);
            } else if (lines.get(i) instanceof Line.Instr ins) {
                code[i] = ins;
                if (ins.address() >= 0) {
                    addresses.put(ins.address(), i);
                }
                if (layout.volta()) {
                    forms[i] = Form.of(ins);
                    collective[i] = WarpCollectives.OPCODES.contains(ins.opcode());
                }
            }
        }
        this.sharedBytes = arch.sharedWindowBase() + Math.max(p.sharedSize(), spec.staticShared())
                + spec.dynamicShared() + dynamicSmem;
        this.stepLimit = Math.max(STEP_LIMIT, STEPS_PER_THREAD * spec.threads() * spec.grid());
        this.state = new LaunchState(p, g, layout, spec);
        this.maxwell = new InstructionSemantics(state, this::target);
        VoltaMemory memory = new VoltaMemory(state);
        this.volta = new VoltaSemantics(state, memory, this::target, addresses);
        this.warps = new WarpCollectives(state, memory);
    }

    /** The outcome of a run: the final global memory and the number of executed instructions. */
    public record Result(GlobalMemory memory, long steps) {
    }

    /**
     * The inputs of a launch spec (buffers filled from the seed per parameter kind) and the parameter values to place
     * into constant bank 0: name to {value, 32-bit words}, in parameter order.
     */
    public record Inputs(GlobalMemory memory, Map<String, long[]> params) {
    }

    public static Inputs inputs(LaunchSpec spec, long seed) {
        Random rnd = new Random(seed);
        GlobalMemory g = new GlobalMemory();
        Map<String, long[]> params = new LinkedHashMap<>();
        for (LaunchSpec.Param p : spec.params()) {
            if (p.kind().buffer()) {
                long a = g.allocate((int) p.value());
                Ranges.fill(p, g.buffer(g.bufferCount() - 1), rnd);
                params.put(p.name(), new long[] {a, 2});
            } else {
                params.put(p.name(), new long[] {p.value(), 1});
            }
        }
        return new Inputs(g, params);
    }

    /**
     * Runs the kernel on a copy of the inputs. Shared memory: the architecture's window base (1 KB on sm_90) plus the
     * static size (the listing's {@code # SharedSize:} or the spec's {@code smem}, whichever is larger), the spec's
     * dynamic size and {@code dynamicSmem} more bytes (RegDem's demoted registers).
     */
    public static Result run(SassProgram p, LaunchSpec spec, Inputs in, int dynamicSmem) {
        GlobalMemory g = in.memory().copy();
        SassSimulator s = new SassSimulator(p, g, spec, dynamicSmem);
        long[] values = new long[spec.params().size()];
        for (int i = 0; i < values.length; i++) {
            long[] v = in.params().get(spec.params().get(i).name());
            if (v == null) {
                throw new SimulationException("no input for parameter " + spec.params().get(i).name());
            }
            values[i] = v[0];
        }
        s.state.setParams(spec.params(), values);
        for (int y = 0; y < spec.gridY(); y++) {
            for (int x = 0; x < spec.gridX(); x++) {
                s.runBlock(x, y);
            }
        }
        return new Result(g, s.steps);
    }

    private void runBlock(int bx, int by) {
        state.startBlock(bx, by, sharedBytes);
        List<SimThread> ts = new ArrayList<>();
        for (int y = 0; y < spec.blockY(); y++) {
            for (int x = 0; x < spec.blockX(); x++) {
                ts.add(new SimThread(x, y, y * spec.blockX() + x));
            }
        }
        int nw = (ts.size() + 31) / 32;
        SimThread[][] lanes = new SimThread[nw][32];
        for (SimThread t : ts) {
            lanes[t.warp][t.lane] = t;
        }
        while (true) {
            for (SimThread t : ts) {
                if (t.state == SimThread.State.RUNNABLE) {
                    runThread(t);
                }
            }
            boolean progress = false;
            for (int w = 0; w < nw; w++) {
                progress |= runCollective(lanes[w]);
            }
            if (progress) {
                continue;
            }
            boolean any = false;
            for (SimThread t : ts) {
                if (t.state == SimThread.State.AT_BARRIER) {
                    any = true;
                    t.state = SimThread.State.RUNNABLE;
                    t.pc++; // step over BAR.SYNC
                }
            }
            if (!any) {
                return;
            }
        }
    }

    /** Executes the pending collective of the lowest line of warp {@code lanes}, if any; true when it did. */
    private boolean runCollective(SimThread[] lanes) {
        int at = Integer.MAX_VALUE;
        for (SimThread t : lanes) {
            if (t != null && t.state == SimThread.State.AT_COLLECTIVE) {
                at = Math.min(at, t.pc);
            }
        }
        if (at == Integer.MAX_VALUE) {
            return false;
        }
        List<SimThread> group = new ArrayList<>();
        for (SimThread t : lanes) {
            if (t != null && t.state == SimThread.State.AT_COLLECTIVE && t.pc == at) {
                group.add(t);
            }
        }
        try {
            warps.execute(code[at], group, lanes);
        } catch (SimulationException e) {
            throw located(e, at);
        }
        for (SimThread t : group) {
            t.state = SimThread.State.RUNNABLE;
            t.pc = at + 1;
        }
        return true;
    }

    private void runThread(SimThread t) {
        while (true) {
            if (t.pc >= lines.size()) {
                throw new SimulationException("thread ran past the end of the kernel without EXIT");
            }
            Line.Instr ins = code[t.pc];
            if (ins == null) {
                t.pc++;
                continue;
            }
            if (++steps > stepLimit) {
                throw new SimulationException("step limit of " + stepLimit + " instructions exceeded (" + STEPS_PER_THREAD
                        + " per thread) at " + where(t.pc));
            }
            Operand.Pred g = ins.guard();
            if (g != null && t.pred(g) == false) {
                t.pc++;
                continue;
            }
            switch (ins.opcode()) {
                case "BAR" -> {
                    if (ins.mods().stream().anyMatch(m -> !m.equals("SYNC") && !m.equals("DEFER_BLOCKING"))
                            || ins.operands().size() > 1) {
                        throw located(new SimulationException("unsupported in the simulator: " + ins.fullOpcode()
                                + " (only BAR.SYNC of the whole block)"), t.pc);
                    }
                    t.state = SimThread.State.AT_BARRIER;
                    return;
                }
                case "EXIT" -> {
                    t.state = SimThread.State.EXITED;
                    return;
                }
                default -> {
                }
            }
            if (collective[t.pc]) {
                t.state = SimThread.State.AT_COLLECTIVE;
                return;
            }
            try {
                t.pc = forms[t.pc] != null ? volta.execute(t, ins, forms[t.pc], t.pc) : maxwell.execute(t, ins);
            } catch (SimulationException e) {
                throw located(e, t.pc);
            }
        }
    }

    /** {@code line N (INSTRUCTION)}: the line of the listing as printed (1-based) and the instruction. */
    private String where(int pc) {
        return "line " + (pc + 1) + " (" + SassPrinter.withGuard(code[pc]) + ")";
    }

    private SimulationException located(SimulationException e, int pc) {
        if (e.getMessage().startsWith("line ")) {
            return e;
        }
        return new SimulationException(where(pc) + ": " + e.getMessage());
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
