package tessera.regdem.sim;

import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * The per-thread semantics of Volta-and-later SASS (sm_70..sm_90, the nvcc corpus of {@code data/nvcc}): control flow
 * here, the rest in {@link VoltaInteger}, {@link VoltaFloat} and {@link VoltaMemory}; warp-collective instructions
 * run in {@link WarpCollectives}, BAR and EXIT in the scheduler of {@link SassSimulator}.
 * <p>
 * No-ops in this model: BSSY/BSYNC/BMOV of a convergence barrier and WARPSYNC's mask only decide when the diverged
 * threads of a warp execute together again under independent thread scheduling, which changes no value here: every
 * thread follows its own path, and each warp-collective instruction itself waits for the warp's threads (a thread
 * never observes another lane except through a collective, shared or global memory, which BAR or a collective
 * orders). YIELD, NOP, DEPBAR, LDGDEPBAR, MEMBAR, ERRBAR and CCTL only order or schedule; LDGSTS copies at once, so
 * the wait for its completion ({@code DEPBAR.LE SB0, n}) has nothing left to wait for.
 */
final class VoltaSemantics {

    /** Uniform-datapath opcodes that run as their vector counterpart on uniform registers. */
    private static final Map<String, String> UNIFORM = Map.ofEntries(Map.entry("UIADD3", "IADD3"),
            Map.entry("UIMAD", "IMAD"), Map.entry("ULEA", "LEA"), Map.entry("USHF", "SHF"),
            Map.entry("UISETP", "ISETP"), Map.entry("ULOP3", "LOP3"), Map.entry("UPLOP3", "PLOP3"),
            Map.entry("USEL", "SEL"), Map.entry("UMOV", "MOV"), Map.entry("UPRMT", "PRMT"), Map.entry("UFLO", "FLO"),
            Map.entry("UPOPC", "POPC"), Map.entry("ULDC", "LDC"), Map.entry("UBREV", "BREV"),
            Map.entry("UIABS", "IABS"), Map.entry("UIMNMX", "IMNMX"));

    private static final Set<String> NO_OPS = Set.of("BSSY", "BSYNC", "YIELD", "NOP", "DEPBAR", "LDGDEPBAR",
            "MEMBAR", "ERRBAR", "CCTL", "CCTLL");

    private final ToIntFunction<Line.Instr> targets;
    private final Map<Long, Integer> addresses;
    private final VoltaInteger integer;
    private final VoltaFloat floats;
    private final VoltaMemory memory;

    VoltaSemantics(LaunchState state, VoltaMemory memory, ToIntFunction<Line.Instr> targets,
            Map<Long, Integer> addresses) {
        this.targets = targets;
        this.addresses = addresses;
        this.integer = new VoltaInteger(state);
        this.floats = new VoltaFloat(state);
        this.memory = memory;
    }

    /** The vector opcode a uniform opcode runs as ({@code UIADD3} to {@code IADD3}); other opcodes unchanged. */
    static String base(String opcode) {
        return UNIFORM.getOrDefault(opcode, opcode);
    }

    /** Executes {@code ins} (its guard holds) for {@code t} at line {@code pc}; returns the next line. */
    int execute(SimThread t, Line.Instr ins, Form f, int pc) {
        String op = base(ins.opcode());
        switch (op) {
            case "BRA" -> {
                for (Operand o : ins.operands()) {
                    if (o instanceof Operand.Pred p && !t.pred(p)) {
                        return pc + 1; // BRA P1, target: taken where the guard and P1 hold
                    }
                }
                return targets.applyAsInt(ins);
            }
            case "CALL" -> {
                t.calls.push(pc + 1);
                return targets.applyAsInt(ins);
            }
            case "RET" -> {
                return ret(t, ins);
            }
            case "BMOV" -> {
                if (!(ins.operands().get(0) instanceof Operand.Reg r && r.isZero())) {
                    return LaunchState.unsupported(ins.fullOpcode() + " into a register (convergence barriers are "
                            + "not simulated)");
                }
                return pc + 1;
            }
            default -> {
            }
        }
        if (NO_OPS.contains(op) || integer.execute(t, ins, f, op) || floats.execute(t, ins, f, op)
                || memory.execute(t, ins, f, op)) {
            return pc + 1;
        }
        return LaunchState.unsupported(ins.fullOpcode());
    }

    /**
     * {@code RET.REL.NODEC Rn off}: returns to the address in the register pair Rn (plus off), which nvcc set to the
     * address after the {@code CALL.REL.NOINC}. With cuobjdump addresses that address is looked up; a maxas listing
     * (addresses gone) returns to the line after the innermost pending CALL, which is the same place.
     */
    private int ret(SimThread t, Line.Instr ins) {
        Integer back = t.calls.poll();
        if (!addresses.isEmpty() && ins.operands().size() > 0 && ins.operands().get(0) instanceof Operand.Reg r) {
            long off = ins.operands().size() > 1 && ins.operands().get(1) instanceof Operand.Imm im ? im.value() : 0;
            Integer at = addresses.get(t.pair(r) + off);
            if (at == null) {
                throw new SimulationException(String.format("RET to 0x%x, which is no instruction address",
                        t.pair(r) + off));
            }
            return at;
        }
        if (back == null) {
            throw new SimulationException("RET without a pending CALL");
        }
        return back;
    }
}
