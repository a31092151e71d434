package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * The whole register-demotion flow of seed 004 §3 for one variant, in the paper tool's order (digest §3.8 item 5):
 * candidates → demotion (Fig. 3, multi-word extension) → RDV bank selection → redundant demote removal → value
 * register substitution → hoisting → compaction (bank-aware or plain) → useless-wait cleanup. Each step is its own
 * pass class; this class only wires them.
 */
public final class RegDem {

    /**
     * One variant's settings (digest §3.11: k × candidate strategy × {avoid_conflict, swap_spill_reg, opt_access});
     * {@code dynamicSmem}: the launch's dynamic shared memory, which the spill area follows.
     */
    public record Options(int threads, int demote, CandidateSelection.Strategy strategy, boolean avoidConflict,
            boolean swapSpillReg, boolean optAccess, boolean compaction, boolean pinStackPointer, Set<Integer> exclude,
            int dynamicSmem) {

        public Options {
            exclude = Set.copyOf(exclude);
        }

        public Options(int threads, int demote, CandidateSelection.Strategy strategy, boolean avoidConflict,
                boolean swapSpillReg, boolean optAccess, boolean compaction, boolean pinStackPointer,
                Set<Integer> exclude) {
            this(threads, demote, strategy, avoidConflict, swapSpillReg, optAccess, compaction, pinStackPointer,
                    exclude, 0);
        }

        public Options withDynamicSmem(int bytes) {
            return new Options(threads, demote, strategy, avoidConflict, swapSpillReg, optAccess, compaction,
                    pinStackPointer, exclude, bytes);
        }

        public static Options of(int threads, int demote) {
            return new Options(threads, demote, CandidateSelection.Strategy.CFG, false, false, false, true, true, Set.of());
        }

        public Options with(CandidateSelection.Strategy s, boolean ac, boolean sw, boolean oa) {
            return new Options(threads, demote, s, ac, sw, oa, compaction, pinStackPointer, exclude, dynamicSmem);
        }

        public Options withDemote(int k) {
            return new Options(threads, k, strategy, avoidConflict, swapSpillReg, optAccess, compaction,
                    pinStackPointer, exclude, dynamicSmem);
        }
    }

    public record Result(SassProgram program, List<RegisterDemotion.Demoted> demoted, int words, long sharedBytes,
            int registersBefore, int registersAfter, List<String> notes) {
    }

    private RegDem() {
    }

    public static Result run(SassProgram p, Options o) {
        List<String> notes = new ArrayList<>();
        int before = RegisterUnits.allocated(p, RegisterUnits.registerCount(p));
        int s = SharedLayout.spillBase(arch(p), p.sharedSize(), o.dynamicSmem());
        List<Integer> singles = CandidateSelection.singles(p, o.strategy(), o.exclude());
        List<Integer> pairs = CandidateSelection.pairs(p, o.strategy(), o.exclude());
        RegisterDemotion.Result d = RegisterDemotion.run(p,
                new RegisterDemotion.Config(o.threads(), s, o.demote(), singles, pairs));
        notes.addAll(d.notes());
        if (d.demoted().isEmpty()) {
            return new Result(p, List.of(), 0, 0, before, before, notes);
        }
        SassProgram q = d.program();
        int rdv = d.rdv();
        if (o.avoidConflict() && d.rdv2() < 0) {
            RdvBankSelection.Result b = RdvBankSelection.run(q, d.demoted(), rdv);
            if (b.rdv() != rdv) {
                notes.add("RDV moved from R" + rdv + " to R" + b.rdv() + " (bank " + (b.rdv() % 4) + ")");
            }
            q = b.program();
            rdv = b.rdv();
        }
        if (o.optAccess()) {
            RedundantDemoteRemoval.Result r = RedundantDemoteRemoval.run(q);
            notes.add("redundant demote code removed: " + r.removedLoads() + " loads, " + r.removedStores() + " stores");
            q = r.program();
        }
        if (o.swapSpillReg()) {
            Set<Integer> reserved = new HashSet<>(List.of(d.rda(), rdv));
            if (d.rdv2() >= 0) {
                reserved.add(d.rdv2());
            }
            ValueRegisterSubstitution.Result r = ValueRegisterSubstitution.run(q, o.avoidConflict(), reserved);
            notes.add("value register substitution: " + r.substituted() + " substitutes, " + r.removedLoads()
                    + " loads and " + r.removedStores() + " stores removed");
            q = r.program();
        }
        if (o.optAccess()) {
            DemoteHoisting.Result h = DemoteHoisting.run(q);
            notes.add("hoisted " + h.hoisted() + " demote loads");
            q = h.program();
        }
        int after = RegisterUnits.registerCount(q);
        if (o.compaction()) {
            BitSet pinned = new BitSet();
            if (o.pinStackPointer()) {
                pinned.set(1);
            }
            RegisterCompaction.Result c = RegisterCompaction.run(q, o.avoidConflict(), pinned);
            q = c.program();
            after = c.registersAfter();
        }
        after = RegisterUnits.allocated(p, after);
        q = WaitCleanup.run(q);
        q = q.withHeader("RegCnt", String.valueOf(after));
        q = annotate(q, d, s, o.dynamicSmem());
        return new Result(q, d.demoted(), d.words(), d.sharedBytes(), before, after, notes);
    }

    /** The program's {@code # Arch} (the maxas default sm_52 when absent or unknown). */
    public static ArchSpec arch(SassProgram p) {
        return p.arch().flatMap(ArchSpec::find).orElse(ArchSpec.sm52());
    }

    private static SassProgram annotate(SassProgram q, RegisterDemotion.Result d, int base, int dynamic) {
        List<Line> lines = new ArrayList<>(q.lines());
        int at = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) instanceof Line.HeaderLine) {
                at = i + 1;
            }
        }
        StringBuilder regs = new StringBuilder();
        for (RegisterDemotion.Demoted x : d.demoted()) {
            regs.append(regs.isEmpty() ? "" : ",").append('R').append(x.register()).append(x.width() > 1 ? ":2" : "");
        }
        lines.add(at, new Line.Text(Line.Text.Kind.COMMENT, "# RegDem: demoted " + regs + " to shared memory at 0x"
                + Integer.toHexString(base) + "; launch with " + (dynamic + d.sharedBytes())
                + " B of dynamic shared memory (" + (dynamic > 0 ? "the kernel's " + dynamic + " B + " : "")
                + d.sharedBytes() + " B of spill slots)"));
        return q.withLines(lines);
    }
}
