package tessera.telamon.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.space.Fixed;

/**
 * What the Telamon view shows, without SWT (seed 001 §4.5.1, Table 4.2): a kernel's GPU space, the candidate the user
 * restricts (decisions with propagation, undo/redo/reset; a decision that fails is reported with the violated
 * constraint and not kept), the order-domain matrix in the orientation asked for, the other choices, and the code
 * (control-flow tree, PTX, launch, thread nests) of the candidate once it is fixed or of the decision list beside the
 * kernel.
 */
public final class TelamonSession {
    public static final String ORDER = "order";
    /** The GPU space's choices besides order that a user decides (§4.3; quotient representatives and counters follow). */
    public static final List<String> OTHER_CHOICES = List.of("size", "dim_kind", "thread_mapping", "dim_mapping", "mem_space", "cache");

    /** A decision: keep {@code values} of {@code choice(objects)} (in the orientation of {@code objects}). */
    public record Decision(String choice, List<String> objects, List<String> values) {
        public Decision {
            objects = List.copyOf(objects);
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            return choice + "(" + String.join(", ", objects) + ") = " + String.join(" | ", values);
        }
    }

    /**
     * A decision and its outcome: the candidate after it (null when it failed), the values it and propagation removed
     * by choice instance, or why it failed (the violated constraint).
     */
    public record Step(Decision decision, Candidate after, Map<String, List<String>> removed, String failure) {
        public boolean failed() {
            return failure != null;
        }
    }

    /** An enum or integer choice instance other than order, with its current values. */
    public record Choice(String key, String choice, List<String> objects, List<String> values) {
        public boolean fixed() {
            return values.size() <= 1;
        }
    }

    /** The code of a fixed candidate, or why there is none. */
    public record Code(CodeGenerator.Output output, String source, String message) {
    }

    private final String file;
    private final Kernel kernel;
    private final Target target;
    private final Candidate root;
    private final Code listCode;
    private final Set<String> openAtRoot;
    private final List<Step> steps = new ArrayList<>();
    private int position;
    private Step last;
    private Step shown;
    private Set<String> changed = Set.of();
    private Candidate codeFor;
    private Code code;

    private TelamonSession(String file, Kernel kernel, Target target, Candidate root, Code listCode) {
        this.file = file;
        this.kernel = kernel;
        this.target = target;
        this.root = root;
        this.listCode = listCode;
        this.openAtRoot = new LinkedHashSet<>();
        for (int v : root.openVariables()) {
            openAtRoot.add(key(root, v));
        }
    }

    /**
     * Loads a kernel text with its settings through {@link TelamonPipeline}, and the decision list {@code decisionsText}
     * (null: none beside the kernel). Null with the problems in {@code diags} when the kernel has no space; a bad
     * decision list leaves the session without list code, its problems in {@link #listCode()}'s message.
     */
    public static TelamonSession load(String file, String kernelText, String decisionsFile, String decisionsText,
            TelamonPipeline.Settings settings, Diagnostics diags) {
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.run(file, kernelText, decisionsFile, decisionsText, settings, d);
        if (r.root() == null) {
            diags.addAll(d);
            return null;
        }
        Code list;
        if (decisionsText == null) {
            list = new Code(null, null, "no " + name(decisionsFile) + " beside the kernel");
        } else if (r.code() == null) {
            list = new Code(null, name(decisionsFile), problems(name(decisionsFile), d));
        } else {
            list = new Code(r.code(), name(decisionsFile), "");
        }
        return new TelamonSession(file, r.kernel(), Target.of(settings.target()), r.root(), list);
    }

    /** The first errors of {@code diags} as "what: file:line: message" lines. */
    public static String problems(String what, Diagnostics diags) {
        StringBuilder sb = new StringBuilder("No code for " + what + ":");
        int n = 0;
        for (Diagnostic d : diags) {
            if (d.isError() && n++ < 3) {
                sb.append("\n  ").append(name(d.file())).append(d.line() > 0 ? ":" + d.line() : "").append(": ").append(d.message());
            }
        }
        return sb.toString();
    }

