package tessera.dspace.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.csp.GeneratedCode;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.instance.InstanceJson;

/**
 * Benchmark harness (not a test): propagator runs per second and candidates explored per second during random
 * descents (copy, restrict one open variable to one value, propagate, until fixed or failed) on large instances:
 * the scheduling space (Listing 3.12) with 200 instructions and Tessera's GPU space (examples/telamon/space/gpu.exh)
 * on one of the instances next to it, made by {@code tessera telamon instance} from a real kernel (default axpy-64.json:
 * axpy with n = 64, 4 instructions, 12 dimensions, 9 point-to-point pairs that can be lowered).
 * <pre>JTEST_MAIN=tessera.dspace.tests.bench.DspaceBenchmark tests/tessera.dspace.tests/jtest.sh -- [seconds] [instructions] [instance.json]</pre>
 */
public final class DspaceBenchmark {
    private DspaceBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        double secs = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        Path root = tessera.testing.Fixtures.root();
        System.out.printf(Locale.ROOT, "%-34s %6s %9s %12s %14s %12s %10s%n", "space / engine", "vars", "init s",
                "descents", "prop. runs/s", "cand./s", "dead ends");
        Program sched = load(root.resolve("examples/dspace/scheduling.exh"));
        Instance si = scheduling(n, new Random(1));
        run("scheduling " + n + " instr. / interp.", sched, si, false, secs);
        run("scheduling " + n + " instr. / generated", sched, si, true, secs);
        String instance = args.length > 2 ? args[2] : "axpy-64.json";
        Program gpu = load(root.resolve("examples/telamon/space/gpu.exh"));
        Path file = root.resolve("examples/telamon/space").resolve(instance);
        Diagnostics d = new Diagnostics();
        Instance gi = InstanceJson.parse(file.toString(), Files.readString(file), d);
        if (gi == null) {
            throw new IllegalStateException(d.toString());
        }
        String name = "gpu.exh " + instance.replaceFirst("\\.json$", "");
        run(name + " / interp.", gpu, gi, false, secs);
        run(name + " / generated", gpu, gi, true, secs);
    }

    static Program load(Path p) {
        DspaceLoader.Result r = DspaceLoader.load(p);
        if (!r.ok()) {
            throw new IllegalStateException(r.diagnostics().toString());
        }
        return r.program();
    }

    static void run(String name, Program p, Instance inst, boolean generated, double secs) {
        Diagnostics d = new Diagnostics();
        Engine e = Engine.instantiate(p, inst, "bench", d);
        if (e == null) {
            throw new IllegalStateException(d.toString());
        }
        if (generated) {
            e.useGeneratedCode(GeneratedCode.compile(p));
        }
        long t0 = System.nanoTime();
        Candidate root = e.init();
        double init = (System.nanoTime() - t0) / 1e9;
        if (root.failed()) {
            throw new IllegalStateException("root failed: " + root.failure());
        }
        Random rnd = new Random(7);
        long runs = 0, cands = 0, dead = 0, descents = 0;
        long start = System.nanoTime(), end = start + (long) (secs * 1e9);
        while (System.nanoTime() < end) {
            Candidate c = root.copy();
            c.propagatorRuns = 0;
            descents++;
            while (true) {
                List<Integer> open = c.openVariables();
                if (open.isEmpty()) {
                    break;
                }
                int v = open.get(rnd.nextInt(open.size()));
                long dom = c.domain(v);
                int k = rnd.nextInt(Long.bitCount(dom));
                for (int i = 0; i < k; i++) {
                    dom &= dom - 1;
                }
                Candidate child = c.copy();
                child.propagatorRuns = 0;
                child.restrict(v, Long.lowestOneBit(dom));
                runs += child.propagatorRuns;
                cands++;
                if (child.failed()) {
                    dead++;
                    break;
                }
                c = child;
                if (System.nanoTime() > end) {
                    break;
                }
            }
        }
        double el = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "%-34s %6d %9.2f %12d %14.0f %12.0f %9.1f%%%n", name, root.variableCount(), init,
                descents, runs / el, cands / el, 100.0 * dead / Math.max(1, descents));
    }

    /** Random DAG: each instruction depends on up to two earlier ones. */
    static Instance scheduling(int n, Random rnd) {
        Instance.Builder b = Instance.builder();
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = "i" + i;
        }
        b.set("Instructions", names);
        b.dflt("$x.depends_on($y)", false);
        for (int i = 1; i < n; i++) {
            for (int k = 0; k < 2; k++) {
                if (rnd.nextInt(3) > 0) {
                    b.value("$x.depends_on($y)", names[i] + "," + names[rnd.nextInt(i)], true);
                }
            }
        }
        return b.build();
    }
}
