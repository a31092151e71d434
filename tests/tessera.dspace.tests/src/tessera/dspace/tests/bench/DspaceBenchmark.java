package tessera.dspace.tests.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.csp.GeneratedCode;
import tessera.dspace.runtime.instance.Instance;

/**
 * Benchmark harness (not a test): propagator runs per second and candidates explored per second during random
 * descents (copy, restrict one open variable to one value, propagate, until fixed or failed) on large instances:
 * the scheduling space (Listing 3.12) with 200 instructions and the GPU-like space of examples/dspace/gpu.
 * <pre>JTEST_MAIN=tessera.dspace.tests.bench.DspaceBenchmark tests/tessera.dspace.tests/jtest.sh -- [seconds] [instructions]</pre>
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
        Program gpu = load(root.resolve("examples/dspace/gpu/gpu.exh"));
        Instance gi = gpu(16, 8, new Random(2));
        run("gpu 16 inst. 8 dims / interp.", gpu, gi, false, secs);
        run("gpu 16 inst. 8 dims / generated", gpu, gi, true, secs);
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

    /** A GPU kernel with {@code insts} instructions (half of them memory accesses) and {@code dims} static dims. */
    static Instance gpu(int insts, int dims, Random rnd) {
        Instance.Builder b = Instance.builder();
        List<String> in = new ArrayList<>(), mem = new ArrayList<>(), ds = new ArrayList<>(), arrays = new ArrayList<>();
        for (int i = 0; i < insts; i++) {
            in.add("i" + i);
            if (i % 2 == 0) {
                mem.add("i" + i);
            }
        }
        for (int i = 0; i < dims; i++) {
            ds.add("d" + i);
        }
        for (int i = 0; i < 4; i++) {
            arrays.add("a" + i);
        }
        b.set("Instructions", in.toArray(String[]::new)).set("MemInsts", mem.toArray(String[]::new));
        b.set("StaticDims", ds.toArray(String[]::new)).set("Dimensions", ds.toArray(String[]::new));
        b.set("LogicalDims", "n0", "n1").paramSet("StripDims", "n0", "d0", "d1").paramSet("StripDims", "n1", "d2", "d3");
        b.set("Arrays", arrays.toArray(String[]::new)).set("Communications", "c0", "c1");
        b.dflt("$d.is_parallelizable()", true).dflt("$d.is_static()", true);
        for (String d : ds) {
            b.value("$d.possible_sizes()", d, new long[] { 2, 4, 8, 16 });
        }
        b.value("$l.possible_strip_minings()", "n0", new long[] { 16, 32, 64 });
        b.value("$l.possible_strip_minings()", "n1", new long[] { 8, 16 });
        b.dflt("$s.is_dim()", false);
        for (String d : ds) {
            b.value("$s.is_dim()", d, true);
        }
        b.dflt("$a.depends_on($b)", false);
        for (int i = 1; i < insts; i++) {
            if (rnd.nextBoolean()) {
                b.value("$a.depends_on($b)", "i" + i + ",i" + rnd.nextInt(i), true);
            }
        }
        b.dflt("$a.is_temporary()", false).dflt("$i.is_store()", false).dflt("$i.accesses($a)", false);
        for (int i = 0; i < mem.size(); i++) {
            b.value("$i.accesses($a)", mem.get(i) + "," + arrays.get(i % arrays.size()), true);
        }
        for (String a : arrays) {
            b.value("$a.size()", a, 4096L);
        }
        b.constant("$fun.device().shared_mem()", 49152L).constant("$fun.device().max_threads_per_block()", 1024L);
        b.dflt("$c.can_fuse()", true);
        for (String c : List.of("c0", "c1")) {
            b.trigger("$fun.gen_temp_array($c)", c, new Instance.TriggerEffect(
                    Map.of("Arrays", List.of("tmp_" + c), "MemInsts", List.of("st_" + c, "ld_" + c)), Map.of(),
                    Map.of(Instance.normalize("$a.size()"), Map.of("tmp_" + c, 1024L),
                            Instance.normalize("$a.is_temporary()"), Map.of("tmp_" + c, true))));
        }
        return b.build();
    }

}
