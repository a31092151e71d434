package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Seed 001 §4.2.1 (digest 001b §2.2, Listing 4.3): the possible sizes of a logical dimension of size n strip-mined into
 * d0, d1..dk. Each tile dimension di lists candidate sizes (explicit, or every divisor of n in a range); the strip-mining
 * factors are the possible values of ∏ size(di), restricted to divisors of n and to products of one candidate per tile
 * (default: all such products). A tile size is kept when it appears in some such product; d0 has the sizes n / factor
 * when n is static and is dynamic (no list) otherwise. Without tiles the only factor is 1.
 */
public final class StripMining {
    /** Candidate sizes as written: an explicit list, or the range from..to (every divisor of n within it). */
    public record Choice(List<Long> values, long from, long to) {
        public static Choice list(List<Long> values) {
            return new Choice(List.copyOf(values), 0, 0);
        }

        public static Choice range(long from, long to) {
            return new Choice(null, from, to);
        }

        public boolean isRange() {
            return values == null;
        }

        /** The candidates that divide n, ascending. */
        List<Long> divisorsOf(long n) {
            TreeSet<Long> r = new TreeSet<>();
            if (isRange()) {
                for (long d : divisors(n)) {
                    if (d >= from && d <= to) {
                        r.add(d);
                    }
                }
            } else {
                for (long v : values) {
                    if (v >= 1 && n % v == 0) {
                        r.add(v);
                    }
                }
            }
            return List.copyOf(r);
        }

        @Override
        public String toString() {
            return isRange() ? from + ".." + to : set(values);
        }
    }

    /**
     * The outcome: {@code factors} (ascending; empty when none is possible), each tile's possible sizes, d0's possible
     * sizes (empty for a dynamic size), and {@code emptyTile}, the first tile none of whose candidates divides n (-1).
     */
    public record Result(List<Long> factors, List<List<Long>> tileSizes, List<Long> outerSizes, int emptyTile) {
        public boolean ok() {
            return emptyTile < 0 && !factors.isEmpty();
        }
    }

    private StripMining() {
    }

    /** Strip-mines a size of instance value {@code n} ({@code isStatic}: known at code generation). */
    public static Result of(long n, boolean isStatic, List<Choice> tiles, Choice factors) {
        List<List<Long>> cands = new ArrayList<>();
        for (int i = 0; i < tiles.size(); i++) {
            List<Long> c = tiles.get(i).divisorsOf(n);
            if (c.isEmpty()) {
                return new Result(List.of(), List.of(), List.of(), i);
            }
            cands.add(c);
        }
        // prefix.get(i): the products of one candidate of each tile before i that divide n
        List<TreeSet<Long>> prefix = new ArrayList<>();
        TreeSet<Long> p = new TreeSet<>(List.of(1L));
        for (List<Long> c : cands) {
            prefix.add(p);
            p = products(p, c, n);
        }
        TreeSet<Long> products = p;
        List<TreeSet<Long>> suffix = new ArrayList<>(cands.size());
        TreeSet<Long> s = new TreeSet<>(List.of(1L));
        for (int i = cands.size() - 1; i >= 0; i--) {
            suffix.add(0, s);
            s = products(s, cands.get(i), n);
        }
        TreeSet<Long> f = new TreeSet<>();
        if (tiles.isEmpty()) {
            f.add(1L);
        } else if (factors == null) {
            f.addAll(products);
        } else {
            for (long x : factors.divisorsOf(n)) {
                if (products.contains(x)) {
                    f.add(x);
                }
            }
        }
        List<List<Long>> sizes = new ArrayList<>();
        for (int i = 0; i < cands.size(); i++) {
            List<Long> keep = new ArrayList<>();
            for (long size : cands.get(i)) {
                if (appears(size, prefix.get(i), suffix.get(i), f)) {
                    keep.add(size);
                }
            }
            sizes.add(keep);
        }
        List<Long> outer = new ArrayList<>();
        if (isStatic) {
            for (long x : f.descendingSet()) {
                outer.add(n / x);
            }
        }
        return new Result(List.copyOf(f), sizes, outer, -1);
    }

    private static TreeSet<Long> products(TreeSet<Long> a, List<Long> b, long n) {
        TreeSet<Long> r = new TreeSet<>();
        for (long x : a) {
            for (long y : b) {
                if (y <= n / x && n % (x * y) == 0) {
                    r.add(x * y);
                }
            }
        }
        return r;
    }

    private static boolean appears(long size, TreeSet<Long> before, TreeSet<Long> after, TreeSet<Long> factors) {
        for (long x : before) {
            for (long y : after) {
                if (size > Long.MAX_VALUE / x || x * size > Long.MAX_VALUE / y) {
                    continue;
                }
                if (factors.contains(x * size * y)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The divisors of n ≥ 1, ascending (from its prime factors, found by trial division). */
    public static List<Long> divisors(long n) {
        TreeSet<Long> r = new TreeSet<>(List.of(1L));
        long m = n;
        for (long q = 2; q <= m / q; q++) {
            if (m % q == 0) {
                List<Long> more = new ArrayList<>();
                long pow = 1;
                while (m % q == 0) {
                    m /= q;
                    pow *= q;
                    for (long d : r) {
                        more.add(d * pow);
                    }
                }
                r.addAll(more);
            }
        }
        if (m > 1) {
            List<Long> more = new ArrayList<>();
            for (long d : r) {
                more.add(d * m);
            }
            r.addAll(more);
        }
        return List.copyOf(r);
    }

    /** {1, 2, 4}: a list as the language writes it. */
    public static String set(List<Long> values) {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(values.get(i));
        }
        return b.append('}').toString();
    }
}
