package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.ControlCode;
import tessera.regdem.sass.DemoteTag;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.2, Fig. 3: demotes registers into the Eq. (1) shared-memory layout. Every read of a demoted register
 * becomes a read of RDV preceded by {@code LDS RDV, [RDA+offset]}; every write becomes a write of RDV followed by
 * {@code STS [RDA+offset], RDV}; barriers come from the {@link BarrierTracker}. Multi-word values (seed §3.2
 * "Extension for Multi-word Data") use an even RDV and RDV+1, one LDS/STS per word, each word its own array.
 */
public final class RegisterDemotion {

    /**
     * Inputs: threads per block n, s of Eq. (1) (the spill base: {@link SharedLayout#spillBase}), how many words k to
     * demote, candidates in order.
     */
    public record Config(int threads, int staticSmem, int demote, List<Integer> singles, List<Integer> pairs) {
    }

    /** A demoted unit: lead register, width (1 or 2), first slot index r of Eq. (1). */
    public record Demoted(int register, int width, int slot, long offset) {
    }

    public record Result(SassProgram program, List<Demoted> demoted, int rda, int rdv, int rdv2, long sharedBytes,
            List<String> notes) {
        public int words() {
            return demoted.stream().mapToInt(Demoted::width).sum();
        }
    }

    /** Latency and stall of the demote loads/stores (CODE templates: stall 6). */
    public static final int DEMOTE_STALL = 6;

    private RegisterDemotion() {
    }

    public static Result run(SassProgram p, Config c) {
        List<String> notes = new ArrayList<>();
        int count = RegisterUnits.registerCount(p);
        boolean usesTidY = usesSpecial(p, "SR_TID.Y");
        if (usesSpecial(p, "SR_TID.Z")) {
            notes.add("kernel reads SR_TID.Z: 3-D blocks are not supported by the RDA prologue; nothing demoted");
            return new Result(p, List.of(), -1, -1, -1, 0, notes);
        }
        int needPairs = Math.max(0, c.demote() - c.singles().size());
        boolean withPairs = needPairs > 0 && !c.pairs().isEmpty();
        int rda = count;
        int rdv = count + 1;
        if (withPairs && rdv % 2 == 1) {
            rdv++; // RDV of multi-word data must be even (seed §3.2); the padding register stays unused
        }
        int rdv2 = withPairs ? rdv + 1 : -1;
        List<Line> lines = stripReuse(p.lines());
        List<Demoted> done = new ArrayList<>();
        Map<Integer, Set<Integer>> conflicts = CandidateSelection.conflicts(p);
        Set<Integer> removed = new LinkedHashSet<>();
        int words = 0;
        for (int r : c.singles()) {
            if (words >= c.demote()) {
                break;
            }
            if (removed.contains(r)) {
                continue;
            }
            long off = SharedLayout.registerOffset(words, c.threads(), c.staticSmem());
            lines = demote(lines, new int[] {r}, new int[] {rdv}, new long[] {off}, rda);
            done.add(new Demoted(r, 1, words, off));
            words++;
            Set<Integer> cf = conflicts.getOrDefault(r, Set.of());
            for (int x : cf) {
                if (removed.add(x) && c.singles().contains(x)) {
                    notes.add("remove candidate R" + x + " (operand conflict with R" + r + ")");
                }
            }
        }
        if (withPairs) {
            for (int lead : c.pairs()) {
                if (words >= c.demote()) {
                    break;
                }
                if (removed.contains(lead) || removed.contains(lead + 1)) {
                    continue;
                }
                long off0 = SharedLayout.registerOffset(words, c.threads(), c.staticSmem());
                long off1 = SharedLayout.registerOffset(words + 1, c.threads(), c.staticSmem());
                lines = demote(lines, new int[] {lead, lead + 1}, new int[] {rdv, rdv2}, new long[] {off0, off1}, rda);
                done.add(new Demoted(lead, 2, words, off0));
                words += 2;
                for (int w = 0; w < 2; w++) {
                    removed.addAll(conflicts.getOrDefault(lead + w, Set.of()));
                }
            }
        }
        if (words < c.demote()) {
            notes.add("candidate list exhausted: demoted " + words + " of " + c.demote() + " registers");
        }
        if (done.isEmpty()) {
            return new Result(p, List.of(), -1, -1, -1, 0, notes);
        }
        lines = prologue(lines, rda, rdv, usesTidY, volta(p));
        SassProgram out = p.withLines(lines);
        return new Result(out, done, rda, rdv, rdv2, SharedLayout.bytes(words, c.threads()), notes);
    }

