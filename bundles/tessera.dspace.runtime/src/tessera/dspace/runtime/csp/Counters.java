package tessera.dspace.runtime.csp;

import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.ir.ChoiceDecl;

/**
 * Seed 001a §2.9 + §3.7, counters: a counter's [min, max] from the ranges of its terms, and the restriction of a
 * counter to an interval by forcing the δ choices of its terms and bounding their integer values.
 */
final class Counters {
    private static final long INF = Candidate.INF;

    private Counters() {
    }

    /** The range of term {@code t} of counter {@code cv}: a constant, an integer choice's values or a counter's bounds. */
    private static long[] termRange(Candidate c, int cv, int t) {
        int vv = c.kernel.termVar[cv][t];
        if (vv < 0) {
            long k = c.kernel.termConst[cv][t];
            return new long[] { k, k };
        }
        if (c.choiceInfo(vv).kind() == Kind.INTEGER) {
            long[] u = c.kernel.universe[vv];
            long d = c.dom[vv];
            if (d == 0) {
                return new long[] { 0, 0 };
            }
            return new long[] { u[Long.numberOfTrailingZeros(d)], u[63 - Long.numberOfLeadingZeros(d)] };
        }
        return new long[] { c.dom[vv], c.max[vv] };
    }

    private static long sat(long x) {
        return Math.max(-INF, Math.min(INF, x));
    }

    private static long mul(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        if (a >= INF / Math.max(1, b)) {
            return INF;
        }
        return a * b;
    }

    /** Seed 001a §2.9: the bounds of counter {@code cv} from its terms (δ = 2: counted, 3: open); queues it on change. */
    static void recompute(Candidate c, int cv) {
        Program.CounterInfo ci = c.engine.counterArray[c.kernel.varChoice[cv]];
        if (ci == null) {
            return;
        }
        boolean isMul = ci.kind() == ChoiceDecl.CounterKind.MUL;
        long lo = c.kernel.counterBase[cv], hi = lo;
        for (int t = 0; t < c.kernel.termDelta[cv].length; t++) {
            int d = c.kernel.termDelta[cv][t];
            long dd = d < 0 ? 2 : c.dom[d];
            long[] r = termRange(c, cv, t);
            if (dd == 2) {
                lo = isMul ? mul(lo, r[0]) : sat(lo + r[0]);
            }
            if ((dd & 2) != 0) {
                hi = isMul ? mul(hi, r[1]) : sat(hi + r[1]);
            }
        }
        if (ci.visibility() == ChoiceDecl.Visibility.HALF) {
            hi = INF; // half counters keep the minimum only
        }
        if (lo != c.dom[cv] || hi != c.max[cv]) {
            if (c.log != null) {
                c.log.add(new long[] { cv, c.dom[cv], lo, c.max[cv], hi });
            }
            c.dom[cv] = lo;
            c.max[cv] = hi;
            c.queue.add(cv);
        }
    }

    /** Seed 001a §3.7: restricts counter {@code cv} to [lo, hi] by forcing δ's and bounding value choices. */
    static void restrict(Candidate c, int cv, long lo, long hi, String why) {
        Program.CounterInfo ci = c.engine.counterArray[c.kernel.varChoice[cv]];
        boolean half = ci.visibility() == ChoiceDecl.Visibility.HALF;
        long min = c.dom[cv], mx = c.max[cv];
        if (min > hi || (!half && mx < lo)) {
            c.fail(why + ": " + c.choiceOf(cv) + c.argsOf(cv) + " ∈ [" + min + ", " + (half ? "∞" : mx) + "] cannot meet ["
                    + (lo <= -INF ? "-∞" : lo) + ", " + (hi >= INF ? "∞" : hi) + "]");
            return;
        }
        boolean isMul = ci.kind() == ChoiceDecl.CounterKind.MUL;
        for (int t = 0; t < c.kernel.termDelta[cv].length && !c.failed; t++) {
            int d = c.kernel.termDelta[cv][t];
            long dd = d < 0 ? 2 : c.dom[d];
            long[] r = termRange(c, cv, t);
            if (dd == 3) {
                if (isMul ? mul(min, r[0]) > hi : sat(min + r[0]) > hi) {
                    c.setDomain(d, 1, why);
                } else if (!half && mx < INF && (isMul ? (r[1] > 0 && mx / r[1] < lo) : mx - r[1] < lo)) {
                    c.setDomain(d, 2, why);
                }
            } else if (dd == 2 && c.kernel.termVar[cv][t] >= 0 && c.choiceInfo(c.kernel.termVar[cv][t]).kind() == Kind.INTEGER) {
                int vv = c.kernel.termVar[cv][t];
                long rest = isMul ? (r[0] == 0 ? 0 : min / r[0]) : min - r[0];
                long ub = isMul ? (rest <= 0 ? INF : hi / rest) : hi - rest;
                long lb = -INF;
                if (!half && mx < INF) {
                    long restMax = isMul ? (r[1] == 0 ? 0 : mx / r[1]) : mx - r[1];
                    lb = isMul ? (restMax <= 0 ? -INF : ceilDiv(lo, restMax)) : lo - restMax;
                }
                long[] u = c.kernel.universe[vv];
                long m = 0;
                for (int i = 0; i < u.length; i++) {
                    if (u[i] <= ub && u[i] >= lb) {
                        m |= 1L << i;
                    }
                }
                c.setDomain(vv, c.dom[vv] & m, why);
            }
        }
    }

    private static long ceilDiv(long a, long b) {
        return Math.floorDiv(a + b - 1, b);
    }
}
