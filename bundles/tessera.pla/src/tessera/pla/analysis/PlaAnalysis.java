package tessera.pla.analysis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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

import tessera.core.Deadline;
import tessera.core.Severity;
import tessera.core.graph.Digraph;
import tessera.core.graph.ElementaryCircuits;
import tessera.core.poly.AffineExpr;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.UnionSet;
import tessera.pla.pla.Access;
import tessera.pla.pla.Affine;
import tessera.pla.pla.Binary;
import tessera.pla.pla.Comparison;
import tessera.pla.pla.Condition;
import tessera.pla.pla.ConstDecl;
import tessera.pla.pla.Declaration;
import tessera.pla.pla.Equation;
import tessera.pla.pla.IntConst;
import tessera.pla.pla.Literal;
import tessera.pla.pla.Model;
import tessera.pla.pla.Negation;
import tessera.pla.pla.Operand;
import tessera.pla.pla.Operation;
import tessera.pla.pla.Param;
import tessera.pla.pla.ParamDecl;
import tessera.pla.pla.PlaPackage.Literals;
import tessera.pla.pla.Range;
import tessera.pla.pla.SymbolRef;
import tessera.pla.pla.VarDecl;
import tessera.pla.pla.VarKind;
import tessera.pla.pla.Variable;
import tessera.rdg.interp.Ops;

