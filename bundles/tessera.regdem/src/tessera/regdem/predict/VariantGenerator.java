package tessera.regdem.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tessera.core.Monitor;
import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.demote.CandidateSelection;
import tessera.regdem.demote.LocalSpillToShared;
import tessera.regdem.demote.RegDem;
import tessera.regdem.demote.SharedLayout;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.occupancy.DemotionTargets;
import tessera.regdem.occupancy.Occupancy;
import tessera.regdem.occupancy.OccupancyCalculator;
import tessera.regdem.occupancy.PaperOccupancy;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §4 / digest §3.11: variant generation and selection. Variants are the original, the RegDem variants
 * (for every spill count of the automatic utility: 3 candidate strategies × {avoid_conflict, swap_spill_reg,
 * opt_access} ∈ {0,1}³) and, when given, nvcc's local-spill build and its local→shared conversion. Each is scored by
 * the {@link StallPredictor} at its own occupancy (spill shared memory included, digest P14) and the lowest
 * occupancy-adjusted stall wins.
 */
public final class VariantGenerator {

    public enum OccupancyModel { ARCH, PAPER }

    /**
     * {@code staticSmem}: the kernel's own static shared memory; {@code dynamicSmem}: the launch's dynamic shared
     * memory (both occupy shared memory before the spill area, {@link SharedLayout#spillBase}).
     */
    public record Settings(ArchSpec arch, int threads, int staticSmem, OccupancyModel occupancyModel,
            StallPredictor.Mode predictorMode, double targetOccupancy, List<Integer> demoteCounts, Set<Integer> exclude,
            int dynamicSmem) {

        public Settings(ArchSpec arch, int threads, int staticSmem, OccupancyModel occupancyModel,
                StallPredictor.Mode predictorMode, double targetOccupancy, List<Integer> demoteCounts,
                Set<Integer> exclude) {
            this(arch, threads, staticSmem, occupancyModel, predictorMode, targetOccupancy, demoteCounts, exclude, 0);
        }

        /** Shared memory of the kernel itself per block: static plus dynamic, each rounded to 4 bytes. */
        public int kernelSmem() {
            return SharedLayout.kernelBytes(staticSmem, dynamicSmem);
        }
    }

    public record Report(List<Variant> variants, Variant chosen, List<DemotionTargets.Target> targets,
            List<String> notes) {
    }

    private VariantGenerator() {
    }

    public static Occupancy occupancy(Settings s, int regs, long smem) {
        if (s.occupancyModel() == OccupancyModel.PAPER) {
            return PaperOccupancy.compute(regs, (int) smem, s.threads());
        }
        return OccupancyCalculator.compute(s.arch(), regs, s.threads(), (int) Math.min(Integer.MAX_VALUE, smem));
    }

