package tessera.tcpa.instantiate;

import java.util.List;

import tessera.tcpa.arch.Arch;
import tessera.tcpa.concrete.Branch;
import tessera.tcpa.concrete.BranchKind;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Instruction;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.OperandKind;

/**
 * Seed 003 §6.3 Algorithm 4: kernels in layout order (start node first, then first occurrence, P15), π instructions
 * each; the last slot branches: no successor → halt, one → goto, more → {@code if cs… jmp} with targets from code
 * 2^N − 1 down to 0. The virtual exit node (P14) is a single {@code nop / halt}. P22 (footnote 6, out-degree above
 * the architecture's branch targets B): the last L = ⌈N / ⌊log2 B⌋⌉ slots become a decision tree, each slot testing
 * ⌊log2 B⌋ signals and jumping to a copy of the next slot per code prefix ({@code q3_1}, {@code q3_0}); no extra
 * cycles, so L > π is an error.
 */
public final class ProgramGeneration {
    private static final ConcreteFactory F = ConcreteFactory.eINSTANCE;

    private ProgramGeneration() {
    }

    public static FuProgram generate(Architecture arch, String fu, ControlFlow.Cfg cfg, int pi, ControlSignals signals, String where) {
        int targets = arch == null || arch.getControl() == null ? 2 : arch.getControl().getBranchTargets();
        int perBranch = ControlSignals.bits(targets + 1) - 1; // signals one branch can decode: 2^b ≤ branch targets
        FuProgram p = F.createFuProgram();
        p.setFu(fu);
        for (int v = 0; v < cfg.nodes().size(); v++) {
            List<List<String>> k = cfg.nodes().get(v).kernel();
            List<ControlFlow.Edge> out = cfg.out(v);
            String at = where + ", kernel " + label(v);
            ControlSignals.Allocation a = out.size() > 1 ? signals.allocate(out, at, perBranch) : null;
            // P22: more codes than branch targets → a decision tree over the kernel's last slots, b signals per branch
            int levels = a == null ? 1 : Math.max(1, (a.bits() + perBranch - 1) / perBranch);
            if (levels > pi) {
                throw new InstantiationException(at + " has " + out.size() + " successors: " + a.bits() + " control signals in branches of at most "
                        + targets + " targets need " + levels + " branch slots, but a kernel has π = " + pi,
                        "use an architecture with more branch targets, or loop bounds/PE regions with fewer boundary cases");
            }
            for (int slot = 0; slot <= pi - levels; slot++) {
                Instruction in = instruction(slot == 0 ? label(v) : null, simulatorForm(arch, fu, k.get(slot)));
                in.setBranch(slot < pi - levels ? branch(BranchKind.NEXT) : makeBranch(cfg, v, out, signals, a, 0, 0, perBranch, levels));
                p.getInstructions().add(in);
            }
            for (int level = 1; level < levels; level++) {
                for (int prefix = 0; prefix < 1 << (level * perBranch); prefix++) {
                    Instruction in = instruction(label(v) + "_" + bits(prefix, level * perBranch), simulatorForm(arch, fu, k.get(pi - levels + level)));
                    in.setBranch(makeBranch(cfg, v, out, signals, a, level, prefix, perBranch, levels));
                    p.getInstructions().add(in);
                }
            }
        }
        if (cfg.exit() >= 0) {
            Instruction x = instruction("qx", List.of("nop"));
            x.setBranch(branch(BranchKind.HALT));
            p.getInstructions().add(x);
        }
        return p;
    }

    private static String bits(int value, int width) {
        StringBuilder sb = new StringBuilder(Integer.toBinaryString(value));
        while (sb.length() < width) {
            sb.insert(0, '0');
        }
        return sb.toString();
    }

    static String label(int v) {
        return "q" + (v + 1);
    }

    private static String target(ControlFlow.Cfg cfg, int v) {
        return v == cfg.exit() ? "qx" : label(v);
    }

