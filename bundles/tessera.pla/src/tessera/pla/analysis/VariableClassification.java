package tessera.pla.analysis;

import static tessera.pla.analysis.PlaAnalysis.CODE_AFFINE;
import static tessera.pla.analysis.PlaAnalysis.CODE_ARITY;
import static tessera.pla.analysis.PlaAnalysis.CODE_CLASS;
import static tessera.pla.analysis.PlaAnalysis.CODE_DIMENSION;
import static tessera.pla.analysis.PlaAnalysis.CODE_DUPLICATE;
import static tessera.pla.analysis.PlaAnalysis.CODE_UNIFORM;
import static tessera.pla.analysis.PlaAnalysis.label;
import static tessera.pla.analysis.PlaAnalysis.name;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;

import tessera.core.poly.AffineExpr;
import tessera.pla.analysis.PlaAnalysis.Indexing;
import tessera.pla.analysis.PlaAnalysis.VarClass;
import tessera.pla.analysis.PlaAnalysis.VarInfo;
import tessera.pla.pla.Access;
import tessera.pla.pla.ConstDecl;
import tessera.pla.pla.Declaration;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Model;
import tessera.pla.pla.Operand;
import tessera.pla.pla.Operation;
import tessera.pla.pla.PlaPackage.Literals;
import tessera.pla.pla.VarDecl;
import tessera.pla.pla.VarKind;
import tessera.pla.pla.Variable;
import tessera.rdg.interp.Ops;

/**
 * Seed 003 §4: the variables of a PLA — each equation's operation, the indexing Q·I − d of every access (Eq. (1)),
 * the declarations, and the classification into input, output, internal (and constants) with the checks of that
 * form: declared and actual class agree, internal variables are defined and used uniformly.
 */
final class VariableClassification {
    private final PlaAnalysis pla;
    private final AffineForms affine;
    private final Model model;
    private final List<String> params;
    private final List<String> indices;
    private final List<Equation> equations;
    private final Map<String, VarInfo> vars;
    private final Map<Access, Indexing> indexing;
    private final Map<Operation, Ops.Op> operations;

    VariableClassification(PlaAnalysis pla, AffineForms affine) {
        this.pla = pla;
        this.affine = affine;
        this.model = pla.model();
        this.params = pla.params;
        this.indices = pla.indices;
        this.equations = pla.equations;
        this.vars = pla.vars;
        this.indexing = pla.indexing;
        this.operations = pla.operations;
    }

    void checkOperation(Equation e) {
        Operation o = e.getRhs();
        if (o == null) {
            pla.structural = true;
            return;
        }
        String written = o.getOp() == null ? "move" : o.getOp();
        Ops.Op op = Ops.lookup(written).orElse(null);
        if (op == null) {
            pla.error(o, Literals.OPERATION__OP, -1, "unknown operation '" + written + "'", CODE_ARITY);
            pla.structural = true;
            return;
        }
        operations.put(o, op);
        if (o.getArgs().size() != op.arity()) {
            pla.error(o, o.getOp() == null ? null : Literals.OPERATION__OP, -1, "operation " + op.name() + " takes "
                    + op.arity() + " operand" + (op.arity() == 1 ? "" : "s") + ", found " + o.getArgs().size(), CODE_ARITY);
            pla.structural = true;
        }
    }

    private VarInfo info(String name) {
        return vars.computeIfAbsent(name, VarInfo::new);
    }

    void collectAccesses(Equation e) {
        if (e.getLhs() != null) {
            access(e.getLhs(), true);
        } else {
            pla.structural = true;
        }
        if (e.getRhs() != null) {
            for (Operand op : e.getRhs().getArgs()) {
                if (op instanceof Access a) {
                    access(a, false);
                }
            }
        }
    }

    private void access(Access a, boolean definition) {
        String n = name(a);
        if (n == null || n.isEmpty()) {
            pla.structural = true;
            return;
        }
        VarInfo vi = info(n);
        if (a.getVar() != null && !a.getVar().eIsProxy()) {
            vi.variable = a.getVar();
        }
        if (definition) {
            vi.definitions.add((Equation) a.eContainer());
        } else {
            vi.uses.add(a);
        }
        int m = a.getIndices().size();
        if (vi.dims < 0) {
            vi.dims = m;
        } else if (vi.dims != m) {
            Access first = firstAccess(vi);
            pla.error(a, Literals.ACCESS__VAR, -1, "dimension mismatch: " + n + " has " + m + " ind" + (m == 1 ? "ex" : "ices")
                    + " here but " + vi.dims + " at line " + PlaNames.line(first), CODE_DIMENSION);
            pla.structural = true;
        }
        long[][] q = new long[m][indices.size()];
        long[] d = new long[m];
        boolean ok = true;
        for (int r = 0; r < m; r++) {
            AffineExpr x = affine.affine(a.getIndices().get(r));
            if (x == null) {
                ok = false;
                continue;
            }
            for (String v : x.variables()) {
                if (params.contains(v)) {
                    pla.error(a, Literals.ACCESS__INDICES, r, "index expressions may use loop indices and integer constants only, not the parameter "
                            + v + " (Eq. (1): x[Q·I − d])", CODE_AFFINE);
                    ok = false;
                    pla.structural = true;
                }
            }
            for (int c = 0; c < indices.size(); c++) {
                q[r][c] = x.coeff(indices.get(c));
            }
            d[r] = -x.constant();
        }
        if (ok) {
            indexing.put(a, new Indexing(q, d));
        }
    }

