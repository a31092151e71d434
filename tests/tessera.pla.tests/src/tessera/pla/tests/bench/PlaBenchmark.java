package tessera.pla.tests.bench;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.xtext.resource.XtextResourceSet;

import tessera.pla.rdg.PlaCompiler;

/**
 * Parse + validate (including the exact single-assignment / defined-use / cycle checks) + RDG build of a generated
 * 2,000-line PLA, warm. Prints a table; target ≤ 300 ms per run. Run:
 * {@code JTEST_MAIN=tessera.pla.tests.bench.PlaBenchmark} with the PLA class path (see docs/pla.md).
 */
public final class PlaBenchmark {
    /** A 2-D PLA of {@code lines} lines: chains of internal variables with uniform dependences, inputs and outputs. */
    public static String generate(int lines) {
        StringBuilder sb = new StringBuilder("// generated benchmark PLA\nparam N, M where N >= 1 and M >= 1\n");
        sb.append("for 0 <= i < N, 0 <= j < M do\n");
        int eq = 0, k = 0;
        while (eq + 4 <= lines - 4) {
            String v = "v" + k, prev = k == 0 ? null : "v" + (k - 1);
            sb.append("    ").append(v).append("[i, j] = in").append(k % 7).append("[i, j] if i == 0\n");
            sb.append("    ").append(v).append("[i, j] = ").append(v).append("[i - 1, j] + ")
                    .append(prev == null ? "1" : prev + "[i, j]").append(" if i >= 1 and j == 0\n");
            sb.append("    ").append(v).append("[i, j] = max(").append(v).append("[i - 1, j - 1], ").append(v)
                    .append("[i, j - 1]) if i >= 1 and j >= 1\n");
            sb.append("    o").append(k).append("[i] = ").append(v).append("[i, j] shr 2 if j == M - 1\n");
            eq += 4;
            k++;
        }
        sb.append("end\n");
        return sb.toString();
    }

    public static void main(String[] args) {
        int lines = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        String text = generate(lines);
        XtextResourceSet rs = PlaCompiler.newResourceSet();
        for (int w = 0; w < 10; w++) { // warm up (JIT)
            check(PlaCompiler.compile(rs, "bench.pla", text, true));
        }
        // wall clock, and the thread's CPU time: on a shared, loaded machine the latter is what the code costs
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        List<Double> ms = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        for (int r = 0; r < runs; r++) {
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            PlaCompiler.Compiled c = PlaCompiler.compile(rs, "bench.pla", text, true);
            ms.add((System.nanoTime() - t0) / 1e6);
            cpu.add((mx.getCurrentThreadCpuTime() - c0) / 1e6);
            check(c);
        }
        ms.sort(Double::compare);
        cpu.sort(Double::compare);
        System.out.printf("%-28s %6s %8s %8s %8s %10s %8s%n", "PLA parse+validate+RDG", "lines", "min ms", "median", "max ms",
                "CPU median", "load");
        System.out.printf("%-28s %6d %8.1f %8.1f %8.1f %10.1f %8.2f%n", "generated 2-D chains", text.split("\n").length,
                ms.get(0), ms.get(ms.size() / 2), ms.get(ms.size() - 1), cpu.get(cpu.size() / 2),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static void check(PlaCompiler.Compiled c) {
        if (!c.ok()) {
            throw new IllegalStateException("benchmark PLA is not clean: " + c.diagnostics());
        }
    }
}
