package tessera.pla.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResource;

import tessera.core.Severity;
import tessera.core.poly.AffineExpr;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.pla.pla.Access;
import tessera.pla.pla.Declaration;
import tessera.pla.pla.Equation;
import tessera.pla.pla.Model;
import tessera.pla.pla.Operation;
import tessera.pla.pla.Param;
import tessera.pla.pla.ParamDecl;
import tessera.pla.pla.PlaPackage.Literals;
import tessera.pla.pla.Range;
import tessera.pla.pla.Variable;
import tessera.rdg.interp.Ops;

/**
 * Seed 003 §4: the semantics of a PLA written in the .pla language — iteration space, condition spaces (exact
 * parametric integer sets), the indexing Q·I − d of every access, the classification of variables into input,
 * output, internal (and constants), and the checks of the restricted PLA form: uniform indexing of internal
 * variables, single assignment, defined uses, no zero-distance dependence cycle. All set questions are decided
 * exactly with tessera.core.poly. Shared by the validator, the RDG builder and the hover text; one instance per
 * parse (cached in the resource). {@link #analyse} runs the steps in order: symbols, spaces ({@link AffineForms}),
 * variables ({@link VariableClassification}), then the exact checks ({@link ExactChecks}).
 */
public final class PlaAnalysis {
    /** The class of a variable (seed 003 §4: X_in, X_out, X_var; a constant is an input with a known value). */
    public enum VarClass {
        INPUT("input"), OUTPUT("output"), INTERNAL("internal"), CONSTANT("constant");

        public final String word;

        VarClass(String word) {
            this.word = word;
        }
    }

    /** A problem at a model element (feature and index locate the token; index -1 = whole feature). */
    public record Problem(Severity severity, EObject object, EStructuralFeature feature, int index, String message,
            String code) {
    }

