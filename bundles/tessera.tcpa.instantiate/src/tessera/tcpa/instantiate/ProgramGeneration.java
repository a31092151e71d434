package tessera.tcpa.instantiate;

import java.util.List;

import tessera.tcpa.sim.concrete.Branch;
import tessera.tcpa.sim.concrete.BranchKind;
import tessera.tcpa.sim.concrete.ConcreteFactory;
import tessera.tcpa.sim.concrete.FuProgram;
import tessera.tcpa.sim.concrete.Instruction;

/**
 * Seed 003 §6.3 Algorithm 4: kernels in layout order (start node first, then first occurrence, P15), π instructions
 * each; the last slot branches: no successor → halt, one → goto, more → {@code if cs… jmp} with targets from code
 * 2^N − 1 down to 0. The virtual exit node (P14) is a single {@code nop / halt}.
 */
public final class ProgramGeneration {
    private static final ConcreteFactory F = ConcreteFactory.eINSTANCE;

    private ProgramGeneration() {
    }

    public static FuProgram generate(String fu, ControlFlow.Cfg cfg, int pi, ControlSignals signals, String where) {
        FuProgram p = F.createFuProgram();
        p.setFu(fu);
        for (int v = 0; v < cfg.nodes().size(); v++) {
            List<List<String>> k = cfg.nodes().get(v).kernel();
            for (int slot = 0; slot < pi; slot++) {
                Instruction in = instruction(slot == 0 ? label(v) : null, k.get(slot));
                in.setBranch(slot < pi - 1 ? branch(BranchKind.NEXT) : makeBranch(cfg, v, signals, where + ", kernel " + label(v)));
                p.getInstructions().add(in);
            }
        }
        if (cfg.exit() >= 0) {
            Instruction x = instruction("qx", List.of("nop"));
            x.setBranch(branch(BranchKind.HALT));
            p.getInstructions().add(x);
        }
        return p;
    }

    static String label(int v) {
        return "q" + (v + 1);
    }

    private static String target(ControlFlow.Cfg cfg, int v) {
        return v == cfg.exit() ? "qx" : label(v);
    }

    private static Instruction instruction(String label, List<String> text) {
        Instruction in = F.createInstruction();
        in.setLabel(label);
        in.setMnemonic(text.get(0));
        in.getOperands().addAll(text.subList(1, text.size()));
        return in;
    }

    private static Branch branch(BranchKind kind) {
        Branch b = F.createBranch();
        b.setKind(kind);
        return b;
    }

    private static Branch makeBranch(ControlFlow.Cfg cfg, int v, ControlSignals signals, String where) {
        List<ControlFlow.Edge> out = cfg.out(v);
        if (out.isEmpty()) {
            return branch(BranchKind.HALT);
        }
        if (out.size() == 1) {
            Branch b = branch(BranchKind.GOTO);
            b.getTargets().add(target(cfg, out.get(0).to()));
            return b;
        }
        Branch b = branch(BranchKind.IF);
        List<String> cs = signals.allocate(out, where);
        b.getSignals().addAll(cs);
        for (int code = (1 << cs.size()) - 1; code >= 0; code--) {
            // unused codes never occur (the signals are defined on every transition space); they repeat code 0's target
            b.getTargets().add(target(cfg, out.get(code < out.size() ? code : 0).to()));
        }
        return b;
    }
}
