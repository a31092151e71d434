package tessera.modsched.tests;

import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;
import tessera.modsched.verify.Verifier;

/**
 * Enumerates every issue-cycle vector in [0, H)^N and checks it with the verifier, units chosen first-fit in op
 * order. First fit is exact here: single-cycle uses can be packed row by row, one-unit classes have no choice, and
 * the SMALL profile has at most two multi-cycle ops on its two dividers (the first takes unit 0, the second the
 * free one).
 */
final class BruteForce {
    private BruteForce() {
    }

    static boolean exists(Loop loop, int ii, int h, int[] t, int k) {
        if (k == t.length) {
            if (Verifier.verify(Schedule.withFirstFitUnits(loop, ii, t)).isEmpty()) {
                return true;
            }
            return false;
        }
        for (int c = 0; c < h; c++) {
            t[k] = c;
            if (exists(loop, ii, h, t, k + 1)) {
                return true;
            }
        }
        return false;
    }
}
