package tessera.telamon.search;

import java.util.List;
import java.util.function.ToDoubleFunction;

import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.Program;

/**
 * Seed 001 §6 stand-in (b) of issue 24 (digest 001b §6): a GPU without a GPU — the "true" time of a leaf is its lower
 * bound (ns) times a factor in [1, 100) drawn from hashes of the seed and the leaf's decisions: factor = 100^(e²),
 * e = λ·p + (1 − λ)·u ∈ [0, 1), where u is a hash of the whole decision list (one draw per leaf) and p is the mean of
 * one hash per decision (per variable and value), standardised and mapped back to about uniform on (0, 1) (a logistic
 * approximation of Φ); λ = {@value #STRUCTURE} by default. The per-decision part is the reason: with u alone (λ = 0)
 * the times are independent between leaves and, where the bound takes few values (scal n = 4: 2,736 of its 5,472
 * leaves share the least bound), the optimum is a needle that no search finds faster than sampling without
 * replacement (measured: 7 of 10 seeds within 2,000 evaluations, as sampling); a real GPU's times depend on the
 * decisions, which is what TAG exploits. The decisions are taken in a canonical form, the value of every (non-counter)
 * variable of the fixed candidate, so a leaf has one time whatever order or path reaches it, on every run and
 * machine (FNV-1a and SplitMix64's finaliser). Every time is ≥ the leaf's bound, and so ≥ the bound of each of its
 * ancestors.
 */
public final class SyntheticEvaluator implements Evaluator {
    /** The factor range: true time / bound ∈ [{@value #MIN_FACTOR}, {@value #MAX_FACTOR}]. */
    public static final double MIN_FACTOR = 1, MAX_FACTOR = 100;

    private final ToDoubleFunction<Candidate> bound;
    private final long seed;
    private final double structure;

    /** The default weight of the per-decision part of the factor's exponent. */
    public static final double STRUCTURE = 0.75;

    /** {@code bound}: the lower bound of a candidate in nanoseconds; {@link #STRUCTURE} of the factor per decision. */
    public SyntheticEvaluator(ToDoubleFunction<Candidate> bound, long seed) {
        this(bound, seed, STRUCTURE);
    }

    /** {@code structure} ∈ [0, 1]: the weight of the per-decision part of the factor's exponent. */
    public SyntheticEvaluator(ToDoubleFunction<Candidate> bound, long seed, double structure) {
        this.bound = bound;
        this.seed = seed;
        this.structure = structure;
    }

    @Override
    public Result evaluate(Candidate fixed, List<String> decisions) {
        if (!fixed.isFixed()) {
            return Result.failed("the candidate is not fixed");
        }
        return Result.time(bound.applyAsDouble(fixed) * factor(fixed));
    }

    /** The leaf's factor in [1, 100]. */
    public double factor(Candidate fixed) {
        long h = 0xcbf29ce484222325L ^ seed;
        double sum = 0;
        int m = 0;
        for (int v = 0; v < fixed.variableCount(); v++) {
            if (fixed.choiceInfo(v).kind() == Program.Kind.COUNTER) {
                continue;
            }
            long x = fixed.domain(v);
            sum += unit(mix(mix(seed * 0x9e3779b97f4a7c15L + v) ^ x));
            m++;
            for (int b = 0; b < 8; b++) {
                h = (h ^ (x & 0xff)) * 0x100000001b3L;
                x >>>= 8;
            }
        }
        double leaf = unit(mix(h + 0x9e3779b97f4a7c15L * (seed | 1)));
        // the per-decision mean, standardised (mean ½, variance 1/(12m)) and mapped back to about uniform on (0, 1)
        double z = m == 0 ? 0 : (sum / m - 0.5) * Math.sqrt(12.0 * m);
        double e = structure / (1 + Math.exp(-1.702 * z)) + (1 - structure) * leaf;
        return Math.pow(MAX_FACTOR / MIN_FACTOR, e * e) * MIN_FACTOR;
    }

    private static double unit(long h) {
        return (h >>> 11) * 0x1.0p-53;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    @Override
    public String name() {
        return "synthetic(seed " + seed + ")";
    }
}
