package tessera.dspace.runtime.csp;

import java.util.Arrays;

import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.NumLit;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.ir.Op;

/**
 * Seed 001a §3.5–3.7, numeric literals ({@code a op b} on integer and counter choices): the values a side can still
 * take, sound entailment of falsity, and the mask or interval a literal leaves to its target.
 */
final class NumericLiterals {
    private NumericLiterals() {
    }

    /** Possible values of a numeric side: explicit values, or an interval when {@code vals} is null. */
    record Num(long lo, long hi, long[] vals) {
    }

    /** The values variable {@code v} can still take: its integer values, or its counter bounds. */
    static Num numOf(Candidate c, int v) {
        if (c.choiceInfo(v).kind() == Kind.INTEGER) {
            long[] u = c.kernel.universe[v];
            long[] vals = new long[Long.bitCount(c.dom[v])];
            int j = 0;
            for (long m = c.dom[v]; m != 0; m &= m - 1) {
                vals[j++] = u[Long.numberOfTrailingZeros(m)];
            }
            return new Num(vals.length == 0 ? 0 : vals[0], vals.length == 0 ? 0 : vals[vals.length - 1], vals);
        }
        return new Num(c.dom[v], c.max[v], null);
    }

    private static Num num(Candidate c, Pattern p, int[] bind) {
        return numOf(c, c.find(p, bind) >> 1);
    }

    private static Num snippetNum(Candidate c, NumLit l, int[] bind) {
        int[] objs = new int[l.snippetArgs().length];
        for (int i = 0; i < objs.length; i++) {
            objs[i] = bind[l.snippetArgs()[i]];
        }
        Object v = c.engine.value(l.snippet(), objs, c.kernel);
        if (v instanceof Long x) {
            return new Num(x, x, new long[] { x });
        }
        if (v instanceof long[] a) {
            long[] s = a.clone();
            Arrays.sort(s);
            return new Num(s.length == 0 ? 0 : s[0], s.length == 0 ? -1 : s[s.length - 1], s);
        }
        throw new Engine.InstanceError("snippet \"" + l.snippet() + "\" must be a number or a list of numbers, found "
                + Engine.show(v), null);
    }

    /** The other side of a literal seen from its target: the right side (a choice or a snippet), or the left one. */
    private static Num other(Candidate c, NumLit l, boolean targetLeft, int[] bind) {
        return targetLeft ? (l.rhs() != null ? num(c, l.rhs(), bind) : snippetNum(c, l, bind)) : num(c, l.lhs(), bind);
    }

    static boolean exists(Op op, long a, Num b) {
        if (b.vals() != null) {
            for (long w : b.vals()) {
                if (op.test(a, w)) {
                    return true;
                }
            }
            return false;
        }
        return switch (op) {
            case EQ -> b.lo() <= a && a <= b.hi();
            case NE -> !(b.lo() == b.hi() && b.lo() == a);
            case LT -> a < b.hi();
            case LE -> a <= b.hi();
            case GT -> a > b.lo();
            case GE -> a >= b.lo();
        };
    }

    /** Whether {@code a op b} is false for every remaining value (sound entailment). */
    static boolean entailedFalse(Num a, Op op, Num b) {
        if (a.vals() != null) {
            for (long x : a.vals()) {
                if (exists(op, x, b)) {
                    return false;
                }
            }
            return true;
        }
        if (b.vals() != null) {
            for (long y : b.vals()) {
                if (exists(op.flip(), y, a)) {
                    return false;
                }
            }
            return true;
        }
        return switch (op) {
            case EQ -> a.hi() < b.lo() || b.hi() < a.lo();
            case NE -> a.lo() == a.hi() && b.lo() == b.hi() && a.lo() == b.lo();
            case LT -> a.lo() >= b.hi();
            case LE -> a.lo() > b.hi();
            case GT -> a.hi() <= b.lo();
            case GE -> a.hi() < b.lo();
        };
    }

    /** The values of {@code n} one by one (the two bounds only when the interval is wider than 4096). */
    static long[] valuesOf(Num n) {
        if (n.vals() != null) {
            return n.vals();
        }
        if (n.hi() - n.lo() > 4096) {
            return new long[] { n.lo(), n.hi() };
        }
        long[] r = new long[(int) (n.hi() - n.lo() + 1)];
        for (int i = 0; i < r.length; i++) {
            r[i] = n.lo() + i;
        }
        return r;
    }

    static boolean litFalse(Candidate c, NumLit l, int[] bind) {
        Num a = num(c, l.lhs(), bind);
        Num b = l.rhs() != null ? num(c, l.rhs(), bind) : snippetNum(c, l, bind);
        return entailedFalse(a, l.op(), b);
    }

    static long intLitMask(Candidate c, NumLit l, boolean targetLeft, int[] bind, int target) {
        Op op = targetLeft ? l.op() : l.op().flip();
        Num other = other(c, l, targetLeft, bind);
        long[] u = c.kernel.universe[target];
        long m = 0;
        for (int i = 0; i < u.length; i++) {
            if (exists(op, u[i], other)) {
                m |= 1L << i;
            }
        }
        return m;
    }

    static long[] counterLitInterval(Candidate c, NumLit l, boolean targetLeft, int[] bind) {
        Op op = targetLeft ? l.op() : l.op().flip();
        Num o = other(c, l, targetLeft, bind);
        long inf = Candidate.INF;
        return switch (op) {
            case EQ -> new long[] { o.lo(), o.hi() };
            case NE -> new long[] { -inf, inf };
            case LT -> new long[] { -inf, o.hi() - 1 };
            case LE -> new long[] { -inf, o.hi() };
            case GT -> new long[] { o.lo() + 1, inf };
            case GE -> new long[] { o.lo(), inf };
        };
    }
}
