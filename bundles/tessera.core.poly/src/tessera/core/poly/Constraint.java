package tessera.core.poly;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One affine constraint: {@code expr >= 0} ({@link Kind#GE}), {@code expr == 0} ({@link Kind#EQ}) or the congruence
 * {@code expr == 0 (mod modulus)} ({@link Kind#MOD}, produced by exact integer projection, e.g. "i is even").
 */
public record Constraint(Kind kind, AffineExpr expr, long modulus) {

    public enum Kind {
        /** expr >= 0 */
        GE,
        /** expr == 0 */
        EQ,
        /** expr == 0 modulo {@code modulus} (>= 2) */
        MOD
    }

    public Constraint {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(expr);
        if (kind == Kind.MOD ? modulus < 1 : modulus != 0) {
            throw new IllegalArgumentException("modulus " + modulus + " does not fit a " + kind + " constraint");
        }
    }

    /** e >= 0 */
    public static Constraint ge(AffineExpr e) {
        return new Constraint(Kind.GE, e, 0);
    }

    /** e == 0 */
    public static Constraint eq(AffineExpr e) {
        return new Constraint(Kind.EQ, e, 0);
    }

    /** a <= b */
    public static Constraint le(AffineExpr a, AffineExpr b) {
        return ge(b.minus(a));
    }

    /** a < b */
    public static Constraint lt(AffineExpr a, AffineExpr b) {
        return ge(b.minus(a).minus(1));
    }

    /** a >= b */
    public static Constraint ge(AffineExpr a, AffineExpr b) {
        return ge(a.minus(b));
    }

    /** a == b */
    public static Constraint eq(AffineExpr a, AffineExpr b) {
        return eq(a.minus(b));
    }

    /** e mod m == r (mathematical, non-negative residue). */
    public static Constraint mod(AffineExpr e, long m, long r) {
        if (m < 1) {
            throw new IllegalArgumentException("modulus must be positive: " + m);
        }
        return new Constraint(Kind.MOD, e.minus(r), m);
    }

    /** Parses one constraint or a chain such as {@code 0 <= i < N}; see {@link PolyParser}. */
    public static List<Constraint> parse(String text) {
        return new PolyParser(text, "", 1, 1).constraintsOnly();
    }

    /** The complement as a list of pairwise disjoint constraints (their union is the negation). */
    public List<Constraint> negation() {
        List<Constraint> out = new ArrayList<>();
        switch (kind) {
            case GE -> out.add(ge(expr.negate().minus(1)));
            case EQ -> {
                out.add(ge(expr.minus(1)));
                out.add(ge(expr.negate().minus(1)));
            }
            case MOD -> {
                for (long r = 1; r < modulus; r++) {
                    out.add(new Constraint(Kind.MOD, expr.minus(r), modulus));
                }
            }
        }
        return out;
    }

    /** Whether the full assignment satisfies this constraint. */
    public boolean holds(java.util.Map<String, Long> values) {
        long v = expr.evaluate(values);
        return switch (kind) {
            case GE -> v >= 0;
            case EQ -> v == 0;
            case MOD -> Math.floorMod(v, modulus) == 0;
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case GE -> expr + " >= 0";
            case EQ -> expr + " == 0";
            case MOD -> "(" + expr + ") % " + modulus + " == 0";
        };
    }
}
