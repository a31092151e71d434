package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.Op;
import tessera.dspace.runtime.ir.SetDecl;
import tessera.dspace.runtime.ir.Space;

/**
 * Seed 001a §3.5: the compiled form of a decision space, i.e. the IR that {@link JavaGenerator} prints as Java and
 * {@link tessera.dspace.runtime.csp.Engine} interprets: propagator groups, each a truth table over its enum inputs
 * emitted as an if-tree, plus counters, triggers and quotients. Kernel-independent and immutable.
 */
public final class Program {
    public enum Kind { ENUM, INTEGER, COUNTER }

    /** A generic choice after compilation. */
    public record ChoiceInfo(int id, String name, Kind kind, int arity, int[] paramSets, int[] paramArg,
            int nvalues, List<String> values, ChoiceDecl.Symmetry symmetry, int[] inverse, ChoiceDecl decl,
            boolean hidden, long[] inverted) {
        /** The most values of an antisymmetric enum whose inverses are tabulated (2^n masks). */
        static final int TABULATED = 10;

        public ChoiceInfo(int id, String name, Kind kind, int arity, int[] paramSets, int[] paramArg, int nvalues,
                List<String> values, ChoiceDecl.Symmetry symmetry, int[] inverse, ChoiceDecl decl, boolean hidden) {
            this(id, name, kind, arity, paramSets, paramArg, nvalues, values, symmetry, inverse, decl, hidden,
                    symmetry == ChoiceDecl.Symmetry.ANTISYMMETRIC && nvalues <= TABULATED ? table(inverse, nvalues) : null);
        }

        /** {@link #invert} of every mask of {@code n} values (propagation inverts on every read of a reversed pair). */
        private static long[] table(int[] inverse, int n) {
            long[] t = new long[1 << n];
            for (int m = 1; m < t.length; m++) {
                int low = Integer.numberOfTrailingZeros(m);
                t[m] = t[m & (m - 1)] | 1L << inverse[low];
            }
            return t;
        }

        public long all() {
            return nvalues >= 64 ? -1L : (1L << nvalues) - 1;
        }

        public boolean symmetricStorage() {
            return arity == 2 && symmetry != ChoiceDecl.Symmetry.NONE;
        }

        public long invert(long mask) {
            if (symmetry != ChoiceDecl.Symmetry.ANTISYMMETRIC) {
                return mask;
            }
            if (inverted != null && mask >>> nvalues == 0) {
                return inverted[(int) mask];
            }
            long r = 0;
            for (long m = mask; m != 0; m &= m - 1) {
                r |= 1L << inverse[Long.numberOfTrailingZeros(m)];
            }
            return r;
        }
    }

    /** A variable of a propagator: {@code $name in set(arg)}; {@code arg} is the binder of the set parameter or -1. */
    public record Binder(String name, int set, int arg) {
    }

    /** A choice applied to binders. */
    public record Pattern(int choice, int[] args) {
        public String key() {
            return choice + java.util.Arrays.toString(args);
        }
    }

    /** An input of a truth table: an enum choice instance, or a kernel-constant boolean (snippet or object order). */
    public sealed interface Input {
        int size();
    }

    public record ChoiceInput(Pattern p, int size) implements Input {
    }

    /** A boolean snippet over binders; value 0 = FALSE, 1 = TRUE. */
    public record CodeInput(String snippet, int[] args) implements Input {
        @Override
        public int size() {
            return 2;
        }
    }

    /** Built-in: index(binder a) < index(binder b); value 0 = FALSE, 1 = TRUE. */
    public record IdLessInput(int a, int b) implements Input {
        @Override
        public int size() {
            return 2;
        }
    }

    /** A numeric literal {@code lhs op rhs} or {@code lhs op "snippet"} (integer and counter choices). */
    public record NumLit(Pattern lhs, Op op, Pattern rhs, String snippet, int[] snippetArgs) {
    }

    /**
     * What a rule concludes in one cell when its numeric guards are entailed false: the target lies in {@code mask}
     * (enum targets) or satisfies one of the numeric literals {@code concl} (integer and counter targets; the
     * target is the left side when {@code targetLeft} is set).
     */
    public record Entry(int[] guards, long mask, int[] concl, boolean[] targetLeft) {
    }

