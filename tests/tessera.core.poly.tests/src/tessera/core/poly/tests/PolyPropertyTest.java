package tessera.core.poly.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.poly.AffineExpr;
import tessera.core.poly.Box;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;

/**
 * Property tests: 1,200 random small sets per run (the box and the parameter range are part of every set, so the
 * oracle is complete) against an independent brute-force oracle that evaluates the generated constraints on every
 * integer point of the box, for every parameter value. Reproducible: failures print the seed and both sets.
 */
class PolyPropertyTest {
    // -Dpoly.seed=... runs another reproducible batch (stress runs); the default keeps CI deterministic
    private static final long BASE_SEED = Long.getLong("poly.seed", 0x7E55E7AL);
    private static final int PAIRS = 600; // two random sets per pair
    private static final String[] NAMES = { "x", "y", "z" };
    private static final int NLO = -2, NHI = 3;

    /** Oracle form of one constraint: coefficients over (dims..., N), constant, kind. */
    record Row(Constraint.Kind kind, long[] a, long c, long m) {
        boolean holds(long[] p) {
            long v = c;
            for (int i = 0; i < a.length; i++) {
                v += a[i] * p[i];
            }
            return switch (kind) {
                case GE -> v >= 0;
                case EQ -> v == 0;
                case MOD -> Math.floorMod(v, m) == 0;
            };
        }
    }

    record Sample(IntegerSet set, List<Row> rows, int dims, int bound) {
        boolean holds(long[] p) {
            for (Row r : rows) {
                if (!r.holds(p)) {
                    return false;
                }
            }
            return true;
        }
    }

    static Sample random(Random r, int dims, boolean hard) {
        int bound = dims == 3 ? 3 : 4;
        List<Row> rows = new ArrayList<>();
        for (int d = 0; d < dims; d++) {
            rows.add(new Row(Constraint.Kind.GE, unit(dims, d, 1), bound, 0));
            rows.add(new Row(Constraint.Kind.GE, unit(dims, d, -1), bound, 0));
        }
        // the parameter range is always part of the set, so the oracle sees every parameter value that matters
        rows.add(new Row(Constraint.Kind.GE, unit(dims, dims, 1), -NLO, 0));
        rows.add(new Row(Constraint.Kind.GE, unit(dims, dims, -1), NHI, 0));
        boolean param = r.nextBoolean();
        int k = 1 + r.nextInt(3);
        int cmax = hard ? 7 : 3;
        for (int i = 0; i < k; i++) {
            long[] a = new long[dims + 1];
            for (int d = 0; d < dims; d++) {
                a[d] = r.nextInt(2 * cmax + 1) - cmax;
            }
            if (param && r.nextInt(3) == 0) {
                a[dims] = r.nextInt(5) - 2;
            }
            long c = r.nextInt(13) - 6;
            int kind = r.nextInt(10);
            if (kind < 7) {
                rows.add(new Row(Constraint.Kind.GE, a, c, 0));
            } else if (kind < 9) {
                rows.add(new Row(Constraint.Kind.EQ, a, c, 0));
            } else {
                rows.add(new Row(Constraint.Kind.MOD, a, c, 2 + r.nextInt(3)));
            }
        }
        // the library sees the same constraints as affine expressions
        List<Constraint> cs = new ArrayList<>();
        for (Row row : rows) {
            AffineExpr e = AffineExpr.constant(row.c);
            for (int d = 0; d <= dims; d++) {
                e = e.plus(AffineExpr.term(row.a[d], d == dims ? "N" : NAMES[d]));
            }
            cs.add(row.kind == Constraint.Kind.MOD ? Constraint.mod(e, row.m, 0)
                    : row.kind == Constraint.Kind.EQ ? Constraint.eq(e) : Constraint.ge(e));
        }
        Space sp = new Space(Arrays.asList(NAMES).subList(0, dims), List.of("N"));
        return new Sample(IntegerSet.of(sp, cs), rows, dims, bound);
    }

    private static long[] unit(int dims, int i, long v) {
        long[] a = new long[dims + 1];
        a[i] = v;
        return a;
    }

