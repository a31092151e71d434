package tessera.core.poly;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Seed 003 §5.5/§6 condition spaces in diagnostics and tests: canonical, readable text for sets: {@code { [i, j] : 0 <= i < N and 0 <= j <= i and i + j == 5 }}. Bounds on
 * the innermost dimension with a unit coefficient are grouped into chains; groups follow the dimension order;
 * terms follow the space order (dims, then params by name). Parsable by {@link PolyParser}.
 */
final class SetPrinter {
    private SetPrinter() {
    }

    static String print(UnionSet u) {
        Space sp = u.space();
        StringBuilder sb = new StringBuilder();
        Set<String> used = new HashSet<>();
        for (IntegerSet p : u.pieces()) {
            for (Constraint c : p.constraints()) {
                used.addAll(c.expr().variables());
            }
        }
        if (!used.containsAll(sp.params())) {
            sb.append('[').append(String.join(", ", sp.params())).append("] -> ");
        }
        sb.append("{ [").append(String.join(", ", sp.dims())).append(']');
        List<IntegerSet> ps = u.pieces();
        if (ps.isEmpty()) {
            sb.append(" : false");
        } else if (ps.stream().noneMatch(IntegerSet::isUniverse)) {
            List<String> parts = new ArrayList<>();
            for (IntegerSet p : ps) {
                parts.add(conjunction(p));
            }
            sb.append(" : ").append(String.join(" or ", parts));
        }
        return sb.append(" }").toString();
    }

    private record Item(int group, int order, int seq, String text) {
    }

    static String conjunction(IntegerSet s) {
        if (s.isObviouslyEmpty()) {
            return "false";
        }
        if (s.isUniverse()) {
            return "true";
        }
        Space sp = s.space();
        int w = 1 + sp.vars();
        List<Item> items = new ArrayList<>();
        // bounds grouped by pivot column
        List<List<long[]>> lowers = new ArrayList<>(), uppers = new ArrayList<>();
        for (int c = 0; c < w; c++) {
            lowers.add(new ArrayList<>());
            uppers.add(new ArrayList<>());
        }
        int seq = 0;
        for (long[] r : s.ges) {
            int pv = pivot(r, sp);
            if (pv > 0) {
                (r[pv] > 0 ? lowers : uppers).get(pv).add(r);
            } else {
                items.add(new Item(group(r, sp), 2, seq++, general(r, sp)));
            }
        }
        for (int c = 1; c < w; c++) {
            List<long[]> lo = lowers.get(c), up = uppers.get(c);
            String v = sp.name(c);
            for (int i = 0; i < Math.max(lo.size(), up.size()); i++) {
                StringBuilder t = new StringBuilder();
                boolean single = i >= lo.size() || i >= up.size();
                if (i < lo.size()) {
                    long[] b = bound(lo.get(i), c, true); // v >= b
                    if (single && isConst(b)) {
                        t.append(v).append(" >= ").append(b[0]);
                    } else if (!isConst(b) && b[0] >= 1) {
                        b[0]--;
                        t.append(expr(b, sp)).append(" < ").append(v);
                    } else {
                        t.append(expr(b, sp)).append(" <= ").append(v);
                    }
                } else {
                    t.append(v);
                }
                if (i < up.size()) {
                    long[] b = bound(up.get(i), c, false); // v <= b
                    if (!isConst(b) && b[0] <= -1) {
                        b[0]++;
                        t.append(" < ").append(expr(b, sp));
                    } else {
                        t.append(" <= ").append(expr(b, sp));
                    }
                }
                items.add(new Item(c, 0, seq++, t.toString()));
            }
        }
        for (long[] r : s.eqs) {
            items.add(new Item(group(r, sp), 1, seq++, equality(r, sp)));
        }
        for (int i = 0; i < s.mods.length; i++) {
            items.add(new Item(group(s.mods[i], sp), 3, seq++, congruence(s.mods[i], s.moduli[i], sp)));
        }
        items.sort((a, b) -> a.group != b.group ? Integer.compare(a.group, b.group)
                : a.order != b.order ? Integer.compare(a.order, b.order) : Integer.compare(a.seq, b.seq));
        List<String> texts = new ArrayList<>();
        for (Item it : items) {
            texts.add(it.text);
        }
        return String.join(" and ", texts);
    }