    /** One truth-table cell: {@code base} ∩ every applicable guarded entry. */
    public record Cell(long base, List<Entry> entries) {
        String key() {
            StringBuilder sb = new StringBuilder(Long.toString(base));
            for (Entry e : entries) {
                sb.append('|').append(java.util.Arrays.toString(e.guards())).append(e.mask())
                        .append(java.util.Arrays.toString(e.concl())).append(java.util.Arrays.toString(e.targetLeft()));
            }
            return sb.toString();
        }
    }

    /** The if-tree of a truth table (seed 001a §3.5 step 6). */
    public sealed interface Node {
    }

    public record Leaf(Cell cell) implements Node {
    }

    /** Branches on input {@code input}; child i applies when the input's domain meets {@code masks[i]}. */
    public record Split(int input, long[] masks, Node[] children) implements Node {
    }

    /**
     * A group of propagators restricting the same choice with the same inputs (seed 001a §3.5 steps 4–6). The table
     * has one cell per combination of input values (mixed radix, input 0 fastest).
     */
    public record Group(int id, String origin, Binder[] binders, Pattern target, Input[] inputs, NumLit[] numLits,
            Cell[] table, Node tree, int rules) {
    }

    /** A counter choice: terms over {@code iterBinders} (after the counter's own parameters). */
    public record CounterInfo(int choice, ChoiceDecl.CounterKind kind, ChoiceDecl.Visibility visibility,
            String base, int[] baseArgs, Binder[] binders, int params, String valueCode, int[] valueCodeArgs, Pattern valueChoice,
            Pattern delta) {
    }

    public final Space space;
    public final List<String> setNames = new ArrayList<>();
    public final Map<String, Integer> setIds = new HashMap<>();
    public final List<SetDecl> setDecls = new ArrayList<>();
    public final List<ChoiceInfo> choices = new ArrayList<>();
    public final Map<String, ChoiceInfo> choiceByName = new HashMap<>();
    public final List<Group> groups = new ArrayList<>();
    /** Per group (by id): {@link #absorbing(Group, List)}. */
    public final List<long[]> absorbing = new ArrayList<>();
    /** Per group (by id): {@link #cutInputs(Group)}. */
    public final List<int[][]> cutInputs = new ArrayList<>();
    /** Per group (by id): {@link #domainTable(Group, List)} or null. */
    public final List<long[]> domainTables = new ArrayList<>();
    /** Per group (by id): its domain table when it reads choices only, {@link #choiceTable}; else null. */
    public final List<long[]> choiceTables = new ArrayList<>();
    /** Constraints over kernel constants only: must hold on the instance itself (else the space is empty). */
    public final List<KernelCheck> kernelChecks = new ArrayList<>();

    /** A disjunction of {@code inputs[i] ∈ masks[i]} over kernel constants only. */
    public record KernelCheck(String origin, Binder[] binders, List<Input> inputs, List<Long> masks) {
    }
    public final Map<Integer, CounterInfo> counters = new HashMap<>();
    /** For each choice, the (group, pattern) pairs that must run when an instance of the choice changes. */
    public final List<List<Watch>> watchers = new ArrayList<>();

    /**
     * Group {@code group} must run for every binding that maps {@code pattern} onto the changed instance.
     * {@code splitMasks} are the masks of the group's if-tree splits on {@code pattern} when it is only an enum input
     * of the group (null otherwise): a change of the instance that leaves every mask's intersection with the domain
     * empty or non-empty as it was reaches the same leaves, so the group's result cannot change.
     */
    public record Watch(Group group, Pattern pattern, long[] splitMasks) {
        /** Whether a change of the watched instance from {@code before} to {@code after} may change the result. */
        public boolean matters(long before, long after) {
            if (splitMasks == null) {
                return true;
            }
            for (long m : splitMasks) {
                if ((m & before) != 0 && (m & after) == 0) {
                    return true;
                }
            }
            return false;
        }
    }

    Program(Space space) {
        this.space = space;
    }