    static String name(String path) {
        return path == null ? "" : path.substring(path.replace('\\', '/').lastIndexOf('/') + 1);
    }

    static String key(Candidate c, int v) {
        return c.choiceOf(v) + "(" + String.join(", ", c.argsOf(v)) + ")";
    }

    // ------------------------------------------------------------------ the candidate and its history

    public Candidate current() {
        return position == 0 ? root : steps.get(position - 1).after();
    }

    /**
     * Restricts {@code d.choice(d.objects)} to {@code d.values} and propagates on a copy of the current candidate. A
     * success becomes the current candidate (the redo tail is dropped); a failure is only reported.
     */
    public Step decide(Decision d) {
        Candidate before = current();
        Candidate c = before.copy();
        Step s;
        try {
            boolean ok = c.decide(d.choice(), d.objects(), d.values());
            s = ok ? new Step(d, c, diff(before, c), null) : new Step(d, null, Map.of(), c.failure());
        } catch (IllegalArgumentException e) {
            s = new Step(d, null, Map.of(), e.getMessage());
        }
        last = s;
        if (!s.failed()) {
            while (steps.size() > position) {
                steps.remove(steps.size() - 1);
            }
            steps.add(s);
            position++;
            shown = s;
            changed = s.removed().keySet();
        }
        return s;
    }

    public boolean canUndo() {
        return position > 0;
    }

    public boolean canRedo() {
        return position < steps.size();
    }

    public boolean undo() {
        return move(position - 1);
    }

    public boolean redo() {
        return move(position + 1);
    }

    /** Back to the root candidate; redo replays the decisions. */
    public boolean reset() {
        return move(0);
    }

    private boolean move(int to) {
        if (to < 0 || to > steps.size() || to == position) {
            return false;
        }
        Candidate before = current();
        position = to;
        changed = changedBetween(before, current());
        last = null;
        shown = null;
        return true;
    }

    /** The decisions applied, oldest first. */
    public List<Step> history() {
        return List.copyOf(steps.subList(0, position));
    }

    /** The last decision tried (null after undo, redo or reset), failed or not. */
    public Step last() {
        return last;
    }

    /** The decision that made the current candidate, when it was the last successful step (null after undo, redo, reset). */
    public Step lastApplied() {
        return shown;
    }

    /** Choice instances whose domain the last decision, undo, redo or reset changed. */
    public Set<String> changed() {
        return changed;
    }

    /**
     * Values of each choice instance of {@code a} that {@code b} no longer has (instances new in {@code b}: empty list);
     * the compiler's hidden choices are left out.
     */
    static Map<String, List<String>> diff(Candidate a, Candidate b) {
        Map<String, List<String>> before = domains(a);
        Map<String, List<String>> r = new LinkedHashMap<>();
        domains(b).forEach((k, vals) -> {
            List<String> old = before.get(k);
            if (old == null) {
                r.put(k, List.of());
            } else if (!old.equals(vals)) {
                List<String> gone = new ArrayList<>(old);
                gone.removeAll(vals);
                r.put(k, gone);
            }
        });
        return r;
    }

    private static Set<String> changedBetween(Candidate a, Candidate b) {
        Set<String> r = new LinkedHashSet<>(diff(a, b).keySet());
        r.addAll(diff(b, a).keySet());
        return r;
    }

