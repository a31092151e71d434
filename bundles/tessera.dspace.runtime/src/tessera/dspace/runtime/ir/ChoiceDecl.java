package tessera.dspace.runtime.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Seed 001a §4.2: generic choices (enum, integer, counter). */
public sealed interface ChoiceDecl {
    String name();

    List<VarDecl> params();

    default int arity() {
        return params().size();
    }

    enum Symmetry { NONE, SYMMETRIC, ANTISYMMETRIC }

    /** {@code choice enum}; {@code inverse[i]} is the value of c(b,a) when c(a,b)=i (identity unless antisymmetric). */
    record EnumDecl(String name, List<VarDecl> params, List<String> values, Map<String, Long> aliases,
            Symmetry symmetry, int[] inverse, Map<String, List<ConstraintDecl>> requires, boolean hidden)
            implements ChoiceDecl {
        public long all() {
            return values.size() == 64 ? -1L : (1L << values.size()) - 1;
        }

        public int index(String v) {
            return values.indexOf(v);
        }

        /** Mask of a value or alias name, or 0 when unknown. */
        public long mask(String v) {
            int i = values.indexOf(v);
            if (i >= 0) {
                return 1L << i;
            }
            Long a = aliases.get(v);
            return a == null ? 0 : a;
        }

        public long invert(long mask) {
            if (symmetry != Symmetry.ANTISYMMETRIC) {
                return mask;
            }
            long r = 0;
            for (long m = mask; m != 0; m &= m - 1) {
                r |= 1L << inverse[Long.numberOfTrailingZeros(m)];
            }
            return r;
        }

        public static Builder builder(String name, VarDecl... params) {
            return new Builder(name, List.of(params));
        }

        /** Programmatic construction of enum choices. */
        public static final class Builder {
            private final String name;
            private final List<VarDecl> params;
            private final List<String> values = new ArrayList<>();
            private final Map<String, Long> aliases = new LinkedHashMap<>();
            private final Map<String, List<ConstraintDecl>> requires = new LinkedHashMap<>();
            private Symmetry symmetry = Symmetry.NONE;
            private final List<String[]> pairs = new ArrayList<>();
            private boolean hidden;

            Builder(String name, List<VarDecl> params) {
                this.name = name;
                this.params = params;
            }

            public Builder values(String... vs) {
                values.addAll(List.of(vs));
                return this;
            }

            public Builder alias(String alias, String... vs) {
                long m = 0;
                for (String v : vs) {
                    m |= 1L << values.indexOf(v);
                }
                aliases.put(alias, m);
                return this;
            }

            public Builder aliasMask(String alias, long mask) {
                aliases.put(alias, mask);
                return this;
            }

            /** Antisymmetric with no pair listed yet (every value self-inverse until pairs are added). */
            public Builder antisymmetricOnly() {
                symmetry = Symmetry.ANTISYMMETRIC;
                return this;
            }

            public Builder symmetric() {
                symmetry = Symmetry.SYMMETRIC;
                return this;
            }

            public Builder antisymmetric(String a, String b) {
                symmetry = Symmetry.ANTISYMMETRIC;
                pairs.add(new String[] { a, b });
                return this;
            }

            public Builder requires(String value, ConstraintDecl c) {
                requires.computeIfAbsent(value, k -> new ArrayList<>()).add(c);
                return this;
            }

            public Builder hidden() {
                hidden = true;
                return this;
            }

            public EnumDecl build() {
                int[] inv = new int[values.size()];
                for (int i = 0; i < inv.length; i++) {
                    inv[i] = i; // seed 001a §2.11 [D]: unlisted values are self-inverse
                }
                for (String[] p : pairs) {
                    int a = values.indexOf(p[0]), b = values.indexOf(p[1]);
                    inv[a] = b;
                    inv[b] = a;
                }
                return new EnumDecl(name, params, List.copyOf(values), aliases, symmetry, inv, requires, hidden);
            }
        }
    }

    /** {@code choice integer}: the universe of each instance comes from the instance's value of {@code universe}. */
    record IntegerDecl(String name, List<VarDecl> params, String universe) implements ChoiceDecl {
    }

    enum CounterKind { SUM, MUL }

    enum Visibility { FULL, HALF, INTERNAL }

    /**
     * {@code choice [half|internal] counter}: {@code c(x) = base ⊕ ⨁_y δ(x,y)·v(x,y)} (seed 001a eq. 3.5); the value
     * is a snippet or a choice instance, the conditions a conjunction (eq. 3.6).
     */
    record CounterDecl(String name, List<VarDecl> params, Visibility visibility, CounterKind kind, String base,
            List<VarDecl> iterVars, String valueCode, ChoiceInst valueChoice, List<Cond> conditions)
            implements ChoiceDecl {
    }
}
