package tessera.dspace.runtime.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 001a §3.2, Def 3.4: a decision space (sets, generic choices, constraint formulae, triggers, quotient sets),
 * type-checked and kernel-independent. Built from the Xtext model by the loader or programmatically.
 */
public final class Space {
    public final Map<String, SetDecl> sets = new LinkedHashMap<>();
    public final Map<String, ChoiceDecl> choices = new LinkedHashMap<>();
    public final List<ConstraintDecl> constraints = new ArrayList<>();
    public final List<TriggerDecl> triggers = new ArrayList<>();
    public final List<QuotientDecl> quotients = new ArrayList<>();

    public Space set(SetDecl s) {
        sets.put(s.name(), s);
        return this;
    }

    public Space choice(ChoiceDecl c) {
        choices.put(c.name(), c);
        return this;
    }

    public Space require(ConstraintDecl c) {
        constraints.add(c);
        return this;
    }

    public ChoiceDecl choice(String name) {
        return choices.get(name);
    }

    /** Whether {@code sub} equals {@code sup} or reaches it through {@code subsetof} links (quotients are subsets of their base set). */
    public boolean isSubset(String sub, String sup) {
        for (String s = sub; s != null;) {
            if (s.equals(sup)) {
                return true;
            }
            SetDecl d = sets.get(s);
            s = d == null || d.superset() == null ? null : d.superset().set();
        }
        return false;
    }

    /** Seed 001a §3.10: sets with no common superset (or declared disjoint) are disjoint. */
    public boolean mayOverlap(String a, String b) {
        if (isSubset(a, b) || isSubset(b, a)) {
            return true;
        }
        if (declaredDisjoint(a, b)) {
            return false;
        }
        for (String s = a; s != null;) {
            if (isSubset(b, s)) {
                return !declaredDisjointChain(a, b);
            }
            SetDecl d = sets.get(s);
            s = d == null || d.superset() == null ? null : d.superset().set();
        }
        return false;
    }

    private boolean declaredDisjointChain(String a, String b) {
        for (String x = a; x != null; x = sup(x)) {
            for (String y = b; y != null; y = sup(y)) {
                if (declaredDisjoint(x, y)) {
                    return true;
                }
            }
        }
        return false;
    }

    private String sup(String s) {
        SetDecl d = sets.get(s);
        return d == null || d.superset() == null ? null : d.superset().set();
    }

    private boolean declaredDisjoint(String a, String b) {
        SetDecl da = sets.get(a), db = sets.get(b);
        return da != null && da.disjoint().contains(b) || db != null && db.disjoint().contains(a);
    }
}
