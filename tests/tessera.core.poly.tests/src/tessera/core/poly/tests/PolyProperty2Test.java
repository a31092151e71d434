package tessera.core.poly.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.poly.AffineExpr;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;
import tessera.core.poly.tests.PolyPropertyTest.Sample;

/**
 * Property tests for the remaining operations (projection of outer dimensions, parameter domains, fixing,
 * preimages, redundancy removal, disjoint decomposition) on 500 further random sets, against brute force.
 */
class PolyProperty2Test {
    // -Dpoly.seed=... runs another reproducible batch (stress runs); the default keeps CI deterministic
    private static final long BASE_SEED = Long.getLong("poly.seed", 0x5EED2L);
    private static final String[] NAMES = { "x", "y", "z" };

    @Test
    void projectionsParametersPreimagesAndCleanupAgreeWithBruteForce() {
        int nonTrivialParamDomains = 0;
        for (int it = 0; it < 250; it++) {
            long seed = BASE_SEED + it;
            Random r = new Random(seed);
            int dims = 2 + r.nextInt(2);
            Sample a = PolyPropertyTest.random(r, dims, it % 3 == 2), b = PolyPropertyTest.random(r, dims, false);
            final String ctx = "seed " + seed + "\n A = " + a.set() + "\n B = " + b.set();
            try {
                List<long[]> pts = PolyPropertyTest.box(dims, a.bound(), 0);
                // projection of the outermost dimension
                UnionSet proj = a.set().projectOut(NAMES[0]);
                for (long[] q : PolyPropertyTest.box(dims - 1, a.bound(), 1)) {
                    boolean exists = false;
                    long[] full = new long[dims + 1];
                    System.arraycopy(q, 0, full, 1, dims);
                    for (long v = -a.bound(); v <= a.bound() && !exists; v++) {
                        full[0] = v;
                        exists = a.holds(full);
                    }
                    if (exists != proj.contains(Arrays.copyOf(q, dims - 1), Map.of("N", q[dims - 1]))) {
                        fail("outer projection at " + Arrays.toString(q) + "; " + ctx + "\n proj = " + proj);
                    }
                }
                // parameter domain and fixing
                UnionSet pd = a.set().paramDomain();
                int nonEmptyNs = 0;
                for (long n = -4; n <= 5; n++) {
                    boolean some = false;
                    for (long[] p : pts) {
                        some |= p[dims] == n && a.holds(p);
                    }
                    nonEmptyNs += some ? 1 : 0;
                    long nn = n;
                    assertEquals(some, pd.contains(new long[0], Map.of("N", n)), () -> "paramDomain at N=" + nn + "; " + ctx);
                    assertEquals(!some, a.set().fix("N", n).isEmpty(), () -> "fixed emptiness at N=" + nn + "; " + ctx);
                }
                if (nonEmptyNs > 0 && nonEmptyNs < 6) {
                    nonTrivialParamDomains++;
                }
                // preimage under a random affine map x -> x + c1*y + c0, y -> y (+ z -> z)
                long c1 = r.nextInt(5) - 2, c0 = r.nextInt(5) - 2;
                Map<String, AffineExpr> map = new HashMap<>();
                map.put("x", AffineExpr.var("x").plus(AffineExpr.term(c1, "y")).plus(c0));
                IntegerSet pre = a.set().preimage(new Space(Arrays.asList(NAMES).subList(0, dims), List.of()), map);
                for (long[] q : PolyPropertyTest.box(dims, a.bound(), 2)) {
                    long[] img = q.clone();
                    img[0] = q[0] + c1 * q[1] + c0;
                    if (a.holds(img) != pre.contains(Arrays.copyOf(q, dims), Map.of("N", q[dims]))) {
                        fail("preimage at " + Arrays.toString(q) + "; " + ctx + "\n pre = " + pre);
                    }
                }
                // cleanup keeps the point set
                IntegerSet red = a.set().removeRedundant();
                assertTrue(red.isEqualTo(a.set()), () -> "removeRedundant changed the set; " + ctx + "\n red = " + red);
                assertTrue(red.constraints().size() <= a.set().constraints().size(), ctx);
                UnionSet u = a.set().union(b.set());
                UnionSet disjoint = u.makeDisjoint();
                List<IntegerSet> ps = disjoint.pieces();
                for (int i = 0; i < ps.size(); i++) {
                    for (int j = i + 1; j < ps.size(); j++) {
                        int ii = i, jj = j;
                        assertTrue(ps.get(i).isDisjointFrom(ps.get(j)), () -> "pieces " + ii + ", " + jj + " overlap; " + ctx);
                    }
                }
                assertTrue(disjoint.isEqualTo(u), ctx);
                assertTrue(u.simplify().isEqualTo(u), ctx);
                for (long n = -2; n <= 3; n++) {
                    long expected = 0;
                    for (long[] p : pts) {
                        if (p[dims] == n && (a.holds(p) || b.holds(p))) {
                            expected++;
                        }
                    }
                    long sum = 0;
                    for (IntegerSet p : ps) {
                        sum += p.count(Map.of("N", n));
                    }
                    long nn = n;
                    assertEquals(expected, sum, () -> "disjoint piece counts at N=" + nn + "; " + ctx);
                }
            } catch (AssertionError e) {
                throw e;
            } catch (RuntimeException e) {
                fail("exception on " + ctx + ": " + e, e);
            }
        }
        assertTrue(nonTrivialParamDomains > 5, "too few samples with a partial parameter domain: " + nonTrivialParamDomains);
    }
}
