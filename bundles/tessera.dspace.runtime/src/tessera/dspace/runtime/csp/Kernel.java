package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.Program.ChoiceInfo;

/**
 * Seed 001a Def 3.2 + §3.6: the kernel representation as the runtime sees it (objects per set, per set parameter)
 * and the table from choice instances to decision-vector positions. Copied on write: only a lowering (trigger or a
 * new quotient member) copies it, a plain branch shares it.
 */
final class Kernel {
    /** A growable list of objects with a membership bit-set. */
    static final class Members {
        int[] items = new int[4];
        int size;
        final BitSet bits = new BitSet();

        boolean add(int o) {
            if (bits.get(o)) {
                return false;
            }
            bits.set(o);
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = o;
            return true;
        }

        Members copy() {
            Members m = new Members();
            m.items = items.clone();
            m.size = size;
            m.bits.or(bits);
            return m;
        }
    }

    final List<String> objects = new ArrayList<>();
    final Map<String, Integer> objectIds = new HashMap<>();
    /** [set] → members for plain sets; [set] → param object → members for parametric sets. */
    Members[] plain;
    List<Map<Integer, Members>> param;
    /**
     * Per choice: packed argument key → variable. A copy shares the maps with the kernel it came from, and each
     * copies a map before its first new variable of that choice ({@link #varIndexOwn}).
     */
    List<LongIntMap> varIndex = new ArrayList<>();
    /** Per choice: whether its {@link #varIndex} map is this kernel's own (written in place); null: none is. */
    private boolean[] varIndexOwn;
    /**
     * Per choice, its instances by object index ({@link #indexDense}) as {@link Candidate#find} returns them
     * ({@code var << 1 | reversed}, -1 for none); null: no instance; {@link #HASHED}: look in {@link #varIndex}.
     * Propagation's lookup without hashing, rebuilt after a lowering adds variables; a copy shares its arrays with the
     * kernel it came from, and writes its own copy of one ({@link #denseOwn}).
     */
    int[][] dense;
    /** Per choice: whether {@link #dense}'s array is this kernel's own (written in place); null: none is. */
    private boolean[] denseOwn;
    /** Per choice of three arguments: the end of the used part of its {@link #dense} array (rows grow by doubling). */
    private int[] denseEnd;
    int stride;
    int nvars;
    /** The counter variables, ascending ({@link Engine#buildVars} appends them): the only ones with terms. */
    int[] counterVars = new int[16];
    int ncounterVars;
    int[] varChoice = new int[16];
    int[][] varArgs = new int[16][];
    long[][] universe = new long[16][];
    /** Counter terms per counter variable: δ variable (or -1), value variable (or -1), constant value. */
    int[][] termDelta = new int[16][];
    int[][] termVar = new int[16][];
    long[][] termConst = new long[16][];
    long[] counterBase = new long[16];
    /** Counter variable → the binding (all counter binders) of each term, for oracles. */
    Map<Integer, List<int[]>> termBind = new HashMap<>();
    /** Variable → counter variables whose value depends on it, ascending (null: none). */
    int[][] counterDeps = new int[16][];
    /** Snippet values added by lowerings: snippet → object key → value. */
    Map<String, Map<String, Object>> extraValues = new HashMap<>();
    /**
     * Snippet values of this kernel that differ from the initial kernel's or may ({@link Snippets}: objects a lowering
     * added, or snippets a lowering gave values on initial objects): snippet id → packed objects ({@link #key}) →
     * value. A copy starts empty; a lowering drops the values of the snippets it gives values ({@link Snippets#given}).
     * Concurrent, as candidates sharing this kernel may propagate on several threads (the search's expansion).
     */
    Map<Integer, Map<Long, Object>> snippets = new java.util.concurrent.ConcurrentHashMap<>();
    /** Snippets a lowering gave a value on objects of the initial kernel only ({@link Snippets#given}). */
    java.util.Set<String> initialValued = new java.util.HashSet<>();

    int object(String name) {
        Integer id = objectIds.get(name);
        if (id == null) {
            id = objects.size();
            objects.add(name);
            objectIds.put(name, id);
        }
        return id;
    }

    Members members(int set, int paramObj) {
        if (paramObj < 0) {
            return plain[set];
        }
        return param.get(set).get(paramObj);
    }

    /**
     * The most choice instances (variables) one instance of a space may make ({@value}; issue 22, documented
     * maximum): more is the instance diagnostic "too many choice instances", not an out-of-memory error.
     */
    public static final int MAX_VARIABLES = 2_000_000;

    int newVar(int choice, int[] args) {
        if (nvars >= MAX_VARIABLES) {
            throw new Engine.InstanceError("the instance makes more than " + MAX_VARIABLES + " choice instances",
                    "use fewer objects (a choice of 3 arguments over N objects makes N^3 instances)");
        }
        if (nvars == varChoice.length) {
            int n = nvars * 2;
            varChoice = Arrays.copyOf(varChoice, n);
            varArgs = Arrays.copyOf(varArgs, n);
            universe = Arrays.copyOf(universe, n);
            termDelta = Arrays.copyOf(termDelta, n);
            termVar = Arrays.copyOf(termVar, n);
            termConst = Arrays.copyOf(termConst, n);
            counterBase = Arrays.copyOf(counterBase, n);
            counterDeps = Arrays.copyOf(counterDeps, n);
        }
        varChoice[nvars] = choice;
        varArgs[nvars] = args;
        if (varIndexOwn == null || varIndexOwn.length < varIndex.size()) {
            varIndexOwn = varIndexOwn == null ? new boolean[varIndex.size()] : Arrays.copyOf(varIndexOwn, varIndex.size());
        }
        if (!varIndexOwn[choice]) {
            varIndex.set(choice, varIndex.get(choice).copy());
            varIndexOwn[choice] = true;
        }
        varIndex.get(choice).put(key(args), nvars);
        return nvars++;
    }

