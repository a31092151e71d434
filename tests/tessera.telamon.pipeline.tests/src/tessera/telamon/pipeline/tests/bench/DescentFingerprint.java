package tessera.telamon.pipeline.tests.bench;

import java.util.SplittableRandom;
import java.util.zip.CRC32;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.search.RandomDescent;

/**
 * A/B check for propagation changes that must not change results: random descents (seed 2019, sm_80) on example
 * kernels, one CRC of every descent's decisions, dead ends, rejections and leaf domains, and the descents per
 * second. Two engines that propagate alike print the same CRC.
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.DescentFingerprint dev/jtest-tcpa tessera.telamon.pipeline -- DESCENTS KERNEL…}
 */
public final class DescentFingerprint {
    private DescentFingerprint() {
    }

    public static void main(String[] args) throws Exception {
        int descents = Integer.parseInt(args[0]);
        for (int k = 1; k < args.length; k++) {
            Candidate root = Examples.space(args[k], "sm_80", new Diagnostics()).root();
            SplittableRandom random = new SplittableRandom(2019);
            CRC32 crc = new CRC32();
            long t0 = System.nanoTime();
            for (int i = 0; i < descents; i++) {
                RandomDescent.Result r = RandomDescent.run(root, random);
                StringBuilder sb = new StringBuilder().append(r.decisions()).append(r.deadEnds()).append(' ').append(r.rejected());
                if (r.leaf() != null) {
                    for (int v = 0; v < r.leaf().variableCount(); v++) {
                        sb.append(r.leaf().domain(v)).append(',');
                    }
                }
                crc.update(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf("%s: %d descents, crc %08x, %.2f descents/s%n", args[k], descents, crc.getValue(), descents / s);
        }
    }
}
