package tessera.telamon.pipeline.tests.bench;

import java.util.List;
import java.util.Map;

import tessera.telamon.pipeline.tests.LeafCodeTest;
import tessera.telamon.pipeline.tests.SoundnessTest;

/**
 * The acceptance runs of issue 18 at sizes too long for CI, with the same checks as the unit tests:
 * {@code leaves N KERNEL…} (N random leaves per example kernel at the thesis's sizes: loop tree, PTX for the five
 * targets through ptxas; the reference run is skipped above 2^16 elements), {@code run N} (the reference executor on N
 * leaves of axpy n = 1024 and of matmul 32×32×16), {@code sat N} (SAT4J on N descents of axpy n = 64 and matmul 8×8×4).
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.TelamonAcceptance dev/jtest-tcpa tessera.telamon.pipeline -- MODE N …}
 */
public final class TelamonAcceptance {
    private TelamonAcceptance() {
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        long t0 = System.nanoTime();
        switch (args[0]) {
            case "leaves" -> {
                for (String k : List.of(args).subList(2, args.length)) {
                    long t = System.nanoTime();
                    LeafCodeTest.leaves(LeafCodeTest.example(k, Map.of()), n, 18);
                    System.out.printf("%s: %d leaves ok in %.0f s%n", k, n, (System.nanoTime() - t) / 1e9);
                }
            }
            case "run" -> {
                LeafCodeTest.leaves(LeafCodeTest.example("axpy", Map.of("n", 1024L)), n, 19);
                System.out.printf("axpy n=1024: %d leaves computed the kernel%n", n);
                LeafCodeTest.leaves(LeafCodeTest.example("matmul_256", Map.of("m", 32L, "n", 32L, "k", 16L)), n, 20);
                System.out.printf("matmul 32x32x16: %d leaves computed the kernel%n", n);
            }
            case "sat" -> {
                SoundnessTest.check(LeafCodeTest.example("axpy", Map.of("n", 64L)), n, 21);
                SoundnessTest.check(LeafCodeTest.example("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L)), n, 22);
            }
            default -> throw new IllegalArgumentException("mode leaves, run or sat");
        }
        System.out.printf("total %.0f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
