import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * dev/ab-descents' measurement: two builds of Tessera (A, the base; B, the change) in one JVM, each in its own class
 * loader with its own libraries, run the same random descents of one example kernel in alternating slices, A first
 * in even rounds and B first in odd ones. The ratio of their times is immune to what slows the whole machine down
 * for a while, which made separate runs differ by up to 1.7 times. Arguments: classesA cpFileA classesB cpFileB
 * kernel descentsPerSlice rounds; reads examples/telamon/KERNEL.kernel under -Dtessera.root.
 */
public final class AbDescents {
    public static void main(String[] a) throws Exception {
        String kernel = a[4];
        int n = Integer.parseInt(a[5]), rounds = Integer.parseInt(a[6]);
        Path file = Path.of(System.getProperty("tessera.root"), "examples/telamon/" + kernel + ".kernel");
        if (!Files.isRegularFile(file)) {
            System.err.println("ab-descents: no kernel " + file + " (give the name of an examples/telamon/*.kernel file)");
            System.exit(2);
        }
        Object[] roots = new Object[2];
        Method[] run = new Method[2];
        for (int i = 0; i < 2; i++) {
            List<URL> urls = new ArrayList<>();
            urls.add(Path.of(a[2 * i]).toUri().toURL());
            for (String j : Files.readString(Path.of(a[2 * i + 1])).trim().split(":")) {
                urls.add(Path.of(j).toUri().toURL());
            }
            ClassLoader l = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            Class<?> pipeline = Class.forName("tessera.telamon.pipeline.TelamonPipeline", true, l);
            Class<?> settings = Class.forName("tessera.telamon.pipeline.TelamonPipeline$Settings", true, l);
            Class<?> diagnostics = Class.forName("tessera.core.Diagnostics", true, l);
            Object diags = diagnostics.getConstructor().newInstance();
            Object result = pipeline.getMethod("space", String.class, String.class, settings, diagnostics).invoke(null,
                    file.toString(), Files.readString(file), settings.getConstructor(String.class, Map.class).newInstance("sm_80", Map.of()), diags);
            roots[i] = result.getClass().getMethod("root").invoke(result);
            if (roots[i] == null) {
                throw new IllegalStateException((i == 0 ? "A" : "B") + " has no space for " + kernel + ": " + diags);
            }
            Class<?> candidate = Class.forName("tessera.dspace.runtime.csp.Candidate", true, l);
            run[i] = Class.forName("tessera.telamon.search.RandomDescent", true, l).getMethod("run", candidate, SplittableRandom.class);
        }
        int warm = Math.min(3, rounds / 4);
        double[] ratios = new double[rounds - warm];
        long[] total = new long[2];
        for (int r = 0; r < rounds; r++) {
            long[] t = new long[2];
            for (int k = 0; k < 2; k++) {
                int side = (r + k) % 2;
                SplittableRandom seeds = new SplittableRandom(2019 + r);
                long t0 = System.nanoTime();
                for (int j = 0; j < n; j++) {
                    run[side].invoke(null, roots[side], new SplittableRandom(seeds.nextLong()));
                }
                t[side] = System.nanoTime() - t0;
            }
            if (r >= warm) {
                ratios[r - warm] = (double) t[0] / t[1];
                total[0] += t[0];
                total[1] += t[1];
            }
        }
        Arrays.sort(ratios);
        int m = ratios.length;
        System.out.printf("%s: A %.2f descents/s, B %.2f; B's speed-up: %.3f over all, median %.3f, quartiles %.3f-%.3f"
                + " (%d rounds of %d descents after %d warm-up rounds)%n", kernel, n * (double) m / (total[0] / 1e9),
                n * (double) m / (total[1] / 1e9), (double) total[0] / total[1], ratios[m / 2], ratios[m / 4],
                ratios[3 * m / 4], m, n, warm);
    }
}