    private static Map<String, List<String>> domains(Candidate c) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int v = 0; v < c.variableCount(); v++) {
            if (c.choiceInfo(v).kind() != Program.Kind.COUNTER && !c.choiceInfo(v).hidden()) {
                m.put(key(c, v), c.values(v));
            }
        }
        return m;
    }

    // ------------------------------------------------------------------ what the view shows

    /** The statements of the current candidate (dimensions, then instructions; lowerings may add some). */
    public List<String> statements() {
        return current().objectsOf("Statements", null);
    }

    /** Whether {@code s} is a dimension of the current candidate. */
    public boolean isDimension(String s) {
        return current().objectsOf("Dimensions", null).contains(s);
    }

    /**
     * The domain of {@code order(row, column)} read in that orientation (the space stores one orientation of each
     * pair: the other is inverted, BEFORE↔AFTER, IN↔OUT), or null when the pair is no choice instance (the diagonal).
     */
    public List<String> order(String row, String column) {
        Candidate c = current();
        int v = c.variable(ORDER, List.of(row, column));
        if (v >= 0) {
            return c.values(v);
        }
        int w = c.variable(ORDER, List.of(column, row));
        return w < 0 ? null : c.describe(w, c.choiceInfo(w).invert(c.domain(w)));
    }

    /** The key of the stored orientation of {@code order(row, column)} (for {@link #changed()}), or null. */
    public String orderKey(String row, String column) {
        Candidate c = current();
        int v = c.variable(ORDER, List.of(row, column));
        v = v >= 0 ? v : c.variable(ORDER, List.of(column, row));
        return v < 0 ? null : key(c, v);
    }

    /** All values of a choice (for the menus), in declaration order. */
    public List<String> universe(String choice, List<String> objects) {
        Candidate c = current();
        int v = c.variable(choice, objects);
        if (v < 0 && objects.size() == 2) {
            v = c.variable(choice, List.of(objects.get(1), objects.get(0)));
        }
        return v < 0 ? List.of() : c.describe(v, c.choiceInfo(v).all());
    }

    /**
     * The instances of {@link #OTHER_CHOICES} that were open at the root (or that lowerings added), with their current
     * values, in creation order.
     */
    public List<Choice> otherChoices() {
        Candidate c = current();
        List<Choice> r = new ArrayList<>();
        for (int v = 0; v < c.variableCount(); v++) {
            Program.ChoiceInfo ci = c.choiceInfo(v);
            String k = key(c, v);
            if (OTHER_CHOICES.contains(ci.name()) && !ci.hidden() && (openAtRoot.contains(k) || root.variable(ci.name(), c.argsOf(v)) < 0)) {
                r.add(new Choice(k, ci.name(), c.argsOf(v), c.values(v)));
            }
        }
        return r;
    }

    /** The number of open enum and integer choice instances of the current candidate. */
    public int openCount() {
        return current().openVariables().size();
    }

    /** The decisions applied, as a decision list ({@code NAME.decisions}: one {@code choice(objects)=VALUE|...} a line). */
    public String decisionList() {
        StringBuilder sb = new StringBuilder("# decisions made in the Telamon view on " + name(file) + "\n");
        for (Step s : history()) {
            Decision d = s.decision();
            sb.append(d.choice()).append('(').append(String.join(",", d.objects())).append(")=")
                    .append(String.join("|", d.values())).append('\n');
        }
        return sb.toString();
    }

    /**
     * The code shown: the current candidate's once it is fixed (generated on first request), else the decision list's.
     */
    public Code code() {
        Candidate c = current();
        if (!c.isFixed()) {
            String open = "the candidate of the Order matrix tab has " + c.openVariables().size() + " open choice instances";
            return listCode.output() != null ? new Code(listCode.output(), listCode.source(), open)
                    : new Code(null, null, "No code: " + open + " (fix them all to see its code), and " + listCode.message()
                            .replaceFirst("^No code for ", "there is no code for "));
        }
        if (codeFor != c) {
            codeFor = c;
            try {
                code = new Code(CodeGenerator.generate(Fixed.implementation(kernel, c), target), "the candidate fixed in the Order matrix tab", "");
            } catch (RuntimeException e) {
                code = new Code(null, null, "No code for the fixed candidate: " + e.getMessage());
            }
        }
        return code;
    }

    /** The code of the decision list beside the kernel, or why there is none. */
    public Code listCode() {
        return listCode;
    }

    public String file() {
        return file;
    }

    public Kernel kernel() {
        return kernel;
    }

    public Target target() {
        return target;
    }
}