    static boolean usesSpecial(SassProgram p, String name) {
        for (Line.Instr i : p.instructions()) {
            for (Operand o : i.operands()) {
                if (o instanceof Operand.SpecialReg s && s.name().equals(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** maxas re-inserts reuse flags; stale ones would be wrong next to inserted code (digest P13). */
    static List<Line> stripReuse(List<Line> in) {
        List<Line> out = new ArrayList<>(in.size());
        for (Line l : in) {
            if (l instanceof Line.Instr i && i.operands().stream().anyMatch(o -> o instanceof Operand.Reg r
                    && r.hasExt("reuse"))) {
                List<Operand> ops = new ArrayList<>();
                for (Operand o : i.operands()) {
                    ops.add(o instanceof Operand.Reg r ? r.withoutExt("reuse") : o);
                }
                out.add(i.withOperands(ops));
            } else {
                out.add(l);
            }
        }
        return out;
    }

    /** Whether the program's {@code # Arch} is Volta or later (no SHL/XMAD there: seed 004 targets Maxwell). */
    static boolean volta(SassProgram p) {
        return RegDem.arch(p).volta();
    }

    /**
     * RDA = tid·4 (1-D) or (tid.y·blockDim.x + tid.x)·4 (2-D), computed at kernel entry where no GPR is live. Maxwell
     * uses the paper's SHL/XMAD; Volta and later have neither, so the same values come from IMAD.SHL.U32 and IMAD with
     * blockDim.x at c[0x0][0x0] (the forms nvcc itself emits there).
     */
    static List<Line> prologue(List<Line> lines, int rda, int rdv, boolean twoD, boolean volta) {
        int at = 0;
        while (at < lines.size() && !(lines.get(at) instanceof Line.Instr || lines.get(at) instanceof Line.Label)) {
            at++;
        }
        Operand.Reg a = Operand.Reg.of(rda);
        Operand.Reg v = Operand.Reg.of(rdv);
        List<Line> pro = new ArrayList<>();
        if (!twoD) {
            pro.add(instr(ControlCode.of(0, 0, 1, false, 6), "S2R", List.of(), List.of(a,
                    new Operand.SpecialReg("SR_TID.X"))));
            pro.add(times4(ControlCode.of(0x01, 0, 0, false, 6), a, a, volta));
        } else {
            pro.add(instr(ControlCode.of(0, 0, 1, false, 1), "S2R", List.of(), List.of(a,
                    new Operand.SpecialReg("SR_TID.X"))));
            pro.add(instr(ControlCode.of(0, 0, 2, false, 1), "S2R", List.of(), List.of(v,
                    new Operand.SpecialReg("SR_TID.Y"))));
            Operand.Const blockDimX = new Operand.Const(0, null, volta ? 0x0 : 0x8, false, false);
            pro.add(instr(ControlCode.of(0x03, 0, 0, false, 6), volta ? "IMAD" : "XMAD", List.of(),
                    List.of(v, v, blockDimX, a)));
            pro.add(times4(ControlCode.of(0, 0, 0, false, 6), a, v, volta));
        }
        List<Line> out = new ArrayList<>(lines.subList(0, at));
        for (Line l : pro) {
            out.add(((Line.Instr) l).withTag(DemoteTag.PROLOGUE));
        }
        out.addAll(lines.subList(at, lines.size()));
        return out;
    }

    private static Line.Instr times4(ControlCode c, Operand.Reg d, Operand.Reg src, boolean volta) {
        return volta
                ? instr(c, "IMAD", List.of("SHL", "U32"), List.of(d, src, Operand.Imm.hex(4), Operand.Reg.of(255)))
                : instr(c, "SHL", List.of(), List.of(d, src, Operand.Imm.hex(2)));
    }

    static Line.Instr instr(ControlCode c, String op, List<String> mods, List<Operand> ops) {
        return Line.Instr.of(c, null, op, mods, ops);
    }

    static Line.Instr lds(int value, int rda, long off, Operand.Pred guard, int reg) {
        return new Line.Instr(ControlCode.of(0, 0, 0, false, DEMOTE_STALL), guard, "LDS", List.of(),
                List.of(Operand.Reg.of(value), new Operand.Mem("", Operand.Reg.of(rda), null, off)),
                DemoteTag.load(off, reg), "", -1, "", null);
    }

    static Line.Instr sts(int value, int rda, long off, Operand.Pred guard, int reg) {
        return new Line.Instr(ControlCode.of(0, 0, 0, false, DEMOTE_STALL), guard, "STS", List.of(),
                List.of(new Operand.Mem("", Operand.Reg.of(rda), null, off), Operand.Reg.of(value)),
                DemoteTag.store(off, reg), "", -1, "", null);
    }

    /** Whether {@code i} reads one of {@code regs} with variable latency (reads them after issue). */
    static boolean asyncReads(Line.Instr i, int... regs) {
        Isa.Info info = Isa.info(i);
        return info.variableLatency() && anyOf(regs, info::reads);
    }

    /** Whether {@code i} writes one of {@code regs} with variable latency (its result arrives after issue). */
    static boolean asyncWrites(Line.Instr i, int... regs) {
        Isa.Info info = Isa.info(i);
        return info.variableLatency() && anyOf(regs, info::writes);
    }

    private static boolean anyOf(int[] regs, IntPredicate test) {
        for (int r : regs) {
            if (r >= 0 && test.test(r)) {
                return true;
            }
        }
        return false;
    }

    /** One iteration of Fig. 3's main loop for one register (or the words of one multi-word register). */
    static List<Line> demote(List<Line> in, int[] words, int[] values, long[] offsets, int rda) {
        Map<Integer, Integer> map = new HashMap<>();
        for (int w = 0; w < words.length; w++) {
            map.put(words[w], values[w]);
        }
        BarrierTracker tracker = new BarrierTracker();
        List<Line> out = new ArrayList<>(in.size() + 16);
        Set<Integer> demoteBarriers = new LinkedHashSet<>();
        int pendingWaitMask = 0;
        for (Line l : in) {
            if (l instanceof Line.Label) {
                tracker.reset();
                demoteBarriers.clear();
                out.add(l);
                continue;
            }
            if (!(l instanceof Line.Instr ins0)) {
                out.add(l);
                continue;
            }
            Isa.Info info = Isa.info(ins0);
            boolean[] rd = new boolean[words.length];
            boolean[] wr = new boolean[words.length];
            boolean any = false;
            for (int w = 0; w < words.length; w++) {
                rd[w] = info.reads(words[w]);
                wr[w] = info.writes(words[w]);
                any |= rd[w] || wr[w];
            }
            Line.Instr ins = ins0;
            if (!any) {
                if (Isa.isJump(ins)) {
                    // CODE: a jump waits on every barrier demote code still holds (digest P7)
                    for (int b : demoteBarriers) {
                        if (tracker.busy(b)) {
                            ins = ins.withCtrl(ins.ctrl().withWait(b));
                        }
                    }
                }
                ins = ins.withCtrl(ins.ctrl().withWaitMask(ins.ctrl().waitMask() | pendingWaitMask));
                pendingWaitMask = 0;
                tracker.update(ins);
                out.add(ins);
                if (Isa.isJump(ins)) {
                    tracker.reset();
                    demoteBarriers.clear();
                }
                continue;
            }
            ins = RegisterRenamer.rename(ins, map);
            for (int w = 0; w < words.length; w++) {
                if (!rd[w]) {
                    continue;
                }
                Line.Instr lds = lds(values[w], rda, offsets[w], ins.guard(), words[w]);
                int rb = tracker.getBarrier();
                int wb = tracker.getBarrier(rb);
                ControlCode lc = lds.ctrl().withReadBarrier(rb).withWriteBarrier(wb)
                        .withWaitMask(pendingWaitMask);
                pendingWaitMask = 0;
                Line.Instr prev = lastInstr(out);
                if (prev == null) {
                    // first in its block: an async reader of RDV may fall through the label; the instruction
                    // waited for it, so the load does too
                    lc = lc.withWaitMask(lc.waitMask() | ins0.ctrl().waitMask());
                } else {
                    // RDV must be free: the previous instruction may still read (or write) it (seed Fig. 3 lines 19-20)
                    if (asyncReads(prev, values)) {
                        lc = lc.withWait(prev.ctrl().readBarrier() > 0 ? prev.ctrl().readBarrier()
                                : prev.ctrl().writeBarrier());
                    }
                    if (asyncWrites(prev, values)) {
                        lc = lc.withWait(prev.ctrl().writeBarrier());
                    }
                }
                lds = lds.withCtrl(lc);
                tracker.update(lds);
                demoteBarriers.add(rb);
                demoteBarriers.add(wb);
                out.add(lds);
                ins = ins.withCtrl(ins.ctrl().withWait(rb).withWait(wb));
            }
            ins = ins.withCtrl(ins.ctrl().withWaitMask(ins.ctrl().waitMask() | pendingWaitMask));
            pendingWaitMask = 0;
            boolean anyWrite = false;
            for (boolean b : wr) {
                anyWrite |= b;
            }
            Isa.Info ri = Isa.info(ins);
            if (anyWrite) {
                if (ri.variableLatency()) {
                    if (ins.ctrl().writeBarrier() == 0) {
                        ins = ins.withCtrl(ins.ctrl().withWriteBarrier(tracker.getBarrier(ins.ctrl().readBarrier())));
                    }
                } else {
                    // fixed-latency producer: its stall must cover the latency before the STS reads RDV (digest P5)
                    ins = ins.withCtrl(ins.ctrl().withStall(Math.max(ins.ctrl().stall(), Isa.FIXED_LATENCY)));
                }
            }
            boolean readsValueAsync = asyncReads(ins, values);
            if (readsValueAsync && ins.ctrl().readBarrier() == 0) {
                ins = ins.withCtrl(ins.ctrl().withReadBarrier(tracker.getBarrier(ins.ctrl().writeBarrier())));
            }
            tracker.update(ins);
            out.add(ins);
            if (readsValueAsync) {
                pendingWaitMask |= 1 << (ins.ctrl().readBarrier() - 1);
                demoteBarriers.add(ins.ctrl().readBarrier());
            }
            for (int w = 0; w < words.length; w++) {
                if (!wr[w]) {
                    continue;
                }
                Line.Instr st = sts(values[w], rda, offsets[w], ins.guard(), words[w]);
                ControlCode sc = st.ctrl().withWaitMask(pendingWaitMask & ~(readsValueAsync
                        ? 1 << (ins.ctrl().readBarrier() - 1) : 0));
                pendingWaitMask &= readsValueAsync ? 1 << (ins.ctrl().readBarrier() - 1) : 0;
                if (ri.variableLatency()) {
                    sc = sc.withWait(ins.ctrl().writeBarrier());
                }
                int rb = tracker.getBarrier(sc.waits().stream().mapToInt(Integer::intValue).toArray());
                sc = sc.withReadBarrier(rb);
                st = st.withCtrl(sc);
                tracker.update(st);
                demoteBarriers.add(rb);
                out.add(st);
                // RDV must not be overwritten before the STS has read it: the next instruction waits (Fig. 3 l. 11-12)
                pendingWaitMask |= 1 << (rb - 1);
            }
        }
        return out;
    }

    static Line.Instr lastInstr(List<Line> out) {
        for (int k = out.size() - 1; k >= 0; k--) {
            Line l = out.get(k);
            if (l instanceof Line.Instr i) {
                return i;
            }
            if (l instanceof Line.Label) {
                return null;
            }
        }
        return null;
    }
}
