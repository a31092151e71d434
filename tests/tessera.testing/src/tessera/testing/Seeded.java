package tessera.testing;

import java.util.Random;

/**
 * Seeded random tests: one {@link Random} built from a fixed seed feeds every case in turn (so a run is reproducible),
 * and each case gets a label naming the seed and the case number for its assertion messages.
 */
public final class Seeded {
    /** One random case: {@code where} reads "seed S case I", for assertion messages. */
    @FunctionalInterface
    public interface Case {
        void run(Random rnd, int index, String where);
    }

    private Seeded() {
    }

    /** Runs cases 0 to {@code count − 1}, in order, on one {@code new Random(seed)}. */
    public static void cases(long seed, int count, Case body) {
        Random rnd = new Random(seed);
        for (int i = 0; i < count; i++) {
            body.run(rnd, i, "seed " + seed + " case " + i);
        }
    }
}