    /**
     * The concrete program is in the simulator's ISA (tessera.rdg.interp.Ops): the PLA op the architecture's mnemonic
     * implements, suffix i when its last source is an immediate (shri stays shri, movi → movei, sel → select, cmpeqi → eqi).
     */
    /**
     * The configuration's {@code latencies}: "fu mnemonic l" for every scheduled instruction whose latency l ≠ 1, in the
     * simulator's ISA; the symbolic schedule used these latencies (§5.2), so the hardware must write results then.
     */
    static List<String> latencies(tessera.tcpa.symconf.SymbolicConfiguration sym, Architecture arch) {
        java.util.Map<String, Integer> byInstr = new java.util.TreeMap<>();
        for (tessera.tcpa.symconf.Operation o : sym.getOperations()) {
            if (o.getFu() == null || o.getMnemo() == null || o.getLatency() <= 1) {
                continue;
            }
            String key = o.getFu() + " " + simulatorForm(arch, o.getFu(), List.of(o.getMnemo())).get(0);
            Integer old = byInstr.put(key, o.getLatency());
            if (old != null && old != o.getLatency()) {
                throw new InstantiationException(key + " is scheduled with latencies " + old + " and " + o.getLatency(),
                        "give the architecture one latency per instruction of an FU");
            }
        }
        return byInstr.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList();
    }

    static List<String> simulatorForm(Architecture arch, String fu, List<String> text) {
        if (arch == null || text.get(0).equals("nop")) {
            return text;
        }
        for (Fu f : Arch.fus(arch)) {
            if (f.getName().equals(fu) && f.getType() != null) {
                for (tessera.tcpa.tcpa.Instruction i : f.getType().getInstructions()) {
                    if (i.getName().equals(text.get(0))) {
                        List<OperandKind> kinds = i.getOperands();
                        boolean imm = !kinds.isEmpty() && kinds.get(kinds.size() - 1) == OperandKind.IMM;
                        List<String> r = new java.util.ArrayList<>(text);
                        r.set(0, i.getOp() + (imm ? "i" : ""));
                        return r;
                    }
                }
            }
        }
        return text;
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

    /** The branch of decision level {@code level} after the code prefix {@code prefix}: halt, goto, or if over the level's signals. */
    private static Branch makeBranch(ControlFlow.Cfg cfg, int v, List<ControlFlow.Edge> out, ControlSignals signals, ControlSignals.Allocation a,
            int level, int prefix, int perBranch, int levels) {
        if (out.isEmpty()) {
            return branch(BranchKind.HALT);
        }
        if (out.size() == 1) {
            Branch b = branch(BranchKind.GOTO);
            b.getTargets().add(target(cfg, out.get(0).to()));
            return b;
        }
        int n = a.bits(), from = level * perBranch, w = Math.min(n, from + perBranch) - from;
        Branch b = branch(BranchKind.IF);
        // bits of this level under this prefix: a free placeholder (constant where defined) takes no signal, a
        // complemented one swaps its sides (ControlSignals.flipped)
        Runnable link = () -> {
            List<String> tokens = new java.util.ArrayList<>();
            for (int i = 0; i < w; i++) {
                String t = a.token(from + i, prefix);
                if (signals.constant(t) < 0) {
                    tokens.add(t);
                }
            }
            b.setKind(tokens.isEmpty() ? BranchKind.GOTO : BranchKind.IF);
            b.getSignals().clear();
            b.getTargets().clear();
            for (String t : tokens) {
                String name = signals.name(t);
                b.getSignals().add(name == null ? t : name);
            }
            for (int code = (1 << tokens.size()) - 1; code >= 0; code--) {
                int logical = 0, r = tokens.size();
                for (int i = 0; i < w; i++) {
                    String t = a.token(from + i, prefix);
                    int c = signals.constant(t);
                    int bit = c >= 0 ? c : (code >> --r & 1) ^ (signals.flipped(t) ? 1 : 0);
                    logical = logical << 1 | bit;
                }
                int sofar = prefix << w | logical;
                b.getTargets().add(level == levels - 1 ? target(cfg, out.get(a.edgeOfCode()[sofar]).to()) : label(v) + "_" + bits(sofar, from + w));
            }
        };
        link.run();
        signals.afterColouring(link); // the exact colouring may choose other codes and polarities (ControlSignals.exact)
        return b;
    }
}
