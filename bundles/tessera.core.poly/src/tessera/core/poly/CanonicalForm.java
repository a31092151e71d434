package tessera.core.poly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Seed 003 §5–§6 set operations (the isl replacement): the canonical form of an {@link IntegerSet}'s constraint rows,
 * so that equal constraint systems print and compare equal. Congruences get residues in {@code [0, m)}, are divided
 * by their common gcd and get a leading coefficient 1 when it is invertible; equalities are gcd-normalised with a
 * positive leading coefficient; inequalities are gcd-tightened, parallel ones merged to the tightest, opposite ones
 * that meet turned into equalities and those implied by a parallel equality dropped; rows are sorted.
 */
final class CanonicalForm {
    private CanonicalForm() {
    }

    /** The canonical set of {@code space} with these rows (all of width {@code 1 + space.vars()}); rows are consumed. */
    static IntegerSet make(Space space, List<long[]> eqIn, List<long[]> geIn, List<long[]> modIn, List<Long> modulusIn) {
        int w = 1 + space.vars();
        Map<String, long[]> modRows = new TreeMap<>();
        for (int i = 0; i < modIn.size(); i++) {
            long[] r = modIn.get(i);
            long m = modulusIn.get(i);
            long g = Rows.reduceCongruence(r, m);
            if (g == 0) {
                return IntegerSet.empty(space);
            }
            if (g == m) {
                continue;
            }
            for (int k = 0; k < w; k++) {
                r[k] /= g;
            }
            m /= g;
            int lead = Rows.firstNonZero(r);
            if (Arith.gcd(r[lead], m) == 1 && r[lead] != 1) {
                long inv = Arith.inverse(r[lead], m);
                for (int k = 0; k < w; k++) {
                    r[k] = Arith.mod(Arith.mul(r[k], inv), m);
                }
            }
            long[] keyed = Arrays.copyOf(r, w + 1);
            keyed[w] = m;
            modRows.put(Arrays.toString(keyed), keyed);
        }
        // equalities and inequalities, repeated while opposite inequalities turn into equalities
        Map<Rows.Key, long[]> eqMap = new HashMap<>();
        Map<Rows.Key, long[]> geMap = new HashMap<>();
        List<long[]> eqs = new ArrayList<>(eqIn);
        List<long[]> pendingGe = new ArrayList<>(geIn);
        while (true) {
            if (!addEqualities(eqMap, eqs) || !Rows.addTightened(geMap, pendingGe)) {
                return IntegerSet.empty(space);
            }
            eqs = new ArrayList<>();
            pendingGe = new ArrayList<>();
            for (Map.Entry<Rows.Key, long[]> en : new ArrayList<>(geMap.entrySet())) {
                long[] r = en.getValue();
                long[] opp = geMap.get(en.getKey().negated());
                if (opp == null || !geMap.containsKey(en.getKey())) {
                    continue;
                }
                long sum = Arith.add(r[0], opp[0]);
                if (sum < 0) {
                    return IntegerSet.empty(space);
                }
                if (sum == 0) {
                    geMap.remove(en.getKey());
                    geMap.remove(en.getKey().negated());
                    eqs.add(r);
                }
            }
            if (eqs.isEmpty()) {
                break;
            }
        }
        // inequalities implied by an equality with the same or opposite coefficients
        for (Map.Entry<Rows.Key, long[]> en : eqMap.entrySet()) {
            long[] e = en.getValue();
            long[] same = geMap.get(en.getKey());
            if (same != null) {
                if (Arith.sub(same[0], e[0]) < 0) {
                    return IntegerSet.empty(space);
                }
                geMap.remove(en.getKey());
            }
            long[] opp = geMap.get(en.getKey().negated());
            if (opp != null) {
                if (Arith.add(opp[0], e[0]) < 0) {
                    return IntegerSet.empty(space);
                }
                geMap.remove(en.getKey().negated());
            }
        }
        long[][] modA = new long[modRows.size()][];
        long[] modM = new long[modRows.size()];
        List<long[]> modList = new ArrayList<>(modRows.values());
        modList.sort(ROW_ORDER);
        for (int i = 0; i < modList.size(); i++) {
            modA[i] = Arrays.copyOf(modList.get(i), w);
            modM[i] = modList.get(i)[w];
        }
        return new IntegerSet(space, sorted(eqMap.values()), sorted(geMap.values()), modA, modM, false);
    }

    /**
     * Adds the equalities divided by their gcd, leading coefficient positive, to {@code eqMap} (one per key); false
     * when one has no integer solution or contradicts a parallel one. Rows are consumed.
     */
    private static boolean addEqualities(Map<Rows.Key, long[]> eqMap, List<long[]> eqs) {
        for (long[] e : eqs) {
            long g = Arith.gcd(e, 1);
            if (g == 0) {
                if (e[0] != 0) {
                    return false;
                }
                continue;
            }
            if (e[0] % g != 0) {
                return false;
            }
            long s = e[Rows.firstNonZero(e)] < 0 ? -g : g;
            for (int k = 0; k < e.length; k++) {
                e[k] /= s;
            }
            Rows.Key key = new Rows.Key(e);
            long[] old = eqMap.get(key);
            if (old != null && old[0] != e[0]) {
                return false;
            }
            eqMap.put(key, e);
        }
        return true;
    }

    private static final Comparator<long[]> ROW_ORDER = (a, b) -> {
        int fa = Rows.firstNonZero(a), fb = Rows.firstNonZero(b);
        if (fa != fb) {
            return Integer.compare(fa, fb);
        }
        for (int k = 1; k < Math.min(a.length, b.length); k++) {
            if (a[k] != b[k]) {
                return Long.compare(b[k], a[k]);
            }
        }
        return Long.compare(a[0], b[0]);
    };

    private static long[][] sorted(Collection<long[]> rows) {
        long[][] a = rows.toArray(long[][]::new);
        Arrays.sort(a, ROW_ORDER);
        return a;
    }
}
