package tessera.modsched.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;

/**
 * Seed 002 §2 (digest §2.1, §3.6): prologue / kernel / epilogue of a modulo schedule as data. Iteration i starts at
 * cycle i·II and op u of iteration i issues at i·II + t(u). The prologue is the first (SC-1)·II cycles (iterations
 * 0..SC-2 filling the pipeline), the kernel is one II-cycle block in which an op of stage s works on iteration
 * k - s, and the epilogue is the last (SC-1)·II cycles draining iterations N-SC+1..N-1. Needs N &gt;= SC - 1
 * iterations for this shape; {@link #expand(Schedule, int)} gives the flat code for any N.
 */
public final class KernelGenerator {
    private KernelGenerator() {
    }

    /**
     * One issued op. In the prologue {@code iteration} is absolute (0-based); in the kernel it is relative to the
     * kernel's newest iteration k (so -stage); in the epilogue it is relative to N, the trip count (negative).
     */
    public record Issue(int op, int stage, int iteration) {
    }

    /** Ops issued in one cycle. */
    public record Cycle(List<Issue> issues) {
    }

    /** The generated code. */
    public record Code(int ii, int stageCount, int replicationFactor, List<Cycle> prologue, List<Cycle> kernel,
            List<Cycle> epilogue) {
    }

    public static Code generate(Schedule s) {
        Loop loop = s.loop();
        int ii = s.ii();
        int sc = s.stageCount();
        List<Cycle> pro = new ArrayList<>();
        for (int c = 0; c < (sc - 1) * ii; c++) {
            List<Issue> l = new ArrayList<>();
            for (int i = 0; i <= sc - 2; i++) {
                for (int u = 0; u < loop.size(); u++) {
                    if (i * ii + s.time(u) == c) {
                        l.add(new Issue(u, s.stage(u), i));
                    }
                }
            }
            pro.add(new Cycle(sorted(l)));
        }
        List<Cycle> ker = new ArrayList<>();
        for (int r = 0; r < ii; r++) {
            List<Issue> l = new ArrayList<>();
            for (int u = 0; u < loop.size(); u++) {
                if (s.row(u) == r) {
                    l.add(new Issue(u, s.stage(u), -s.stage(u)));
                }
            }
            ker.add(new Cycle(sorted(l)));
        }
        List<Cycle> epi = new ArrayList<>();
        for (int c = 0; c < (sc - 1) * ii; c++) {
            // iteration N - j (j = 1..SC-1) started at (N - j)·II; the epilogue starts at N·II
            List<Issue> l = new ArrayList<>();
            for (int j = 1; j <= sc - 1; j++) {
                for (int u = 0; u < loop.size(); u++) {
                    int local = s.time(u) - j * ii;
                    if (local == c) {
                        l.add(new Issue(u, s.stage(u), -j));
                    }
                }
            }
            epi.add(new Cycle(sorted(l)));
        }
        return new Code(ii, sc, RegisterPressure.of(s).replicationFactor(), pro, ker, epi);
    }

    private static List<Issue> sorted(List<Issue> l) {
        l.sort(Comparator.comparingInt(Issue::iteration).thenComparingInt(Issue::op));
        return List.copyOf(l);
    }

    /**
     * The straight-line code of N &gt;= SC - 1 iterations assembled from prologue, N - SC + 1 kernel blocks and
     * epilogue, with absolute iteration numbers. Cycle c of the result is absolute cycle c.
     */
    public static List<Cycle> expand(Schedule s, int n) {
        Code code = generate(s);
        int sc = code.stageCount();
        if (n < sc - 1) {
            throw new IllegalArgumentException("need at least SC-1 = " + (sc - 1) + " iterations");
        }
        List<Cycle> out = new ArrayList<>(code.prologue());
        for (int k = sc - 1; k <= n - 1; k++) {
            for (Cycle c : code.kernel()) {
                List<Issue> l = new ArrayList<>();
                for (Issue is : c.issues()) {
                    l.add(new Issue(is.op(), is.stage(), k + is.iteration()));
                }
                out.add(new Cycle(l));
            }
        }
        for (Cycle c : code.epilogue()) {
            List<Issue> l = new ArrayList<>();
            for (Issue is : c.issues()) {
                l.add(new Issue(is.op(), is.stage(), n + is.iteration()));
            }
            out.add(new Cycle(l));
        }
        return out;
    }
}