/**
 * Seed 003 §4: the semantics of a PLA written in the .pla language — iteration space, condition spaces (exact
 * parametric integer sets), the indexing Q·I − d of every access, the classification of variables into input,
 * output, internal (and constants), and the checks of the restricted PLA form: uniform indexing of internal
 * variables, single assignment, defined uses, no zero-distance dependence cycle. All set questions are decided
 * exactly with tessera.core.poly. Shared by the validator, the RDG builder and the hover text; one instance per
 * parse (cached in the resource).
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

    /** Time limit of one exact set question (the Omega test is exponential in the worst case). */
    static final Duration SET_LIMIT = Duration.ofSeconds(5);
    private static final int MAX_CIRCUITS = 10_000;

    private final Model model;
    private final List<Problem> problems = new ArrayList<>();
    private final List<String> params = new ArrayList<>();
    private final List<String> indices = new ArrayList<>();
    private final List<Constraint> context = new ArrayList<>();
    private Space space;
    private IntegerSet contextSet;
    private IntegerSet iterationSpace;
    private final Map<Equation, IntegerSet> conditionSpaces = new IdentityHashMap<>();
    private final Map<Access, Indexing> indexing = new IdentityHashMap<>();
    private final Map<String, VarInfo> vars = new LinkedHashMap<>();
    private final Map<Operation, Ops.Op> operations = new IdentityHashMap<>();
    private final List<Equation> equations = new ArrayList<>();
    private boolean structural; // structural errors: the exact checks would be meaningless

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

    private void error(EObject o, EStructuralFeature f, int index, String message, String code) {
        problems.add(new Problem(Severity.ERROR, o, f, index, message, code));
    }

    private void warning(EObject o, EStructuralFeature f, int index, String message, String code) {
        problems.add(new Problem(Severity.WARNING, o, f, index, message, code));
    }

    private void analyse(boolean exact) {
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
            equations.addAll(model.getLoop().getEquations());
        }
        space = Space.of(indices, params);
        for (Declaration d : model.getDeclarations()) {
            if (d instanceof ParamDecl pd && pd.getContext() != null) {
                List<Constraint> cs = constraints(pd.getContext());
                if (cs != null) {
                    context.addAll(cs);
                }
            }
        }
        contextSet = IntegerSet.of(space, context);
        List<Constraint> box = new ArrayList<>();
        if (model.getLoop() != null) {
            for (Range r : model.getLoop().getRanges()) {
                if (r.getIndex() == null || r.getIndex().getName() == null) {
                    continue;
                }
                AffineExpr i = AffineExpr.var(r.getIndex().getName());
                AffineExpr lo = affine(r.getLower()), hi = affine(r.getUpper());
                if (lo != null) {
                    box.add("<".equals(r.getLowerOp()) ? Constraint.lt(lo, i) : Constraint.le(lo, i));
                }
                if (hi != null) {
                    box.add("<".equals(r.getUpperOp()) ? Constraint.lt(i, hi) : Constraint.le(i, hi));
                }
            }
        }
        iterationSpace = IntegerSet.of(space, box);
        for (Equation e : equations) {
            List<Constraint> cs = e.getCondition() == null ? List.of() : constraints(e.getCondition());
            conditionSpaces.put(e, cs == null ? iterationSpace
                    : spaceMemo.computeIfAbsent(cs, k -> iterationSpace.intersect(IntegerSet.of(space, k))));
            checkOperation(e);
            collectAccesses(e);
        }
        collectDeclarations();
        classify();
        if (!exact || structural || hasErrors()) {
            return; // exact checks need a well-formed program
        }
        try {
            checkEmptySpaces();
            checkSingleAssignment();
            checkDefinedUses();
            checkZeroCycles();
        } catch (RuntimeException ex) { // overflow or time limit inside the set library
            warning(model.getLoop() == null ? model : model.getLoop(), null, -1,
                    "could not decide the exact checks: " + ex.getMessage(), "undecided");
        }
    }

    /** Affine expression of an index/bound; null (and a problem) when it is not affine or not resolved. */
    private AffineExpr affine(Affine a) {
        if (a == null) {
            structural = true;
            return null;
        }
        if (a instanceof IntConst c) {
            return AffineExpr.constant(c.getValue());
        }
        if (a instanceof SymbolRef s) {
            if (s.getSymbol() == null || s.getSymbol().eIsProxy() || s.getSymbol().getName() == null) {
                structural = true; // the linker reports the undeclared name
                return null;
            }
            String n = s.getSymbol().getName();
            if (!params.contains(n) && !indices.contains(n)) {
                structural = true;
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
                        error(b, null, -1, "not affine: a product of two variables (" + l + ") * (" + r
                                + "); only constant factors are allowed", CODE_AFFINE);
                        structural = true;
                        return null;
                    default:
                        structural = true;
                        return null;
                }
            } catch (ArithmeticException ex) {
                error(b, null, -1, "integer overflow in an affine expression", CODE_AFFINE);
                structural = true;
                return null;
            }
        }
        structural = true;
        return null;
    }

    private List<Constraint> constraints(Condition c) {
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

    private void checkOperation(Equation e) {
        Operation o = e.getRhs();
        if (o == null) {
            structural = true;
            return;
        }
        String written = o.getOp() == null ? "move" : o.getOp();
        Ops.Op op = Ops.lookup(written).orElse(null);
        if (op == null) {
            error(o, Literals.OPERATION__OP, -1, "unknown operation '" + written + "'", CODE_ARITY);
            structural = true;
            return;
        }
        operations.put(o, op);
        if (o.getArgs().size() != op.arity()) {
            error(o, o.getOp() == null ? null : Literals.OPERATION__OP, -1, "operation " + op.name() + " takes "
                    + op.arity() + " operand" + (op.arity() == 1 ? "" : "s") + ", found " + o.getArgs().size(), CODE_ARITY);
            structural = true;
        }
    }

    private VarInfo info(String name) {
        return vars.computeIfAbsent(name, VarInfo::new);
    }

    private void collectAccesses(Equation e) {
        if (e.getLhs() != null) {
            access(e.getLhs(), true);
        } else {
            structural = true;
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
            structural = true;
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
            error(a, Literals.ACCESS__VAR, -1, "dimension mismatch: " + n + " has " + m + " ind" + (m == 1 ? "ex" : "ices")
                    + " here but " + vi.dims + " at line " + PlaNames.line(first), CODE_DIMENSION);
            structural = true;
        }
        long[][] q = new long[m][indices.size()];
        long[] d = new long[m];
        boolean ok = true;
        for (int r = 0; r < m; r++) {
            AffineExpr x = affine(a.getIndices().get(r));
            if (x == null) {
                ok = false;
                continue;
            }
            for (String v : x.variables()) {
                if (params.contains(v)) {
                    error(a, Literals.ACCESS__INDICES, r, "index expressions may use loop indices and integer constants only, not the parameter "
                            + v + " (Eq. (1): x[Q·I − d])", CODE_AFFINE);
                    ok = false;
                    structural = true;
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

    private void collectDeclarations() {
        Map<String, EObject> declared = new HashMap<>();
        for (Declaration d : model.getDeclarations()) {
            List<Variable> vs = d instanceof VarDecl vd ? vd.getVariables() : d instanceof ConstDecl cd ? List.of(cd) : List.of();
            for (Variable v : vs) {
                if (v.getName() == null) {
                    continue;
                }
                if (declared.put(v.getName(), v) != null) {
                    error(v, Literals.VARIABLE__NAME, -1, "variable " + v.getName() + " is declared twice", CODE_DUPLICATE);
                }
                VarInfo vi = info(v.getName());
                vi.variable = v;
                if (v instanceof ConstDecl cd) {
                    vi.constantValue = cd.getValue();
                }
            }
        }
    }

    private void classify() {
        for (VarInfo vi : vars.values()) {
            VarKind declared = vi.variable != null && vi.variable.eContainer() instanceof VarDecl vd ? vd.getKind() : null;
            if (vi.constantValue != null) {
                vi.varClass = VarClass.CONSTANT;
                for (Equation e : vi.definitions) {
                    error(e.getLhs(), Literals.ACCESS__VAR, -1, "constant " + vi.name + " cannot be defined (it is an input with a known value)", CODE_CLASS);
                }
                for (Access a : vi.uses) {
                    if (!a.getIndices().isEmpty()) {
                        error(a, Literals.ACCESS__VAR, -1, "constant " + vi.name + " is a scalar: write " + vi.name + "[]", CODE_DIMENSION);
                    }
                }
                continue;
            }
            boolean defined = !vi.definitions.isEmpty(), used = !vi.uses.isEmpty();
            vi.varClass = defined && used ? VarClass.INTERNAL : defined ? VarClass.OUTPUT : VarClass.INPUT;
            if (!defined && !used) {
                if (vi.variable != null) {
                    warning(vi.variable, Literals.VARIABLE__NAME, -1, "variable " + vi.name + " is declared but never used or defined", CODE_CLASS);
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
                    error(vi.variable, Literals.VARIABLE__NAME, -1, "variable " + vi.name + " is declared " + want
                            + " but classifies as " + vi.varClass.word + ": " + why + " (seed 003 §4)", CODE_CLASS);
                }
            }
            if (vi.varClass == VarClass.INTERNAL) {
                int n = indices.size();
                for (Equation e : vi.definitions) {
                    Indexing ix = indexing.get(e.getLhs());
                    if (ix != null && (!ix.isIdentity(n) || !ix.isZeroOffset())) {
                        error(e.getLhs(), Literals.ACCESS__VAR, -1, "internal variable " + vi.name + " must be defined uniformly as "
                                + vi.name + "[" + String.join(", ", indices) + "] (Q = identity, d = 0; seed 003 §4)", CODE_UNIFORM);
                        structural = true;
                    }
                }
                for (Access a : vi.uses) {
                    Indexing ix = indexing.get(a);
                    if (ix != null && !ix.isIdentity(n)) {
                        error(a, Literals.ACCESS__VAR, -1, "use of internal variable " + vi.name + " must be uniform, "
                                + vi.name + "[" + String.join(", ", indices.stream().map(i -> i + " - d").toList())
                                + "] with constant d (Q = identity; seed 003 §4)", CODE_UNIFORM);
                        structural = true;
                    }
                }
            }
        }
    }

    private Deadline deadline() {
        return Deadline.after(SET_LIMIT);
    }

    /**
     * Exact emptiness under the parameter context, memoised by the set's canonical form (IntegerSet equality: same
     * space and normalised constraints, so equal keys are equal sets; PLAs repeat their spaces).
     */
    private boolean empty(IntegerSet s) {
        Boolean known = emptyMemo.get(s);
        if (known == null) {
            known = s.intersectContext(contextSet).isEmpty(deadline());
            emptyMemo.put(s, known);
        }
        return known;
    }

    private final Map<IntegerSet, Boolean> emptyMemo = new HashMap<>();
    private final Map<List<Constraint>, IntegerSet> spaceMemo = new HashMap<>(); // equal conditions, one set
    private final Map<List<Object>, UnionSet> missingMemo = new HashMap<>();
    private final Map<List<Object>, Boolean> overlapMemo = new HashMap<>();

    private void checkEmptySpaces() {
        for (Equation e : equations) {
            if (empty(conditionSpaces.get(e))) {
                warning(e, e.getCondition() != null ? Literals.EQUATION__CONDITION : Literals.EQUATION__LHS, -1,
                        "the condition space of " + label(e) + " is empty for all parameter values: the equation never applies", CODE_EMPTY);
            }
        }
    }

    /** Seed 003 §4 single assignment: no two instances I ∈ 𝓘_a, I' ∈ 𝓘_b (I ≠ I' when a = b) define the same element. */
    private void checkSingleAssignment() {
        List<String> primed = indices.stream().map(i -> i + "'").toList();
        List<String> both = new ArrayList<>(indices);
        both.addAll(primed);
        Space pair = Space.of(both, params);
        Map<String, AffineExpr> prime = new HashMap<>();
        for (int k = 0; k < indices.size(); k++) {
            prime.put(indices.get(k), AffineExpr.var(primed.get(k)));
        }
        for (VarInfo vi : vars.values()) {
            if (vi.varClass != VarClass.OUTPUT && vi.varClass != VarClass.INTERNAL) {
                continue;
            }
            List<Equation> defs = vi.definitions;
            for (int a = 0; a < defs.size(); a++) {
                for (int b = a; b < defs.size(); b++) {
                    Equation ea = defs.get(a), eb = defs.get(b);
                    Indexing ia = indexing.get(ea.getLhs()), ib = indexing.get(eb.getLhs());
                    if (ia == null || ib == null) {
                        continue;
                    }
                    if (a != b && vi.varClass == VarClass.INTERNAL) {
                        IntegerSet both2 = conditionSpaces.get(ea).intersect(conditionSpaces.get(eb));
                        if (!empty(both2)) {
                            error(eb.getLhs(), Literals.ACCESS__VAR, -1, "single assignment violated: " + label(eb) + " and "
                                    + label(ea) + " both define " + vi.name + " for " + both2.intersectContext(contextSet)
                                    + " (condition spaces overlap)", CODE_SINGLE);
                        }
                        continue;
                    }
                    if (a == b && ia.q().length == indices.size() && isInjective(ia.q())) {
                        continue;
                    }
                    // the question depends only on the two spaces and indexings: decided once per distinct key
                    List<Object> key = List.of(conditionSpaces.get(ea), conditionSpaces.get(eb), a == b,
                            Arrays.deepToString(ia.q()), Arrays.toString(ia.d()), Arrays.deepToString(ib.q()), Arrays.toString(ib.d()));
                    Boolean known = overlapMemo.get(key);
                    if (known == null) {
                        known = overlap(pair, primed, prime, ea, eb, ia, ib, a == b);
                        overlapMemo.put(key, known);
                    }
                    if (known) {
                        error(eb.getLhs(), Literals.ACCESS__VAR, -1, "single assignment violated: " + (a == b
                                ? label(ea) + " defines some instance of " + vi.name + " in two different iterations"
                                : label(eb) + " and " + label(ea) + " both define some instance of " + vi.name), CODE_SINGLE);
                    }
                }
            }
        }
    }

    /** Some I ∈ 𝓘_a, I' ∈ 𝓘_b (I <lex I' when {@code same}) with Q_a I − d_a = Q_b I' − d_b. */
    private boolean overlap(Space pair, List<String> primed, Map<String, AffineExpr> prime, Equation ea, Equation eb,
            Indexing ia, Indexing ib, boolean same) {
        // pairs (I, I') with I ∈ 𝓘_a, I' ∈ 𝓘_b, Q_a I − d_a = Q_b I' − d_b
        List<Constraint> eq = new ArrayList<>();
        for (int r = 0; r < ia.d().length; r++) {
            AffineExpr l = AffineExpr.constant(-ia.d()[r]), rr = AffineExpr.constant(-ib.d()[r]);
            for (int c = 0; c < indices.size(); c++) {
                l = l.plus(AffineExpr.term(ia.q()[r][c], indices.get(c)));
                rr = rr.plus(AffineExpr.term(ib.q()[r][c], primed.get(c)));
            }
            eq.add(Constraint.eq(l, rr));
        }
        IntegerSet base = embed(conditionSpaces.get(ea), pair, Map.of())
                .intersect(embed(conditionSpaces.get(eb), pair, prime))
                .intersect(IntegerSet.of(pair, eq)).intersectContext(contextSet.preimage(pair, Map.of()));
        boolean overlap;
        if (!same) {
            overlap = !base.isEmpty(deadline());
        } else { // I <lex I': a union of n convex pieces
            overlap = false;
            for (int p = 0; p < indices.size() && !overlap; p++) {
                List<Constraint> lex = new ArrayList<>();
                for (int k = 0; k < p; k++) {
                    lex.add(Constraint.eq(AffineExpr.var(indices.get(k)), AffineExpr.var(primed.get(k))));
                }
                lex.add(Constraint.lt(AffineExpr.var(indices.get(p)), AffineExpr.var(primed.get(p))));
                overlap = !base.intersect(IntegerSet.of(pair, lex)).isEmpty(deadline());
            }
        }
        return overlap;
    }

    private static boolean isInjective(long[][] q) {
        // square and unimodular-like check: non-zero determinant suffices for injectivity on ℤ^n
        int n = q.length;
        double[][] m = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                m[r][c] = q[r][c];
            }
        }
        double det = 1;
        for (int c = 0; c < n; c++) {
            int p = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
                    p = r;
                }
            }
            if (Math.abs(m[p][c]) < 1e-9) {
                return false;
            }
            double[] t = m[p];
            m[p] = m[c];
            m[c] = t;
            det *= m[c][c];
            for (int r = c + 1; r < n; r++) {
                double f = m[r][c] / m[c][c];
                for (int k = c; k < n; k++) {
                    m[r][k] -= f * m[c][k];
                }
            }
        }
        return Math.abs(det) > 1e-9;
    }

    /** The set over {@code target}'s dims, renaming this set's dims by {@code rename} (identity when absent). */
    private static IntegerSet embed(IntegerSet s, Space target, Map<String, AffineExpr> rename) {
        Map<String, AffineExpr> m = new HashMap<>();
        for (String d : s.dims()) {
            m.put(d, rename.getOrDefault(d, AffineExpr.var(d)));
        }
        return s.preimage(target, m);
    }

    /** Seed 003 §4 internal variables: every used instance x[I − d], I ∈ 𝓘_i, is defined by some equation. */
    private void checkDefinedUses() {
        for (Equation e : equations) {
            if (e.getRhs() == null) {
                continue;
            }
            for (Operand o : e.getRhs().getArgs()) {
                if (!(o instanceof Access a)) {
                    continue;
                }
                VarInfo vi = vars.get(name(a));
                Indexing ix = indexing.get(a);
                if (vi == null || vi.varClass != VarClass.INTERNAL || ix == null) {
                    continue;
                }
                List<IntegerSet> defs = new ArrayList<>();
                for (Equation d : vi.definitions) {
                    defs.add(conditionSpaces.get(d));
                }
                // the answer depends only on 𝓘_e, d and the defining spaces: decided once per distinct key
                List<Object> key = List.of(conditionSpaces.get(e), Arrays.toString(ix.d()), defs);
                UnionSet missing = missingMemo.get(key);
                if (missing == null) {
                    IntegerSet needed = shifted(conditionSpaces.get(e), ix.d()).intersectContext(contextSet);
                    missing = needed.subtract(UnionSet.of(defs), deadline());
                    missingMemo.put(key, missing);
                }
                if (!missing.isEmpty()) {
                    Map<String, AffineExpr> back = new HashMap<>(); // report the reading iterations I, not I - d
                    for (int k = 0; k < indices.size(); k++) {
                        back.put(indices.get(k), AffineExpr.var(indices.get(k)).minus(k < ix.d().length ? ix.d()[k] : 0));
                    }
                    error(a, Literals.ACCESS__VAR, -1, label(e) + " uses instances of " + vi.name
                            + " that no equation defines: " + PlaNames.accessText(vi.name, indices, ix.d()) + " for "
                            + missing.preimage(space, back)
                            + " (seed 003 §4: every used instance of an internal variable must be defined)", CODE_UNDEFINED);
                }
            }
        }
    }

    /** {J | J + d ∈ S}: the instances I − d read from the iterations I of S. */
    private IntegerSet shifted(IntegerSet s, long[] d) {
        Map<String, AffineExpr> m = new HashMap<>();
        for (int k = 0; k < indices.size(); k++) {
            m.put(indices.get(k), AffineExpr.var(indices.get(k)).plus(k < d.length ? d[k] : 0));
        }
        return s.preimage(space, m);
    }

    /** A dependence cycle whose distances add up to 0 makes an instance depend on itself. */
    private void checkZeroCycles() {
        Map<Equation, Integer> id = new IdentityHashMap<>();
        for (Equation e : equations) {
            id.put(e, id.size());
        }
        List<Access> edgeUse = new ArrayList<>();
        List<long[]> edgeD = new ArrayList<>();
        List<Equation> edgeDef = new ArrayList<>();
        Digraph.Builder g = Digraph.builder(equations.size());
        for (Equation e : equations) {
            for (Operand o : e.getRhs().getArgs()) {
                if (!(o instanceof Access a)) {
                    continue;
                }
                VarInfo vi = vars.get(name(a));
                Indexing ix = indexing.get(a);
                if (vi == null || vi.varClass != VarClass.INTERNAL || ix == null) {
                    continue;
                }
                for (Equation def : vi.definitions) {
                    g.edge(id.get(def), id.get(e));
                    edgeUse.add(a);
                    edgeD.add(ix.d());
                    edgeDef.add(def);
                }
            }
        }
        Digraph dg = g.build();
        // circuits live inside cyclic strongly connected components: enumerate per component (linear for acyclic parts)
        tessera.core.graph.StronglyConnectedComponents scc = tessera.core.graph.StronglyConnectedComponents.of(dg);
        List<int[]> circuits = new ArrayList<>();
        for (int c = 0; c < scc.count() && circuits.size() < MAX_CIRCUITS; c++) {
            if (!scc.isCyclic(c)) {
                continue;
            }
            int[] members = scc.components().get(c);
            Map<Integer, Integer> local = new HashMap<>();
            for (int v : members) {
                local.put(v, local.size());
            }
            Digraph.Builder sub = Digraph.builder(members.length);
            List<Integer> subToEdge = new ArrayList<>();
            for (int v : members) {
                for (int edge : dg.outEdges(v)) {
                    Integer t = local.get(dg.target(edge));
                    if (t != null) {
                        sub.edge(local.get(v), t);
                        subToEdge.add(edge);
                    }
                }
            }
            for (int[] sc : ElementaryCircuits.enumerate(sub.build(), MAX_CIRCUITS - circuits.size()).circuits()) {
                int[] mapped = new int[sc.length];
                for (int k = 0; k < sc.length; k++) {
                    mapped[k] = subToEdge.get(sc[k]);
                }
                circuits.add(mapped);
            }
        }
        Set<Access> reported = new HashSet<>();
        for (int[] circuit : circuits) {
            long[] sum = new long[indices.size()];
            for (int edge : circuit) {
                long[] d = edgeD.get(edge);
                for (int k = 0; k < sum.length && k < d.length; k++) {
                    sum[k] += d[k];
                }
            }
            boolean zero = true;
            for (long s : sum) {
                zero &= s == 0;
            }
            if (zero) { // only edges whose definition is really read through the use count (exact feasibility)
                for (int edge : circuit) {
                    Equation user = equations.get(dg.target(edge));
                    IntegerSet reading = shifted(conditionSpaces.get(user), edgeD.get(edge));
                    zero &= !empty(reading.intersect(conditionSpaces.get(edgeDef.get(edge))));
                }
            }
            Access at = edgeUse.get(circuit[circuit.length - 1]);
            if (zero && reported.add(at)) {
                StringBuilder path = new StringBuilder();
                for (int edge : circuit) {
                    path.append(label(equations.get(dg.source(edge)))).append(" → ");
                }
                path.append(label(equations.get(dg.source(circuit[0]))));
                error(at, Literals.ACCESS__VAR, -1, "dependence cycle with zero total distance: " + path
                        + " (an instance would depend on itself)", CODE_CYCLE);
            }
        }
    }
}
