package tessera.dspace.runtime.ir;

import java.util.List;

/**
 * Seed 001a §2.10/§3.8 {@code quotient Q($p in P) of $x in S: repr = conds / equiv is V}: one representative per
 * class of {x ∈ S | conds} modulo {@code equiv is V}.
 */
public record QuotientDecl(String name, VarDecl param, VarDecl item, String repr, List<Cond> conditions, String equiv,
        long equivMask) {
}
