package tessera.pla.analysis;

import static tessera.pla.analysis.PlaAnalysis.CODE_AFFINE;

import java.util.ArrayList;
import java.util.List;

import tessera.core.poly.AffineExpr;
import tessera.core.poly.Constraint;
import tessera.pla.pla.Affine;
import tessera.pla.pla.Binary;
import tessera.pla.pla.Comparison;
import tessera.pla.pla.Condition;
import tessera.pla.pla.IntConst;
import tessera.pla.pla.Negation;
import tessera.pla.pla.SymbolRef;

/**
 * Seed 003 §4 (Eq. (1)): the affine forms of a PLA — loop bounds, {@code where} and {@code if} conditions and index
 * expressions as affine expressions over the loop indices and parameters; anything else (a product of two variables,
 * an unresolved name, an overflow) marks the analysis structural, with an error where the user can fix it.
 */
final class AffineForms {
    private final PlaAnalysis pla;
    private final List<String> params;
    private final List<String> indices;

    AffineForms(PlaAnalysis pla) {
        this.pla = pla;
        this.params = pla.params;
        this.indices = pla.indices;
    }

    /** Affine expression of an index/bound; null (and a problem) when it is not affine or not resolved. */
    AffineExpr affine(Affine a) {
        if (a == null) {
            pla.structural = true;
            return null;
        }
        if (a instanceof IntConst c) {
            return AffineExpr.constant(c.getValue());
        }
        if (a instanceof SymbolRef s) {
            if (s.getSymbol() == null || s.getSymbol().eIsProxy() || s.getSymbol().getName() == null) {
                pla.structural = true; // the linker reports the undeclared name
                return null;
            }
            String n = s.getSymbol().getName();
            if (!params.contains(n) && !indices.contains(n)) {
                pla.structural = true;
                return null;
            }
            return AffineExpr.var(n);
        }
        if (a instanceof Negation n) {
            AffineExpr x = affine(n.getOperand());
            return x == null ? null : x.negate();
        }
        if (a instanceof Binary b) {
            AffineExpr l = affine(b.getLeft()), r = affine(b.getRight());
            if (l == null || r == null) {
                return null;
            }
            try {
                switch (b.getOp() == null ? "" : b.getOp()) {
                    case "+":
                        return l.plus(r);
                    case "-":
                        return l.minus(r);
                    case "*":
                        if (l.isConstant()) {
                            return r.times(l.constant());
                        }
                        if (r.isConstant()) {
                            return l.times(r.constant());
                        }
                        pla.error(b, null, -1, "not affine: a product of two variables (" + l + ") * (" + r
                                + "); only constant factors are allowed", CODE_AFFINE);
                        pla.structural = true;
                        return null;
                    default:
                        pla.structural = true;
                        return null;
                }
            } catch (ArithmeticException ex) {
                pla.error(b, null, -1, "integer overflow in an affine expression", CODE_AFFINE);
                pla.structural = true;
                return null;
            }
        }
        pla.structural = true;
        return null;
    }

    /** The constraints of a condition; null (and a problem) when one of its expressions is not affine. */
    List<Constraint> constraints(Condition c) {
        List<Constraint> res = new ArrayList<>();
        boolean ok = true;
        for (Comparison cmp : c.getComparisons()) {
            List<AffineExpr> xs = new ArrayList<>();
            for (Affine a : cmp.getOperands()) {
                AffineExpr x = affine(a);
                ok &= x != null;
                xs.add(x);
            }
            if (!ok || cmp.getOps().size() != xs.size() - 1) {
                ok = false;
                continue;
            }
            for (int k = 0; k < cmp.getOps().size(); k++) {
                AffineExpr l = xs.get(k), r = xs.get(k + 1);
                res.add(switch (cmp.getOps().get(k)) {
                    case "<" -> Constraint.lt(l, r);
                    case "<=", "≤" -> Constraint.le(l, r);
                    case ">" -> Constraint.lt(r, l);
                    case ">=", "≥" -> Constraint.le(r, l);
                    default -> Constraint.eq(l, r);
                });
            }
        }
        return ok ? res : null;
    }
}
