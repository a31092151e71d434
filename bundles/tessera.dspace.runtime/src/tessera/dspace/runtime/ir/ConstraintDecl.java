package tessera.dspace.runtime.ir;

import java.util.List;

/** Seed 001a §4.2 {@code require}: a universally quantified disjunction (over distinct objects) of conditions. */
public record ConstraintDecl(List<VarDecl> vars, List<Cond> disjunction, String origin) {
    public ConstraintDecl(List<VarDecl> vars, List<Cond> disjunction) {
        this(vars, disjunction, "");
    }
}