    /** The leaves of a group's if-tree in depth-first order (the numbering generated code uses). */
    public static List<Leaf> leaves(Group g) {
        List<Leaf> r = new ArrayList<>();
        collect(g.tree(), r);
        return r;
    }

    private static void collect(Node n, List<Leaf> r) {
        if (n instanceof Leaf l) {
            r.add(l);
        } else if (n instanceof Split s) {
            for (Node c : s.children()) {
                collect(c, r);
            }
        }
    }

    public ChoiceInfo choice(String name) {
        return choiceByName.get(name);
    }

    public int setId(String name) {
        Integer i = setIds.get(name);
        return i == null ? -1 : i;
    }

    /**
     * Per input of {@code g}, the values at which every cell of its table leaves the target free (an enum cell of all
     * values without guarded entries, an integer cell without entries; none for counter targets). The result of a
     * run is the union of the cells its input domains meet, so a run with an input domain that meets its absorbing
     * values allows everything and changes nothing: propagation skips it (the same fixpoint, fewer runs).
     */
    public static long[] absorbing(Group g, List<ChoiceInfo> choices) {
        Kind k = choices.get(g.target().choice()).kind();
        long all = k == Kind.ENUM ? choices.get(g.target().choice()).all() : -1L;
        int m = g.inputs().length;
        long[] free = new long[m];
        for (int i = 0; i < m; i++) {
            free[i] = k == Kind.COUNTER ? 0 : g.inputs()[i].size() == 64 ? -1L : (1L << g.inputs()[i].size()) - 1;
        }
        for (int c = 0; c < g.table().length && k != Kind.COUNTER; c++) {
            Cell cell = g.table()[c];
            if (cell.entries().isEmpty() && (k != Kind.ENUM || (cell.base() & all) == all)) {
                continue;
            }
            int rem = c;
            for (int i = 0; i < m; i++) { // mixed radix, input 0 fastest (TruthTable)
                free[i] &= ~(1L << (rem % g.inputs()[i].size()));
                rem /= g.inputs()[i].size();
            }
        }
        return free;
    }

    /**
     * The choice inputs propagation's cut tests once binder {@code pos} is bound: entry {@code pos + 1} lists those
     * whose pattern names binder {@code pos}, entry 0 every choice input (a binding bound all at once). An input
     * without absorbing values whose instance exists for every binding ({@link #alwaysExists}) cannot cut, and is left
     * out (the triangle rules of an order: no value of one of their inputs leaves the target free).
     */
    public static int[][] cutInputs(Group g, long[] absorbing, List<ChoiceInfo> choices) {
        int[][] r = new int[g.binders().length + 1][];
        for (int at = -1; at < g.binders().length; at++) {
            int pos = at;
            List<Integer> l = new ArrayList<>();
            for (int i = 0; i < g.inputs().length; i++) {
                if (g.inputs()[i] instanceof ChoiceInput ci
                        && (pos < 0 || java.util.Arrays.stream(ci.p().args()).anyMatch(a -> a == pos))
                        && (absorbing[i] != 0 || !alwaysExists(g, ci.p(), choices))) {
                    l.add(i);
                }
            }
            r[pos + 1] = l.stream().mapToInt(Integer::intValue).toArray();
        }
        return r;
    }

