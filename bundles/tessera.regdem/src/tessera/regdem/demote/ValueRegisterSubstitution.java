package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.analysis.Liveness;
import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.4.2 "Substituting Value Register" (digest §3.8 item 4): in each basic block, registers that are neither
 * live nor referenced there (and are used elsewhere, so compaction keeps them: digest P17) replace RDV, so several
 * demoted values are held at once. A load of a slot already held is deleted; a store keeps only the last one per
 * slot, made unconditional because the substitute then holds the slot's value on every path through the block.
 */
public final class ValueRegisterSubstitution {
    /** At most this many substitutes per block (the lowest-numbered free registers, as in the paper's tool). */
    public static final int MAX_SUBSTITUTES = 6;

    private ValueRegisterSubstitution() {
    }

    public record Result(SassProgram program, int substituted, int removedLoads, int removedStores) {
    }

    public static Result run(SassProgram p, boolean avoidBankConflicts, Set<Integer> reserved) {
        Cfg cfg = Cfg.build(p);
        Liveness live = Liveness.compute(cfg);
        RegisterUnits units = RegisterUnits.analyze(p);
        BitSet used = units.used();
        BitSet nonSingle = units.nonSingle();
        List<Line> lines = new ArrayList<>(p.lines());
        List<Integer> toDelete = new ArrayList<>();
        int subs = 0;
        int loads = 0;
        int stores = 0;
        for (Cfg.Block b : cfg.blocks()) {
            BitSet free = (BitSet) used.clone();
            free.andNot(live.liveIn(b.id));
            free.andNot(live.liveOut(b.id));
            free.andNot(live.defs(b.id));
            free.andNot(live.uses(b.id));
            free.andNot(nonSingle);
            free.clear(1);
            for (int li : b.lines) {
                Isa.Info info = Isa.info((Line.Instr) lines.get(li));
                info.readRegs().forEach(free::clear);
                info.writeRegs().forEach(free::clear);
            }
            reserved.forEach(free::clear);
            List<Integer> pool = new ArrayList<>();
            for (int r = free.nextSetBit(0); r >= 0 && pool.size() < MAX_SUBSTITUTES; r = free.nextSetBit(r + 1)) {
                pool.add(r);
            }
            if (pool.isEmpty()) {
                continue;
            }
            Map<Long, Integer> holder = new HashMap<>();
            Map<Long, Integer> lastStore = new LinkedHashMap<>();
            List<Integer> ls = b.lines;
            for (int k = 0; k < ls.size(); k++) {
                int li = ls.get(k);
                Line.Instr ins = (Line.Instr) lines.get(li);
                if (ins.isDemoteLoad()) {
                    long off = ins.tag().offset();
                    int v = DemoteEdit.valueReg(ins);
                    if (!narrowRegion(lines, ls, k, v)) {
                        continue;
                    }
                    Integer s = holder.get(off);
                    boolean delete = s != null;
                    if (s == null) {
                        s = pick(pool, lines, ls, k, avoidBankConflicts);
                        if (s == null) {
                            continue;
                        }
                        holder.put(off, s);
                        subs++;
                        lines.set(li, ins.withGuard(null).withOperand(0, Operand.Reg.of(s)));
                    } else {
                        toDelete.add(li);
                        loads++;
                    }
                    readSubstitute(lines, ls, k, v, s);
                    if (delete) {
                        continue;
                    }
                } else if (ins.isDemoteStore()) {
                    long off = ins.tag().offset();
                    int v = DemoteEdit.valueReg(ins);
                    if (k == 0) {
                        continue;
                    }
                    Line.Instr prod = (Line.Instr) lines.get(ls.get(k - 1));
                    if (!Isa.info(prod).writes(v) || prod.tag() != null
                            || Isa.info(prod).writes().stream().anyMatch(r -> r.covers(v) && r.width() > 1)) {
                        continue;
                    }
                    Integer s = holder.get(off);
                    if (s == null) {
                        if (ins.guard() != null) {
                            continue; // a conditional write cannot seed a substitute with the slot's value
                        }
                        s = pick(pool, lines, ls, k, avoidBankConflicts);
                        if (s == null) {
                            continue;
                        }
                        holder.put(off, s);
                        subs++;
                    }
                    if (!narrowRegion(lines, ls, k, v)) {
                        continue;
                    }
                    lines.set(ls.get(k - 1), renameWrites(prod, v, s));
                    lines.set(li, ins.withOperand(1, Operand.Reg.of(s)));
                    // RDV still held the value after the store (a redundant load may have been removed): read S
                    readSubstitute(lines, ls, k, v, s);
                    Integer earlier = lastStore.put(off, li);
                    if (earlier != null) {
                        toDelete.add(earlier);
                        stores++;
                    }
                }
            }
            for (int li : lastStore.values()) {
                Line.Instr st = (Line.Instr) lines.get(li);
                lines.set(li, st.withGuard(null).withCtrl(st.ctrl().withYield(true)));
            }
        }
        toDelete.sort((a, c) -> Integer.compare(c, a));
        for (int li : toDelete) {
            DemoteEdit.remove(lines, li);
        }
        return new Result(WaitCleanup.run(p.withLines(lines)), subs, loads, stores);
    }

