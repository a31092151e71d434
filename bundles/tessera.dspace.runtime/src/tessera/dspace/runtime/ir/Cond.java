package tessera.dspace.runtime.ir;

/** A condition of a constraint disjunction (seed 001a Fig. 3.3), with values already resolved to bit masks. */
public sealed interface Cond {
    Cond negate();

    /** {@code choice(args) is V1|V2}: the instance takes a value in {@code mask} (bit i = i-th declared value). */
    record Is(ChoiceInst inst, long mask) implements Cond {
        @Override
        public Cond negate() {
            return new IsNot(inst, mask);
        }
    }

    /** {@code is not}; kept apart from {@link Is} until the enum's value count is known. */
    record IsNot(ChoiceInst inst, long mask) implements Cond {
        @Override
        public Cond negate() {
            return new Is(inst, mask);
        }
    }

    /**
     * A host-language snippet evaluated on the kernel (constant during exploration, seed 001a L833); {@code vars} are
     * the bound variables standing for the snippet's {@code $variables} in order of first appearance.
     */
    record Code(String snippet, boolean negated, java.util.List<String> vars) implements Cond {
        public Code(String snippet, boolean negated) {
            this(snippet, negated, tessera.dspace.runtime.instance.Instance.snippetVars(snippet));
        }

        @Override
        public Cond negate() {
            return new Code(snippet, !negated, vars);
        }
    }

    /** {@code true} / {@code false}. */
    record Const(boolean value) implements Cond {
        @Override
        public Cond negate() {
            return new Const(!value);
        }
    }

    /** {@code a op b} between two choice instances. */
    record Cmp(ChoiceInst lhs, Op op, ChoiceInst rhs) implements Cond {
        @Override
        public Cond negate() {
            return new Cmp(lhs, op.negate(), rhs);
        }
    }

    /** {@code a op "snippet"}; a snippet giving a list means membership for == and != (Listing 4.3). */
    record CmpCode(ChoiceInst lhs, Op op, String snippet, java.util.List<String> vars) implements Cond {
        public CmpCode(ChoiceInst lhs, Op op, String snippet) {
            this(lhs, op, snippet, tessera.dspace.runtime.instance.Instance.snippetVars(snippet));
        }

        @Override
        public Cond negate() {
            return new CmpCode(lhs, op.negate(), snippet, vars);
        }
    }

    /** Built-in kernel constant: the object bound to {@code a} has a lower index than the one bound to {@code b}. */
    record IdLess(String a, String b, boolean negated) implements Cond {
        @Override
        public Cond negate() {
            return new IdLess(a, b, !negated);
        }
    }
}
