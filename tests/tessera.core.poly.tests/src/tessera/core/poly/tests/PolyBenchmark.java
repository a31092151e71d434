package tessera.core.poly.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tessera.core.poly.AffineExpr;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;

/**
 * Benchmark harness (not a test): prints a table of timings for the operations the TCPA passes and the interpreter
 * use most. Run with {@code JTEST_MAIN=tessera.core.poly.tests.PolyBenchmark dev/jtest tessera.core.poly}.
 */
public final class PolyBenchmark {
    private PolyBenchmark() {
    }

    public static void main(String[] args) {
        System.out.printf("%-58s %12s %12s%n", "operation", "repeats", "us/op");
        IntegerSet pugh = IntegerSet.parse("{ [x, y] : 27 <= 11x + 13y <= 45 and -10 <= 7x - 9y <= 4 }");
        row("isEmpty, Pugh's dark-shadow example", 2000, () -> pugh.isEmpty());
        IntegerSet tri = IntegerSet.parse("{ [i, j] : 0 <= i < N and 0 <= j <= i }");
        IntegerSet sq = IntegerSet.parse("{ [i, j] : 0 <= i < N and 0 <= j < N }");
        row("isSubsetOf, triangle in square (parametric)", 2000, () -> tri.isSubsetOf(sq));
        row("projectOut j of {i == 3j + 1, 0 <= j < N}", 2000,
                () -> IntegerSet.parse("{ [i, j] : i == 3j + 1 and 0 <= j < N }").projectOut("j"));
        for (long n : new long[] { 64, 256 }) {
            // 2-D tiling with 8x8 tiles: i1 = 8 k1 + j1, i2 = 8 k2 + j2, domain {0 <= i2 <= i1 < N}
            IntegerSet dom = IntegerSet.parse("{ [i1, i2] : 0 <= i2 <= i1 < N }");
            IntegerSet tiled = dom.preimage(Space.dims("k1", "k2", "j1", "j2"),
                    Map.of("i1", AffineExpr.parse("8k1 + j1"), "i2", AffineExpr.parse("8k2 + j2")))
                    .and("0 <= j1 < 8 and 0 <= j2 < 8").fix("N", n);
            long[] cnt = { 0 };
            long t0 = System.nanoTime();
            tiled.forEachPoint(Map.of(), p -> cnt[0]++);
            double us = (System.nanoTime() - t0) / 1e3;
            System.out.printf(Locale.ROOT, "%-58s %12d %12.3f%n", "enumerate tiled triangle N=" + n + " (us/point)",
                    cnt[0], us / cnt[0]);
            long tiles = n / 8;
            row("Algorithm 1 style: split(K) classes of " + tiles + "x" + tiles + " tiles", 1, () -> {
                List<IntegerSet> distinct = new ArrayList<>();
                for (long k1 = 0; k1 < tiles; k1++) {
                    for (long k2 = 0; k2 < tiles; k2++) {
                        UnionSet s = tiled.and("k1 == " + k1 + " and k2 == " + k2).projectOut("k1", "k2");
                        IntegerSet piece = s.pieces().isEmpty() ? IntegerSet.empty(s.space()) : s.pieces().get(0);
                        if (distinct.stream().noneMatch(d -> d.isEqualTo(piece))) {
                            distinct.add(piece);
                        }
                    }
                }
                if (distinct.size() != 3) {
                    throw new IllegalStateException("expected 3 intra-tile patterns, got " + distinct.size());
                }
            });
        }
    }

    private static void row(String name, int repeats, Runnable r) {
        r.run(); // warm-up
        long t0 = System.nanoTime();
        for (int i = 0; i < repeats; i++) {
            r.run();
        }
        double us = (System.nanoTime() - t0) / 1e3 / repeats;
        System.out.printf(Locale.ROOT, "%-58s %12d %12.3f%n", name, repeats, us);
    }
}
