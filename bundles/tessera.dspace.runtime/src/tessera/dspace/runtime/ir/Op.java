package tessera.dspace.runtime.ir;

/** Comparison operators of conditions (seed 001a Fig. 3.3). */
public enum Op {
    EQ("=="), NE("!="), LT("<"), GT(">"), LE("<="), GE(">=");

    public final String text;

    Op(String text) {
        this.text = text;
    }

    public Op negate() {
        return switch (this) {
            case EQ -> NE;
            case NE -> EQ;
            case LT -> GE;
            case GE -> LT;
            case GT -> LE;
            case LE -> GT;
        };
    }

    /** {@code a op b} ⟺ {@code b flip(op) a}. */
    public Op flip() {
        return switch (this) {
            case EQ, NE -> this;
            case LT -> GT;
            case GT -> LT;
            case LE -> GE;
            case GE -> LE;
        };
    }

    public boolean test(long a, long b) {
        return switch (this) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case GT -> a > b;
            case LE -> a <= b;
            case GE -> a >= b;
        };
    }

    public static Op parse(String s) {
        for (Op o : values()) {
            if (o.text.equals(s)) {
                return o;
            }
        }
        return s.equals("=") ? EQ : null;
    }
}