    public static Report run(SassProgram orig, SassProgram local, Settings s, Monitor monitor) {
        List<String> notes = new ArrayList<>();
        List<Variant> vs = new ArrayList<>();
        int regs = RegisterUnits.allocated(orig, RegisterUnits.registerCount(orig));
        vs.add(score(s, "orig", 0, "-", false, false, false, orig, regs, s.kernelSmem(), 0, List.of()));
        List<DemotionTargets.Target> targets = new ArrayList<>();
        Map<Integer, Integer> ks = new LinkedHashMap<>();
        if (s.demoteCounts() != null && !s.demoteCounts().isEmpty()) {
            for (int k : s.demoteCounts()) {
                ks.put(k, regs - k + 2);
            }
        } else if (s.occupancyModel() == OccupancyModel.PAPER) {
            for (int k : DemotionTargets.paper(regs, s.kernelSmem(), s.threads())) {
                ks.put(k, regs - k + 2);
            }
        } else {
            targets = DemotionTargets.forArch(s.arch(), regs, s.kernelSmem(), s.threads());
            for (DemotionTargets.Target t : targets) {
                if (t.occupancy().occupancy() + 1e-9 >= s.targetOccupancy()) {
                    ks.put(t.demote(), t.targetRegisters());
                    if (s.targetOccupancy() > 0) {
                        break;
                    }
                }
            }
        }
        if (ks.isEmpty()) {
            Occupancy o = occupancy(s, regs, s.kernelSmem());
            notes.add(o.limitedBy(Occupancy.Limiter.REGISTERS)
                    ? "no occupancy step is reachable by demotion within the shared memory limit"
                    : "not register-limited (occupancy " + fmt(o.occupancy()) + " limited by " + o.limiters()
                            + "): nothing to demote");
        }
        monitor.begin("RegDem variants", ks.size() * 24);
        for (Map.Entry<Integer, Integer> e : ks.entrySet()) {
            for (CandidateSelection.Strategy st : CandidateSelection.Strategy.values()) {
                for (int flags = 0; flags < 8; flags++) {
                    monitor.checkCanceled();
                    boolean ac = (flags & 4) != 0;
                    boolean sw = (flags & 2) != 0;
                    boolean oa = (flags & 1) != 0;
                    RegDem.Result r = null;
                    // a multi-word demotion or alignment may leave the count above target: demote a little more
                    for (int k = e.getKey(); k <= e.getKey() + 3; k++) {
                        r = RegDem.run(orig, new RegDem.Options(s.threads(), k, st, ac, sw, oa, true, true,
                                s.exclude(), s.dynamicSmem()));
                        if (r.registersAfter() <= e.getValue() || r.words() < k) {
                            break;
                        }
                    }
                    monitor.worked(1);
                    if (r == null || r.demoted().isEmpty()) {
                        continue;
                    }
                    String name = String.format(Locale.ROOT, "spill_%d_%s_%d_%d_%d", e.getKey(),
                            st.name().toLowerCase(Locale.ROOT).replace("_access", "").replace("operand_", ""),
                            ac ? 1 : 0, sw ? 1 : 0, oa ? 1 : 0);
                    vs.add(score(s, name, r.words(), st.name(), ac, sw, oa, r.program(), r.registersAfter(),
                            s.kernelSmem(), r.sharedBytes(), r.notes()));
                }
            }
        }
        if (local != null) {
            int lr = RegisterUnits.allocated(local, RegisterUnits.registerCount(local));
            int localSmem = SharedLayout.kernelBytes(local.sharedSize(), s.dynamicSmem());
            vs.add(score(s, "local", 0, "-", false, false, false, local, lr, localSmem, 0, List.of()));
            LocalSpillToShared.Result ls = LocalSpillToShared.run(local, s.threads(),
                    SharedLayout.spillBase(s.arch(), local.sharedSize(), s.dynamicSmem()));
            if (ls.words() > 0) {
                vs.add(score(s, "local_shared", ls.words(), "-", false, false, false, ls.program(),
                        RegisterUnits.allocated(local, RegisterUnits.registerCount(ls.program())), localSmem,
                        ls.sharedBytes(), ls.notes()));
            } else {
                notes.addAll(ls.notes());
            }
        }
        double occMax = vs.stream().mapToDouble(Variant::occupancy).max().orElse(1);
        Variant best = null;
        List<Variant> scored = new ArrayList<>();
        for (Variant v : vs) {
            Variant w = v.withScore(StallPredictor.adjusted(v.stall(), v.occupancy(), occMax), false);
            scored.add(w);
            if (best == null || w.adjusted() < best.adjusted() - 1e-9) {
                best = w;
            }
        }
        List<Variant> out = new ArrayList<>();
        for (Variant v : scored) {
            out.add(v == best ? v.withScore(v.adjusted(), true) : v);
        }
        Variant chosen = out.stream().filter(Variant::chosen).findFirst().orElse(null);
        return new Report(out, chosen, targets, notes);
    }

    private static Variant score(Settings s, String name, int k, String strategy, boolean ac, boolean sw, boolean oa,
            SassProgram p, int regs, int kernelSmem, long dyn, List<String> notes) {
        long smem = kernelSmem + dyn;
        Occupancy o = occupancy(s, regs, smem);
        StallPredictor.Prediction pr = StallPredictor.predict(p, o.occupancy(), s.arch(), s.predictorMode());
        return new Variant(name, k, strategy, ac, sw, oa, regs, o.occupancy(), smem, dyn, pr.stall(), Double.NaN,
                pr.instCount(), pr.dpCount(), false, p, notes);
    }

    static String fmt(double d) {
        return String.format(Locale.ROOT, "%.4f", d);
    }

    /** The report table: variant, registers, occupancy, shared memory, predicted stalls, adjusted score, chosen. */
    public static String table(Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-22s %5s %9s %8s %12s %12s %6s%n", "variant", "regs", "occupancy",
                "smem(B)", "stall", "adjusted", "chosen"));
        for (Variant v : r.variants()) {
            sb.append(String.format(Locale.ROOT, "%-22s %5d %9.4f %8d %12.2f %12.2f %6s%n", v.name(), v.registers(),
                    v.occupancy(), v.sharedBytes(), v.stall(), v.adjusted(), v.chosen() ? "*" : ""));
        }
        return sb.toString();
    }
}