    private Access firstAccess(VarInfo vi) {
        for (Equation e : equations) {
            if (e.getLhs() != null && vi.name.equals(name(e.getLhs()))) {
                return e.getLhs();
            }
            if (e.getRhs() != null) {
                for (Operand o : e.getRhs().getArgs()) {
                    if (o instanceof Access a && vi.name.equals(name(a))) {
                        return a;
                    }
                }
            }
        }
        return null;
    }

    void collectDeclarations() {
        Map<String, EObject> declared = new HashMap<>();
        for (Declaration d : model.getDeclarations()) {
            List<Variable> vs = d instanceof VarDecl vd ? vd.getVariables() : d instanceof ConstDecl cd ? List.of(cd) : List.of();
            for (Variable v : vs) {
                if (v.getName() == null) {
                    continue;
                }
                if (declared.put(v.getName(), v) != null) {
                    pla.error(v, Literals.VARIABLE__NAME, -1, "variable " + v.getName() + " is declared twice", CODE_DUPLICATE);
                }
                VarInfo vi = info(v.getName());
                vi.variable = v;
                if (v instanceof ConstDecl cd) {
                    vi.constantValue = cd.getValue();
                }
            }
        }
    }

    void classify() {
        for (VarInfo vi : vars.values()) {
            VarKind declared = vi.variable != null && vi.variable.eContainer() instanceof VarDecl vd ? vd.getKind() : null;
            if (vi.constantValue != null) {
                vi.varClass = VarClass.CONSTANT;
                for (Equation e : vi.definitions) {
                    pla.error(e.getLhs(), Literals.ACCESS__VAR, -1, "constant " + vi.name + " cannot be defined (it is an input with a known value)", CODE_CLASS);
                }
                for (Access a : vi.uses) {
                    if (!a.getIndices().isEmpty()) {
                        pla.error(a, Literals.ACCESS__VAR, -1, "constant " + vi.name + " is a scalar: write " + vi.name + "[]", CODE_DIMENSION);
                    }
                }
                continue;
            }
            boolean defined = !vi.definitions.isEmpty(), used = !vi.uses.isEmpty();
            vi.varClass = defined && used ? VarClass.INTERNAL : defined ? VarClass.OUTPUT : VarClass.INPUT;
            if (!defined && !used) {
                if (vi.variable != null) {
                    pla.warning(vi.variable, Literals.VARIABLE__NAME, -1, "variable " + vi.name + " is declared but never used or defined", CODE_CLASS);
                }
                continue;
            }
            if (declared != null) {
                String want = declared.getLiteral();
                if (!want.equals(vi.varClass.word)) {
                    String why = switch (declared) {
                        case INPUT -> "an input is only used, never defined, but " + vi.name + " is defined by " + label(vi.definitions.get(0));
                        case OUTPUT -> "an output is only defined, never used, but " + vi.name + " is used at line " + PlaNames.line(vi.uses.get(0));
                        case INTERNAL -> "an internal variable is both defined and used, but " + vi.name + " is only " + (defined ? "defined" : "used");
                    };
                    pla.error(vi.variable, Literals.VARIABLE__NAME, -1, "variable " + vi.name + " is declared " + want
                            + " but classifies as " + vi.varClass.word + ": " + why + " (seed 003 §4)", CODE_CLASS);
                }
            }
            if (vi.varClass == VarClass.INTERNAL) {
                int n = indices.size();
                for (Equation e : vi.definitions) {
                    Indexing ix = indexing.get(e.getLhs());
                    if (ix != null && (!ix.isIdentity(n) || !ix.isZeroOffset())) {
                        pla.error(e.getLhs(), Literals.ACCESS__VAR, -1, "internal variable " + vi.name + " must be defined uniformly as "
                                + vi.name + "[" + String.join(", ", indices) + "] (Q = identity, d = 0; seed 003 §4)", CODE_UNIFORM);
                        pla.structural = true;
                    }
                }
                for (Access a : vi.uses) {
                    Indexing ix = indexing.get(a);
                    if (ix != null && !ix.isIdentity(n)) {
                        pla.error(a, Literals.ACCESS__VAR, -1, "use of internal variable " + vi.name + " must be uniform, "
                                + vi.name + "[" + String.join(", ", indices.stream().map(i -> i + " - d").toList())
                                + "] with constant d (Q = identity; seed 003 §4)", CODE_UNIFORM);
                        pla.structural = true;
                    }
                }
            }
        }
    }
}