    /**
     * Whether pattern {@code p} names an instance for every binding of {@code g}'s binders: each argument's binder
     * ranges over the choice's own (plain) parameter set. Bindings are of distinct objects, as instances are.
     */
    static boolean alwaysExists(Group g, Pattern p, List<ChoiceInfo> choices) {
        ChoiceInfo c = choices.get(p.choice());
        for (int j = 0; j < p.args().length; j++) {
            Binder b = g.binders()[p.args()[j]];
            if (b.arg() >= 0 || c.paramArg()[j] >= 0 || b.set() != c.paramSets()[j]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The domain table of a group whose inputs are all choices and which has no numeric literal (its runs read the
     * decision vector only, as the triangle rules of an order do), or null.
     */
    public static long[] choiceTable(Group g, long[] domainTable) {
        if (domainTable == null || g.numLits().length > 0) {
            return null;
        }
        for (Input in : g.inputs()) {
            if (!(in instanceof ChoiceInput)) {
                return null;
            }
        }
        return domainTable;
    }

    /**
     * The most input values, all inputs together, for which a group gets a {@link #domainTable} (2^15 entries, 256 KiB:
     * three inputs of a five-valued order, the triangle rules).
     */
    public static final int DOMAIN_TABLE_BITS = 15;

    /**
     * For an enum target whose cells have no guarded entries and whose inputs have at most {@value #DOMAIN_TABLE_BITS}
     * values together: the if-tree's result for every combination of input domains, indexed by the domains side by
     * side (input 0 in the lowest bits), so a run reads one entry instead of walking the tree; null otherwise. The
     * entry is the union of the cells the domains meet, which is what the tree computes.
     */
    public static long[] domainTable(Group g, List<ChoiceInfo> choices) {
        if (choices.get(g.target().choice()).kind() != Kind.ENUM) {
            return null;
        }
        int bits = 0;
        for (Input in : g.inputs()) {
            bits += in.size();
        }
        if (bits > DOMAIN_TABLE_BITS) {
            return null;
        }
        long[] cellBits = new long[g.table().length];
        for (int c = 0; c < g.table().length; c++) {
            if (!g.table()[c].entries().isEmpty()) {
                return null;
            }
            int rem = c, off = 0;
            for (Input in : g.inputs()) { // mixed radix, input 0 fastest (TruthTable)
                cellBits[c] |= 1L << (off + rem % in.size());
                rem /= in.size();
                off += in.size();
            }
        }
        long[] t = new long[1 << bits];
        for (int idx = 0; idx < t.length; idx++) {
            for (int c = 0; c < cellBits.length; c++) {
                if ((cellBits[c] & ~idx) == 0) {
                    t[idx] |= g.table()[c].base();
                }
            }
        }
        return t;
    }

    /** The masks of {@code g}'s if-tree splits on input pattern {@code p} (see {@link Watch}), or null. */
    public static long[] splitMasks(Group g, Pattern p, List<ChoiceInfo> choices) {
        if (choices.get(p.choice()).kind() != Kind.ENUM || same(g.target(), p)) {
            return null;
        }
        for (NumLit n : g.numLits()) {
            if (same(n.lhs(), p) || n.rhs() != null && same(n.rhs(), p)) {
                return null;
            }
        }
        java.util.Set<Integer> inputs = new java.util.HashSet<>();
        for (int i = 0; i < g.inputs().length; i++) {
            if (g.inputs()[i] instanceof ChoiceInput c && same(c.p(), p)) {
                inputs.add(i);
            }
        }
        java.util.Set<Long> masks = new java.util.LinkedHashSet<>();
        splits(g.tree(), inputs, masks);
        return masks.stream().mapToLong(Long::longValue).toArray();
    }

    private static void splits(Node n, java.util.Set<Integer> inputs, java.util.Set<Long> masks) {
        if (n instanceof Split s) {
            if (inputs.contains(s.input())) {
                for (long m : s.masks()) {
                    masks.add(m);
                }
            }
            for (Node c : s.children()) {
                splits(c, inputs, masks);
            }
        }
    }

    private static boolean same(Pattern a, Pattern b) {
        return a.choice() == b.choice() && java.util.Arrays.equals(a.args(), b.args());
    }

    /** The patterns of group {@code g} that watch changes: index -1 is the target, others index inputs/num-literals. */
    public static List<Pattern> watchedPatterns(Group g, List<ChoiceInfo> choices) {
        List<Pattern> r = new ArrayList<>();
        for (Input in : g.inputs()) {
            if (in instanceof ChoiceInput c) {
                r.add(c.p());
            }
        }
        for (NumLit n : g.numLits()) {
            r.add(n.lhs());
            if (n.rhs() != null) {
                r.add(n.rhs());
            }
        }
        if (choices.get(g.target().choice()).kind() == Kind.COUNTER) {
            r.add(g.target()); // counter targets re-run when the counter's bounds move
        }
        return r;
    }
}
