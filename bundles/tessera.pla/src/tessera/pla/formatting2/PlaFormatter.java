package tessera.pla.formatting2;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.formatting2.AbstractJavaFormatter;
import org.eclipse.xtext.formatting2.IFormattableDocument;
import org.eclipse.xtext.formatting2.IHiddenRegionFormatter;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegion;
import org.eclipse.xtext.formatting2.regionaccess.ISemanticRegionsFinder;
import org.eclipse.xtext.xbase.lib.Procedures.Procedure1;

import tessera.pla.pla.Access;
import tessera.pla.pla.Binary;
import tessera.pla.pla.Comparison;
import tessera.pla.pla.Condition;
import tessera.pla.pla.ConstDecl;
import tessera.pla.pla.Declaration;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Loop;
import tessera.pla.pla.Model;
import tessera.pla.pla.Negation;
import tessera.pla.pla.Operation;
import tessera.pla.pla.ParamDecl;
import tessera.pla.pla.PlaPackage.Literals;
import tessera.pla.pla.Range;
import tessera.pla.pla.VarDecl;

/**
 * Canonical layout of a PLA: one declaration per line, {@code for ... do} on its own line, one equation per line
 * indented by one level, single spaces around {@code =}, {@code if}, operators and relations, none inside brackets.
 */
public class PlaFormatter extends AbstractJavaFormatter {
    private static final Procedure1<IHiddenRegionFormatter> ONE = f -> f.oneSpace();
    private static final Procedure1<IHiddenRegionFormatter> NONE = f -> f.noSpace();
    private static final Procedure1<IHiddenRegionFormatter> LINE = f -> f.setNewLines(1, 1, 2);

    /** Called reflectively by {@link AbstractJavaFormatter} for the root. */
    protected void format(Model m, IFormattableDocument doc) {
        model(m, doc);
    }

    private ISemanticRegionsFinder in(EObject o) {
        return textRegionExtensions.regionFor(o);
    }

    private void model(Model m, IFormattableDocument doc) {
        boolean first = true;
        for (Declaration d : m.getDeclarations()) {
            if (!first) {
                doc.prepend(d, LINE);
            }
            first = false;
            declaration(d, doc);
        }
        if (m.getLoop() != null) {
            if (!first) {
                doc.prepend(m.getLoop(), LINE);
            }
            loop(m.getLoop(), doc);
        }
    }

    private void commas(EObject o, IFormattableDocument doc) {
        for (ISemanticRegion c : in(o).keywords(",")) {
            doc.prepend(c, NONE);
            doc.append(c, ONE);
        }
    }

    private void semicolon(EObject o, IFormattableDocument doc) {
        ISemanticRegion s = in(o).keyword(";");
        if (s != null) {
            doc.prepend(s, NONE);
        }
    }

    private void declaration(Declaration d, IFormattableDocument doc) {
        if (d instanceof ParamDecl p) {
            doc.append(in(p).keyword("param"), ONE);
            commas(p, doc);
            ISemanticRegion w = in(p).keyword("where");
            if (w != null) {
                doc.surround(w, ONE);
            }
            if (p.getContext() != null) {
                condition(p.getContext(), doc);
            }
        } else if (d instanceof VarDecl v) {
            doc.append(in(v).feature(Literals.VAR_DECL__KIND), ONE);
            commas(v, doc);
        } else if (d instanceof ConstDecl c) {
            doc.append(in(c).keyword("const"), ONE);
            ISemanticRegion eq = in(c).keyword(":=");
            doc.surround(eq != null ? eq : in(c).keyword("="), ONE);
        }
        semicolon(d, doc);
    }

    private void loop(Loop l, IFormattableDocument doc) {
        doc.append(in(l).keyword("for"), ONE);
        commas(l, doc);
        doc.prepend(in(l).keyword("do"), ONE);
        for (Range r : l.getRanges()) {
            doc.surround(in(r).feature(Literals.RANGE__LOWER_OP), ONE);
            doc.surround(in(r).feature(Literals.RANGE__UPPER_OP), ONE);
            affine(r.getLower(), doc);
            affine(r.getUpper(), doc);
        }
        for (Equation e : l.getEquations()) {
            doc.prepend(e, LINE);
            doc.surround(e, f -> f.indent());
            equation(e, doc);
        }
        ISemanticRegion end = in(l).keyword("end");
        if (end == null) {
            end = in(l).keyword("od");
        }
        if (end != null) {
            doc.prepend(end, LINE);
        }
    }

    private void equation(Equation e, IFormattableDocument doc) {
        ISemanticRegion colon = in(e).keyword(":");
        if (colon != null) {
            doc.prepend(colon, NONE);
            doc.append(colon, ONE);
        }
        doc.surround(in(e).keyword("="), ONE);
        ISemanticRegion iff = in(e).keyword("if");
        if (iff != null) {
            doc.surround(iff, ONE);
        }
        semicolon(e, doc);
        if (e.getLhs() != null) {
            access(e.getLhs(), doc);
        }
        Operation o = e.getRhs();
        if (o != null) {
            ISemanticRegion open = in(o).keyword("(");
            if (open != null) {
                doc.prepend(open, NONE);
                doc.append(open, NONE);
                doc.prepend(in(o).keyword(")"), NONE);
                commas(o, doc);
            } else {
                ISemanticRegion op = in(o).feature(Literals.OPERATION__OP);
                if (op != null) {
                    doc.surround(op, ONE);
                }
            }
            for (var a : o.getArgs()) {
                if (a instanceof Access acc) {
                    access(acc, doc);
                }
            }
        }
        if (e.getCondition() != null) {
            condition(e.getCondition(), doc);
        }
    }

    private void access(Access a, IFormattableDocument doc) {
        ISemanticRegion open = in(a).keyword("[");
        if (open == null) {
            return;
        }
        doc.prepend(open, NONE);
        doc.append(open, NONE);
        doc.prepend(in(a).keyword("]"), NONE);
        commas(a, doc);
        for (var x : a.getIndices()) {
            affine(x, doc);
        }
    }

    private void condition(Condition c, IFormattableDocument doc) {
        for (ISemanticRegion k : in(c).keywords("and", "&&")) {
            doc.surround(k, ONE);
        }
        commas(c, doc);
        for (Comparison cmp : c.getComparisons()) {
            for (ISemanticRegion op : in(cmp).features(Literals.COMPARISON__OPS)) {
                doc.surround(op, ONE);
            }
            for (var x : cmp.getOperands()) {
                affine(x, doc);
            }
        }
    }

    private void affine(EObject x, IFormattableDocument doc) {
        if (x instanceof Binary b) {
            doc.surround(in(b).feature(Literals.BINARY__OP), ONE);
            affine(b.getLeft(), doc);
            affine(b.getRight(), doc);
        } else if (x instanceof Negation n) {
            doc.append(in(n).keyword("-"), NONE);
            affine(n.getOperand(), doc);
        } else if (x != null) {
            ISemanticRegion open = in(x).keyword("(");
            if (open != null) {
                doc.append(open, NONE);
                doc.prepend(in(x).keyword(")"), NONE);
            }
        }
    }
}