    /**
     * Reads {@code s} instead of {@code v} after position {@code k} of the block, up to its next demote instruction or
     * the next write of {@code v} (from there on RDV holds another value).
     */
    private static void readSubstitute(List<Line> lines, List<Integer> block, int k, int v, int s) {
        for (int m = k + 1; m < block.size(); m++) {
            Line.Instr x = (Line.Instr) lines.get(block.get(m));
            if (x.tag() != null) {
                break;
            }
            lines.set(block.get(m), renameReads(x, v, s));
            if (Isa.info(x).writes(v)) {
                break;
            }
        }
    }

    private static Integer pick(List<Integer> pool, List<Line> lines, List<Integer> block, int from, boolean banks) {
        if (pool.isEmpty()) {
            return null;
        }
        if (!banks) {
            return pool.remove(pool.size() - 1);
        }
        int[] use = new int[4];
        for (int m = from + 1; m < block.size(); m++) {
            Line.Instr x = (Line.Instr) lines.get(block.get(m));
            if (x.tag() != null) {
                break;
            }
            if (Isa.classOf(x.opcode()) == Isa.InstrClass.X32) {
                for (int r : Isa.info(x).readRegs()) {
                    use[Isa.bank(r, 4)]++;
                }
            }
        }
        int best = 0;
        for (int i = 1; i < pool.size(); i++) {
            if (use[Isa.bank(pool.get(i), 4)] < use[Isa.bank(pool.get(best), 4)]) {
                best = i;
            }
        }
        return pool.remove(best);
    }

    /** Whether every use of the value register up to the next demote instruction is a single-word use. */
    private static boolean narrowRegion(List<Line> lines, List<Integer> block, int from, int v) {
        for (int m = from + 1; m < block.size(); m++) {
            Line.Instr x = (Line.Instr) lines.get(block.get(m));
            if (x.tag() != null) {
                break;
            }
            Isa.Info info = Isa.info(x);
            if (info.reads().stream().anyMatch(r -> r.covers(v) && (r.width() > 1 || r.reg() != v))
                    || info.writes().stream().anyMatch(r -> r.covers(v) && r.width() > 1)) {
                return false;
            }
            if (info.writes(v)) {
                break;
            }
        }
        return true;
    }

    static Line.Instr renameReads(Line.Instr x, int from, int to) {
        return rename(x, Isa.info(x).reads(), from, to);
    }

    static Line.Instr renameWrites(Line.Instr x, int from, int to) {
        return rename(x, Isa.info(x).writes(), from, to);
    }

    /** Renames {@code from} to {@code to} in the single-register references {@code refs} of {@code x}. */
    private static Line.Instr rename(Line.Instr x, List<Isa.RegRef> refs, int from, int to) {
        List<Operand> ops = new ArrayList<>(x.operands());
        boolean ch = false;
        for (Isa.RegRef r : refs) {
            if (r.reg() == from && r.width() == 1) {
                ops.set(r.operand(), RegisterRenamer.renameOperand(ops.get(r.operand()), Map.of(from, to)));
                ch = true;
            }
        }
        return ch ? x.withOperands(ops) : x;
    }
}