    /** x[Q·I − d] with Q ∈ ℤ^{m×n}, d ∈ ℤ^m (Eq. (1)). */
    public record Indexing(long[][] q, long[] d) {
        public boolean isIdentity(int n) {
            if (q.length != n) {
                return false;
            }
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    if (q[r].length != n || q[r][c] != (r == c ? 1 : 0)) {
                        return false;
                    }
                }
            }
            return true;
        }

        public boolean isZeroOffset() {
            for (long v : d) {
                if (v != 0) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Everything known about one variable. */
    public static final class VarInfo {
        public final String name;
        public Variable variable;
        public VarClass varClass;
        public int dims = -1;
        public final List<Equation> definitions = new ArrayList<>();
        public final List<Access> uses = new ArrayList<>();
        public Integer constantValue;

        VarInfo(String name) {
            this.name = name;
        }
    }

    public static final String CODE_CLASS = "variable-class";
    public static final String CODE_UNIFORM = "uniform-indexing";
    public static final String CODE_SINGLE = "single-assignment";
    public static final String CODE_UNDEFINED = "undefined-use";
    public static final String CODE_CYCLE = "zero-cycle";
    public static final String CODE_DIMENSION = "dimension";
    public static final String CODE_AFFINE = "affine";
    public static final String CODE_ARITY = "arity";
    public static final String CODE_DUPLICATE = "duplicate";
    public static final String CODE_EMPTY = "empty-space";

    // the state the analysis steps (AffineForms, VariableClassification, ExactChecks) fill in, in this package
    private final Model model;
    private final List<Problem> problems = new ArrayList<>();
    final List<String> params = new ArrayList<>();
    final List<String> indices = new ArrayList<>();
    private final List<Constraint> context = new ArrayList<>();
    private Space space;
    private IntegerSet contextSet;
    private IntegerSet iterationSpace;
    final Map<Equation, IntegerSet> conditionSpaces = new IdentityHashMap<>();
    final Map<Access, Indexing> indexing = new IdentityHashMap<>();
    final Map<String, VarInfo> vars = new LinkedHashMap<>();
    final Map<Operation, Ops.Op> operations = new IdentityHashMap<>();
    final List<Equation> equations = new ArrayList<>();
    boolean structural; // structural errors: the exact checks would be meaningless
    private final Map<List<Constraint>, IntegerSet> spaceMemo = new HashMap<>(); // equal conditions, one set

    private PlaAnalysis(Model model, boolean exact) {
        this.model = model;
        analyse(exact);
    }

    /** The analysis of a parsed model, cached in its resource until the next change. */
    public static PlaAnalysis of(Model model) {
        Resource r = model.eResource();
        if (r instanceof XtextResource xr) {
            boolean exact = !hasSyntaxErrors(xr);
            return xr.getCache().get(exact ? "tessera.pla.analysis" : "tessera.pla.analysis.syntax", xr,
                    () -> new PlaAnalysis(model, exact));
        }
        return new PlaAnalysis(model, true);
    }

    private static boolean hasSyntaxErrors(XtextResource r) {
        return r.getParseResult() != null && r.getParseResult().hasSyntaxErrors();
    }

    // ------------------------------------------------------------------ results

    public Model model() {
        return model;
    }

    public List<Problem> problems() {
        return problems;
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(p -> p.severity() == Severity.ERROR);
    }

    public List<String> parameters() {
        return params;
    }

    public List<String> indices() {
        return indices;
    }

    public Space space() {
        return space;
    }

    /** The conjunction of the parameters' {@code where} conditions (constraint text, "" if none). */
    public String contextText() {
        return context.isEmpty() ? "" : String.join(" and ", context.stream().map(Constraint::toString).toList());
    }

    public IntegerSet context() {
        return contextSet;
    }

    public IntegerSet iterationSpace() {
        return iterationSpace;
    }

    /** 𝓘_i: the loop's iteration space intersected with the equation's {@code if} condition. */
    public IntegerSet conditionSpace(Equation e) {
        return conditionSpaces.get(e);
    }

    public Indexing indexing(Access a) {
        return indexing.get(a);
    }

    public Map<String, VarInfo> variables() {
        return vars;
    }

    public VarInfo variable(String name) {
        return vars.get(name);
    }

    public List<Equation> equations() {
        return equations;
    }

    /** The operation of an equation's right-hand side (canonical), or null when unknown. */
    public Ops.Op operation(Operation o) {
        return operations.get(o);
    }

    /** Name of the variable of an access (also for unresolved references), or null. */
    public static String name(Access a) {
        if (a == null) {
            return null;
        }
        Variable v = a.getVar();
        if (v != null && !v.eIsProxy()) {
            return v.getName();
        }
        return PlaNames.referenceText(a);
    }

    /** The equation's label (S1, ...) or "S<k>" from its position when unlabelled. */
    public static String label(Equation e) {
        if (e.getLabel() != null) {
            return e.getLabel();
        }
        EObject c = e.eContainer();
        if (c instanceof tessera.pla.pla.Loop l) {
            return "S" + (l.getEquations().indexOf(e) + 1);
        }
        return "S?";
    }

    // ------------------------------------------------------------------ analysis

    void error(EObject o, EStructuralFeature f, int index, String message, String code) {
        problems.add(new Problem(Severity.ERROR, o, f, index, message, code));
    }

    void warning(EObject o, EStructuralFeature f, int index, String message, String code) {
        problems.add(new Problem(Severity.WARNING, o, f, index, message, code));
    }

    /** The steps of the analysis in order; the exact checks need a well-formed program. */
    private void analyse(boolean exact) {
        declareSymbols();
        AffineForms affine = new AffineForms(this);
        VariableClassification variables = new VariableClassification(this, affine);
        space = Space.of(indices, params);
        contextSet = IntegerSet.of(space, parameterContext(affine));
        iterationSpace = IntegerSet.of(space, loopBounds(affine));
        for (Equation e : equations) {
            List<Constraint> cs = e.getCondition() == null ? List.of() : affine.constraints(e.getCondition());
            conditionSpaces.put(e, cs == null ? iterationSpace
                    : spaceMemo.computeIfAbsent(cs, k -> iterationSpace.intersect(IntegerSet.of(space, k))));
            variables.checkOperation(e);
            variables.collectAccesses(e);
        }
        variables.collectDeclarations();
        variables.classify();
        if (!exact || structural || hasErrors()) {
            return; // exact checks need a well-formed program
        }
        try {
            ExactChecks checks = new ExactChecks(this);
            checks.checkEmptySpaces();
            checks.checkSingleAssignment();
            checks.checkDefinedUses();
            checks.checkZeroCycles();
        } catch (RuntimeException ex) { // overflow or time limit inside the set library
            warning(model.getLoop() == null ? model : model.getLoop(), null, -1,
                    "could not decide the exact checks: " + ex.getMessage(), "undecided");
        }
    }

    /** The parameters and the loop indices, each name declared once; the loop's equations. */
    private void declareSymbols() {
        Set<String> names = new HashSet<>();
        for (Declaration d : model.getDeclarations()) {
            if (d instanceof ParamDecl pd) {
                for (Param p : pd.getParams()) {
                    if (p.getName() == null) {
                        continue;
                    }
                    if (!names.add(p.getName())) {
                        error(p, Literals.SYMBOL__NAME, -1, "parameter " + p.getName() + " is declared twice", CODE_DUPLICATE);
                    } else {
                        params.add(p.getName());
                    }
                }
            }
        }
        if (model.getLoop() != null) {
            for (Range r : model.getLoop().getRanges()) {
                if (r.getIndex() == null || r.getIndex().getName() == null) {
                    continue;
                }
                String n = r.getIndex().getName();
                if (!names.add(n)) {
                    error(r.getIndex(), Literals.SYMBOL__NAME, -1, "index " + n + " is declared twice (or is also a parameter)", CODE_DUPLICATE);
                } else {
                    indices.add(n);
                }
            }
            addEquations(model.getLoop().getEquations());
        }
    }

    /**
     * The loop's equations, each reported duplicate (same text as an earlier one, or an earlier one's label) once
     * against its first occurrence and left out of the analysis: issue 22, diagnostics linear in the input.
     */
    private void addEquations(List<Equation> all) {
        rootText = null;
        Map<String, Equation> byText = new HashMap<>();
        Map<String, Equation> byLabel = new HashMap<>();
        for (Equation e : all) {
            Equation first = byText.putIfAbsent(equationText(e), e);
            if (first != null) {
                error(e, e.getLabel() != null ? Literals.EQUATION__LABEL : Literals.EQUATION__LHS, -1, "duplicate of equation "
                        + label(first) + lineOf(first) + ": remove it", CODE_DUPLICATE);
                structural = true;
                continue;
            }
            if (e.getLabel() != null && (first = byLabel.putIfAbsent(e.getLabel(), e)) != null) {
                error(e, Literals.EQUATION__LABEL, -1, "label " + e.getLabel() + " is already used by the equation"
                        + lineOf(first) + ": labels name one equation each", CODE_DUPLICATE);
                structural = true;
            }
            equations.add(e);
        }
    }

    /**
     * The equation's tokens without its label and layout (comments and whitespace do not make it different). Read
     * from the leaves' offsets in the file's text: linear in the equation's size even for a left-deep 100,000-term
     * sum (NodeModelUtils.getTokenText walks to the root for every leaf).
     */
    private String equationText(Equation e) {
        StringBuilder sb = new StringBuilder();
        for (EObject part : new EObject[] {e.getLhs(), e.getRhs(), e.getCondition()}) {
            var node = part == null ? null : org.eclipse.xtext.nodemodel.util.NodeModelUtils.getNode(part);
            if (node != null) {
                String all = rootText(node);
                for (var leaf : node.getLeafNodes()) {
                    if (!leaf.isHidden()) {
                        sb.append(all, leaf.getTotalOffset(), leaf.getTotalEndOffset()).append(' ');
                    }
                }
            }
            sb.append('\u0000');
        }
        return sb.toString();
    }

    private String rootText;

    private String rootText(org.eclipse.xtext.nodemodel.INode node) {
        if (rootText == null) {
            rootText = node.getRootNode().getText();
        }
        return rootText;
    }

    private static String lineOf(EObject o) {
        var node = org.eclipse.xtext.nodemodel.util.NodeModelUtils.findActualNodeFor(o);
        return node == null ? "" : " (line " + node.getStartLine() + ")";
    }

    /** The conjunction of the parameters' {@code where} conditions. */
    private List<Constraint> parameterContext(AffineForms affine) {
        for (Declaration d : model.getDeclarations()) {
            if (d instanceof ParamDecl pd && pd.getContext() != null) {
                List<Constraint> cs = affine.constraints(pd.getContext());
                if (cs != null) {
                    context.addAll(cs);
                }
            }
        }
        return context;
    }

    /** The loop's box: lower and upper bound of every index. */
    private List<Constraint> loopBounds(AffineForms affine) {
        List<Constraint> box = new ArrayList<>();
        if (model.getLoop() != null) {
            for (Range r : model.getLoop().getRanges()) {
                if (r.getIndex() == null || r.getIndex().getName() == null) {
                    continue;
                }
                AffineExpr i = AffineExpr.var(r.getIndex().getName());
                AffineExpr lo = affine.affine(r.getLower()), hi = affine.affine(r.getUpper());
                if (lo != null) {
                    box.add("<".equals(r.getLowerOp()) ? Constraint.lt(lo, i) : Constraint.le(lo, i));
                }
                if (hi != null) {
                    box.add("<".equals(r.getUpperOp()) ? Constraint.lt(i, hi) : Constraint.le(i, hi));
                }
            }
        }
        return box;
    }
}