    /** All points (dims..., N) of the sample box widened by {@code extra}, in lexicographic order per N. */
    static List<long[]> box(int dims, int bound, int extra) {
        List<long[]> out = new ArrayList<>();
        int b = bound + extra, side = 2 * b + 1;
        int total = 1;
        for (int i = 0; i < dims; i++) {
            total *= side;
        }
        for (long n = NLO - extra; n <= NHI + extra; n++) {
            for (int idx = 0; idx < total; idx++) {
                long[] p = new long[dims + 1];
                int t = idx;
                for (int i = dims - 1; i >= 0; i--) {
                    p[i] = t % side - b;
                    t /= side;
                }
                p[dims] = n;
                out.add(p);
            }
        }
        return out;
    }

    private static long[] dimsOf(long[] p) {
        return Arrays.copyOf(p, p.length - 1);
    }

    private static Map<String, Long> paramsOf(long[] p) {
        return Map.of("N", p[p.length - 1]);
    }

    @Test
    void randomSetsAgreeWithBruteForce() {
        int nonEmpty = 0, empty = 0, withMods = 0, unionPieces = 0;
        for (int it = 0; it < PAIRS; it++) {
            long seed = BASE_SEED + it;
            Random r = new Random(seed);
            int dims = 1 + r.nextInt(3);
            boolean hard = it % 4 == 3;
            Sample a = random(r, dims, hard), b = random(r, dims, hard);
            final String ctx = "seed " + seed + "\n A = " + a.set + "\n B = " + b.set;
            try {
                List<long[]> pts = box(dims, a.bound, 0);
                boolean aNonEmpty = false, bNonEmpty = false, aSubB = true;
                for (long[] p : pts) {
                    boolean ia = a.holds(p), ib = b.holds(p);
                    aNonEmpty |= ia;
                    bNonEmpty |= ib;
                    aSubB &= !ia || ib;
                }
                if (aNonEmpty) {
                    nonEmpty++;
                } else {
                    empty++;
                }
                assertEquals(!aNonEmpty, a.set.isEmpty(), () -> "emptiness of A; " + ctx);
                assertEquals(!bNonEmpty, b.set.isEmpty(), () -> "emptiness of B; " + ctx);
                assertEquals(aSubB, a.set.isSubsetOf(b.set), () -> "A subset of B; " + ctx);

                IntegerSet inter = a.set.intersect(b.set);
                UnionSet uni = a.set.union(b.set);
                UnionSet diff = a.set.subtract(b.set);
                UnionSet comp = a.set.complement();
                String last = NAMES[dims - 1];
                UnionSet proj = a.set.projectOut(last);
                unionPieces += diff.pieces().size() + proj.pieces().size();
                for (IntegerSet p : proj.pieces()) {
                    if (p.constraints().stream().anyMatch(c -> c.kind() == Constraint.Kind.MOD)) {
                        withMods++;
                    }
                }
                int shell = 0;
                for (long[] p : box(dims, a.bound, 1)) {
                    // every point of the box, and every third point of the shell around it (outside all sets)
                    if (outside(p, a.bound) && shell++ % 3 != 0) {
                        continue;
                    }
                    boolean ia = a.holds(p), ib = b.holds(p);
                    long[] x = dimsOf(p);
                    Map<String, Long> n = paramsOf(p);
                    if (ia && ib != inter.contains(x, n) || (ia || ib) != uni.contains(x, n)
                            || (ia && !ib) != diff.contains(x, n) || !ia != comp.contains(x, n)) {
                        fail("intersection/union/difference/complement disagree at " + Arrays.toString(p) + "; " + ctx
                                + "\n A^B = " + inter + "\n AuB = " + uni + "\n A\\B = " + diff + "\n ~A = " + comp);
                    }
                }
                // projection: (x..., N) is in it iff some value of the last dim completes the point
                for (long[] p : box(dims - 1, a.bound, 1)) {
                    boolean exists = false;
                    long[] full = new long[dims + 1];
                    System.arraycopy(p, 0, full, 0, dims - 1);
                    full[dims] = p[dims - 1];
                    for (long v = -a.bound; v <= a.bound && !exists; v++) {
                        full[dims - 1] = v;
                        exists = a.holds(full);
                    }
                    if (exists != proj.contains(dimsOf(p), paramsOf(p))) {
                        fail("projection disagrees at " + Arrays.toString(p) + "; " + ctx + "\n proj = " + proj);
                    }
                }
                // points, counts, lexmin/max and bounding boxes for each fixed N
                for (long n = NLO; n <= NHI; n++) {
                    Map<String, Long> pn = Map.of("N", n);
                    List<long[]> expect = new ArrayList<>(), expectUnion = new ArrayList<>();
                    for (long[] p : pts) {
                        if (p[dims] == n) {
                            if (a.holds(p)) {
                                expect.add(dimsOf(p));
                            }
                            if (a.holds(p) || b.holds(p)) {
                                expectUnion.add(dimsOf(p));
                            }
                        }
                    }
                    String at = "N=" + n + "; ";
                    assertEquals(str(expect), str(a.set.points(pn)), () -> "points for " + at + ctx);
                    assertEquals(expect.size(), a.set.count(pn), () -> "count for " + at + ctx);
                    assertEquals(expectUnion.size(), uni.count(pn), () -> "union count for " + at + ctx);
                    assertEquals(str(expectUnion), str(uni.points(pn)), () -> "union points for " + at + ctx);
                    Optional<long[]> min = a.set.lexMin(pn), max = a.set.lexMax(pn);
                    assertEquals(expect.isEmpty(), min.isEmpty(), ctx);
                    Optional<Box> box = a.set.boundingBox(pn);
                    assertEquals(expect.isEmpty(), box.isEmpty(), ctx);
                    if (!expect.isEmpty()) {
                        assertEquals(Arrays.toString(expect.get(0)), Arrays.toString(min.get()), () -> "lexmin " + at + ctx);
                        assertEquals(Arrays.toString(expect.get(expect.size() - 1)), Arrays.toString(max.get()),
                                () -> "lexmax " + at + ctx);
                        Box bb = box.orElseThrow();
                        for (int d = 0; d < dims; d++) {
                            long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
                            for (long[] p : expect) {
                                lo = Math.min(lo, p[d]);
                                hi = Math.max(hi, p[d]);
                            }
                            assertEquals(lo, bb.lower()[d], () -> "box lower; " + at + ctx);
                            assertEquals(hi, bb.upper()[d], () -> "box upper; " + at + ctx);
                        }
                    }
                }
                // canonical printing round-trips
                IntegerSet back = IntegerSet.parse(a.set.toString());
                assertEquals(a.set.toString(), back.toString(), () -> "print/parse round trip; " + ctx);
                assertTrue(back.isEqualTo(a.set), () -> "round trip keeps the set; " + ctx);
                UnionSet dBack = UnionSet.parse(diff.toString());
                assertEquals(diff.toString(), dBack.toString(), () -> "union round trip; " + ctx);
            } catch (AssertionError e) {
                throw e;
            } catch (RuntimeException e) {
                fail("exception on " + ctx + ": " + e, e);
            }
        }
        // the generator must produce both outcomes and exercise congruences, else the test proves little
        assertTrue(nonEmpty > PAIRS / 5, "too few non-empty samples: " + nonEmpty);
        assertTrue(empty > PAIRS / 10, "too few empty samples: " + empty);
        assertTrue(withMods > 10, "too few projections with congruences: " + withMods + " (pieces " + unionPieces + ")");
    }

    private static boolean outside(long[] p, int bound) {
        for (int i = 0; i < p.length - 1; i++) {
            if (Math.abs(p[i]) > bound) {
                return true;
            }
        }
        return p[p.length - 1] < NLO || p[p.length - 1] > NHI;
    }

    private static String str(List<long[]> pts) {
        StringBuilder sb = new StringBuilder();
        for (long[] p : pts) {
            sb.append(Arrays.toString(p));
        }
        return sb.toString();
    }
}