    static long key(int[] args) {
        long k = 0;
        for (int i = 0; i < args.length; i++) {
            k |= ((long) args[i]) << (21 * i);
        }
        return k;
    }

    /** {@link #dense}'s mark of a choice looked up by hash ({@link #varIndex}): too many objects for an array. */
    static final int[] HASHED = new int[0];
    /** The most entries of one choice's dense array (4 MiB); a larger one is {@link #HASHED}. */
    static final int MAX_DENSE = 1 << 20;

    /**
     * Brings {@link #dense} up to date with the variables from {@code from} on (0: all). One argument: entry
     * {@code a}; two: {@code a * stride + b}; three: entry {@code a * stride + b} gives the offset of a row of
     * {@code stride} entries, one per third object, appended to the same array for the pairs that have instances.
     * A new stride (more objects than it holds) rebuilds every array; otherwise only the arrays of choices that gained
     * a variable are extended, copied first where a copied kernel still shares them with the kernel it came from.
     */
    void indexDense(ChoiceInfo[] choices, int from) {
        int nchoices = choices.length;
        int n = objects.size();
        if (dense == null || n > stride || dense.length != nchoices) {
            stride = n + 8; // room for a lowering's few new objects without a rebuild
            dense = new int[nchoices][];
            denseOwn = new boolean[nchoices];
            denseEnd = new int[nchoices];
            from = 0;
        } else if (denseOwn == null) {
            denseOwn = new boolean[nchoices];
        }
        int s = stride;
        for (int v = from; v < nvars; v++) {
            int ch = varChoice[v];
            int[] d = dense[ch];
            if (d == HASHED) {
                continue;
            }
            if (!denseOwn[ch]) {
                int arity = choices[ch].arity();
                long size = arity == 0 ? 1 : arity == 1 ? s : (long) s * s;
                if (d == null && size <= MAX_DENSE) {
                    denseEnd[ch] = (int) size;
                }
                d = size > MAX_DENSE ? HASHED : d == null ? fill(new int[(int) size], 0) : d.clone();
                dense[ch] = d;
                denseOwn[ch] = true;
                if (d == HASHED) {
                    continue;
                }
            }
            int[] a = varArgs[v];
            switch (a.length) {
                case 0 -> d[0] = v << 1;
                case 1 -> d[a[0]] = v << 1;
                case 2 -> {
                    d[a[0] * s + a[1]] = v << 1;
                    if (choices[ch].symmetricStorage()) {
                        d[a[1] * s + a[0]] = v << 1 | 1; // stored once, lower object first: the other is reversed
                    }
                }
                default -> {
                    int pair = a[0] * s + a[1];
                    if (d[pair] < 0) {
                        int end = denseEnd[ch];
                        if (end + s > MAX_DENSE) {
                            dense[ch] = HASHED;
                            continue;
                        }
                        if (end + s > d.length) {
                            d = fill(Arrays.copyOf(d, Math.min(MAX_DENSE, Math.max(end + s, 2 * d.length))), d.length);
                            dense[ch] = d;
                        }
                        d[pair] = end;
                        denseEnd[ch] = end + s;
                    }
                    d[d[pair] + a[2]] = v << 1;
                }
            }
        }
    }

    private static int[] fill(int[] d, int from) {
        Arrays.fill(d, from, d.length, -1);
        return d;
    }

    Kernel copy() {
        Kernel k = new Kernel();
        k.objects.addAll(objects);
        k.objectIds.putAll(objectIds);
        k.plain = new Members[plain.length];
        for (int i = 0; i < plain.length; i++) {
            k.plain[i] = plain[i] == null ? null : plain[i].copy();
        }
        k.param = new ArrayList<>();
        for (Map<Integer, Members> m : param) {
            Map<Integer, Members> c = new HashMap<>();
            if (m != null) {
                m.forEach((o, mem) -> c.put(o, mem.copy()));
            }
            k.param.add(m == null ? null : c);
        }
        k.varIndex.addAll(varIndex); // shared: neither kernel writes a map before copying it
        varIndexOwn = null;
        k.dense = dense == null ? null : dense.clone();
        k.denseEnd = denseEnd == null ? null : denseEnd.clone(); // denseOwn stays null: the arrays are this kernel's
        k.stride = stride;
        k.nvars = nvars;
        k.counterVars = counterVars.clone();
        k.ncounterVars = ncounterVars;
        k.varChoice = varChoice.clone();
        k.varArgs = varArgs.clone();
        k.universe = universe.clone();
        k.termDelta = termDelta.clone();
        k.termVar = termVar.clone();
        k.termConst = termConst.clone();
        k.counterBase = counterBase.clone();
        k.counterDeps = counterDeps.clone();
        k.termBind = new HashMap<>(termBind);
        k.initialValued = new java.util.HashSet<>(initialValued);
        k.extraValues = new HashMap<>();
        extraValues.forEach((s, m) -> k.extraValues.put(s, new HashMap<>(m)));
        return k;
    }
}
