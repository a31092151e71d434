package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.4.3, candidate registers for demotion in ascending estimated access count, by one of three strategies;
 * plus the operand conflicts of §3.1(2) (registers read by the same instruction) used by RemoveOperandConflict.
 * Excluded: R1 (stack pointer), user-excluded registers, words of multi-word values (demoted as units), registers
 * of instructions that also write their own guard predicate.
 */
public final class CandidateSelection {

    public enum Strategy { CFG, STATIC_ACCESS, OPERAND_CONFLICT }

    /** Weight of a block per enclosing loop for the CFG strategy (seed §3.4.3: "a generic value of 10"). */
    public static final int LOOP_WEIGHT = 10;

    private CandidateSelection() {
    }

    /** Ordered single-word candidates. */
    public static List<Integer> singles(SassProgram p, Strategy s, Set<Integer> exclude) {
        RegisterUnits units = RegisterUnits.analyze(p);
        BitSet nonSingle = units.nonSingle();
        Map<Integer, Double> key = score(p, s);
        List<Integer> out = new ArrayList<>();
        BitSet bad = unsafe(p);
        for (int r : key.keySet()) {
            if (r == 1 || exclude.contains(r) || nonSingle.get(r) || bad.get(r)) {
                continue;
            }
            out.add(r);
        }
        out.sort(Comparator.comparingDouble((Integer r) -> key.get(r)).thenComparingInt(r -> r));
        return out;
    }

    /** Ordered aligned pairs (lead registers) of 64-bit values, by the lead's access score (digest §3.6). */
    public static List<Integer> pairs(SassProgram p, Strategy s, Set<Integer> exclude) {
        RegisterUnits units = RegisterUnits.analyze(p);
        Map<Integer, Double> key = score(p, s);
        BitSet bad = unsafe(p);
        List<Integer> out = new ArrayList<>();
        units.multiWord().forEach((lead, w) -> {
            if (w == 2 && lead % 2 == 0 && !exclude.contains(lead) && !exclude.contains(lead + 1) && lead != 0
                    && lead + 1 != 1 && !bad.get(lead) && !bad.get(lead + 1)) {
                out.add(lead);
            }
        });
        out.sort(Comparator.comparingDouble((Integer r) -> key.getOrDefault(r, 0.0) + key.getOrDefault(r + 1, 0.0))
                .thenComparingInt(r -> r));
        return out;
    }

    /** Registers that RegDem must not touch: R1, and registers of guard-writing instructions. */
    static BitSet unsafe(SassProgram p) {
        BitSet b = new BitSet();
        b.set(1);
        for (Line.Instr i : p.instructions()) {
            Isa.Info info = Isa.info(i);
            if (i.guard() != null && info.predWrites().contains(i.guard().num())) {
                info.readRegs().forEach(b::set);
                info.writeRegs().forEach(b::set);
            }
        }
        return b;
    }

    /** Per-register sort key of a strategy (lower is demoted first). */
    public static Map<Integer, Double> score(SassProgram p, Strategy s) {
        return switch (s) {
            case STATIC_ACCESS -> staticAccess(p);
            case CFG -> cfgWeighted(p);
            case OPERAND_CONFLICT -> {
                Map<Integer, Double> m = new HashMap<>();
                staticAccess(p).keySet().forEach(r -> m.put(r, 0.0));
                conflicts(p).forEach((r, set) -> m.put(r, (double) set.size()));
                yield m;
            }
        };
    }

    /** Reads + writes of every register over the code (each operand occurrence counts). */
    public static Map<Integer, Double> staticAccess(SassProgram p) {
        Map<Integer, Double> m = new java.util.TreeMap<>();
        for (Line.Instr i : p.instructions()) {
            count(i, 1.0, m);
        }
        return m;
    }

    private static void count(Line.Instr i, double w, Map<Integer, Double> m) {
        Isa.Info info = Isa.info(i);
        for (Isa.RegRef r : info.reads()) {
            for (int x : r.regs()) {
                m.merge(x, w, Double::sum);
            }
        }
        for (Isa.RegRef r : info.writes()) {
            for (int x : r.regs()) {
                m.merge(x, w, Double::sum);
            }
        }
    }

    /** Access counts per block, multiplied by {@link #LOOP_WEIGHT} per enclosing loop. */
    public static Map<Integer, Double> cfgWeighted(SassProgram p) {
        Cfg cfg = Cfg.build(p);
        Map<Integer, Double> m = new java.util.TreeMap<>();
        for (Cfg.Block b : cfg.blocks()) {
            double w = Math.pow(LOOP_WEIGHT, cfg.loopDepth(b.id));
            for (int li : b.lines) {
                count((Line.Instr) p.lines().get(li), w, m);
            }
        }
        return m;
    }

    /** Operand conflicts: for every register, the distinct registers it is read together with (digest P9). */
    public static Map<Integer, Set<Integer>> conflicts(SassProgram p) {
        Map<Integer, Set<Integer>> m = new HashMap<>();
        for (Line.Instr i : p.instructions()) {
            List<Integer> rs = Isa.info(i).readRegs();
            for (int a : rs) {
                for (int b : rs) {
                    if (a != b) {
                        m.computeIfAbsent(a, k -> new LinkedHashSet<>()).add(b);
                    }
                }
            }
        }
        return m;
    }
}