    /** Last dim column with a unit coefficient; for rows over params only, the last param column with one; else -1. */
    private static int pivot(long[] r, Space sp) {
        boolean hasDim = false;
        for (int c = sp.dimCount(); c >= 1; c--) {
            if (r[c] != 0) {
                hasDim = true;
                if (Math.abs(r[c]) == 1) {
                    return c;
                }
            }
        }
        if (hasDim) {
            return -1;
        }
        for (int c = sp.vars(); c > sp.dimCount(); c--) {
            if (Math.abs(r[c]) == 1) {
                return c;
            }
        }
        return -1;
    }

    /** Grouping column: the last dim with a non-zero coefficient, else the last non-zero column. */
    private static int group(long[] r, Space sp) {
        for (int c = sp.dimCount(); c >= 1; c--) {
            if (r[c] != 0) {
                return c;
            }
        }
        for (int c = sp.vars(); c >= 1; c--) {
            if (r[c] != 0) {
                return c;
            }
        }
        return 0;
    }

    /** From r (r[c] = +-1): the expression b with v >= b (lower) or v <= b (upper). */
    private static long[] bound(long[] r, int c, boolean lower) {
        long[] b = new long[r.length];
        for (int k = 0; k < r.length; k++) {
            b[k] = lower ? -r[k] : r[k];
        }
        b[c] = 0;
        return b;
    }

    private static boolean isConst(long[] r) {
        for (int k = 1; k < r.length; k++) {
            if (r[k] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The positive and the negated negative coefficients of r (constants 0): {@code r = pos - neg + r[0]}. */
    private static long[][] sides(long[] r) {
        long[] pos = new long[r.length], neg = new long[r.length];
        for (int k = 1; k < r.length; k++) {
            if (r[k] > 0) {
                pos[k] = r[k];
            } else {
                neg[k] = -r[k];
            }
        }
        return new long[][] { pos, neg };
    }

    private static String general(long[] r, Space sp) {
        long[][] sides = sides(r);
        long[] pos = sides[0], neg = sides[1];
        long c = r[0];
        if (isConst(neg)) {
            return expr(pos, sp) + " >= " + (-c);
        }
        if (isConst(pos)) {
            return expr(neg, sp) + " <= " + c;
        }
        if (c >= 0) {
            pos[0] = c;
            return expr(neg, sp) + " <= " + expr(pos, sp);
        }
        pos[0] = c + 1;
        return expr(neg, sp) + " < " + expr(pos, sp);
    }

    private static String equality(long[] r, Space sp) {
        long[][] sides = sides(r);
        long[] pos = sides[0], neg = sides[1];
        neg[0] = -r[0];
        return expr(pos, sp) + " == " + expr(neg, sp);
    }

    private static String congruence(long[] r, long m, Space sp) {
        long[] e = r.clone();
        e[0] = 0;
        int nonZero = 0;
        boolean unit = true;
        for (int k = 1; k < e.length; k++) {
            if (e[k] != 0) {
                nonZero++;
                unit &= e[k] == 1;
            }
        }
        String t = expr(e, sp);
        if (nonZero > 1 || !unit) {
            t = "(" + t + ")";
        }
        return t + " % " + m + " == " + Math.floorMod(-r[0], m);
    }

    static String expr(long[] r, Space sp) {
        StringBuilder sb = new StringBuilder();
        boolean anyPositive = false;
        for (int k = 1; k < r.length; k++) {
            anyPositive |= r[k] > 0;
        }
        if (!anyPositive && r[0] > 0) {
            // "15 - 6k" reads better than "-6k + 15"
            sb.append(r[0]);
            for (int k = 1; k < r.length; k++) {
                appendTerm(sb, r[k], sp.name(k));
            }
            return sb.toString();
        }
        for (int k = 1; k < r.length; k++) {
            appendTerm(sb, r[k], sp.name(k));
        }
        appendConstant(sb, r[0]);
        return sb.toString();
    }

    static void appendTerm(StringBuilder sb, long coeff, String name) {
        if (coeff == 0) {
            return;
        }
        if (sb.length() == 0) {
            sb.append(coeff == 1 ? "" : coeff == -1 ? "-" : Long.toString(coeff));
        } else {
            sb.append(coeff > 0 ? " + " : " - ");
            long a = Math.abs(coeff);
            if (a != 1) {
                sb.append(a);
            }
        }
        sb.append(name);
    }

    static void appendConstant(StringBuilder sb, long c) {
        if (sb.length() == 0) {
            sb.append(c);
        } else if (c > 0) {
            sb.append(" + ").append(c);
        } else if (c < 0) {
            sb.append(" - ").append(c == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(-c));
        }
    }
}
