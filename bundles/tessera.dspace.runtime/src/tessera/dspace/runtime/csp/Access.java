package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Read access to a candidate's kernel for oracles and verifiers (sets, bindings over distinct objects, choice
 * instances, counter terms, snippet values). It exposes the instance, not the propagators.
 */
public final class Access {
    private Access() {
    }

    /** Every binding of {@code vars} to distinct objects (by variable name). */
    public static void forEachBinding(Candidate c, List<VarDecl> vars, Consumer<Map<String, Integer>> body) {
        Program.Binder[] bs = Lowerings.binders(c.prog, vars);
        int[] b = new int[bs.length];
        Arrays.fill(b, -1);
        Bindings.forEach(c.kernel, bs, b, bind -> {
            Map<String, Integer> m = new HashMap<>();
            for (int i = 0; i < bs.length; i++) {
                m.put(vars.get(i).name(), bind[i]);
            }
            body.accept(m);
        });
    }

    /** Objects of the set of {@code v} (parametric sets use the bound parameter). */
    public static List<Integer> members(Candidate c, VarDecl v, Map<String, Integer> b) {
        int set = c.prog.setId(v.set().set());
        Kernel.Members m = c.kernel.members(set, v.set().arg() == null ? -1 : b.get(v.set().arg()));
        List<Integer> r = new ArrayList<>();
        if (m != null) {
            for (int i = 0; i < m.size; i++) {
                r.add(m.items[i]);
            }
        }
        return r;
    }

    /** {variable, reversed?1:0} of a choice instance under a binding, or null when it does not exist. */
    public static int[] find(Candidate c, ChoiceInst ci, Map<String, Integer> b) {
        int[] a = new int[ci.args().size()];
        for (int i = 0; i < a.length; i++) {
            Integer o = b.get(ci.args().get(i));
            if (o == null) {
                return null;
            }
            a[i] = o;
        }
        int f = Candidate.find(c.kernel, c.prog.choice(ci.choice()), a);
        return f < 0 ? null : new int[] { f >> 1, f & 1 };
    }

    /** Terms of a counter variable: {δ variable or -1, value variable or -1, index}. */
    public static List<int[]> terms(Candidate c, int cv) {
        List<int[]> r = new ArrayList<>();
        for (int t = 0; t < c.kernel.termDelta[cv].length; t++) {
            r.add(new int[] { c.kernel.termDelta[cv][t], c.kernel.termVar[cv][t], t });
        }
        return r;
    }

    /**
     * Per counter variable of {@code c} (null for the others), its terms as {δ variable or -1, value variable or -1,
     * constant}, sorted; with {@code rebuilt}, those init's full enumeration gives on a copy of the candidate's
     * kernel, the oracle of partial_init's incremental terms (which appends a lowering's new bindings).
     */
    public static List<List<long[]>> sortedTerms(Candidate c, boolean rebuilt) {
        Kernel k = c.kernel;
        if (rebuilt) {
            k = k.copy();
            c.engine.buildVars(k, null);
        }
        List<List<long[]>> r = new ArrayList<>();
        for (int v = 0; v < k.nvars; v++) {
            if (c.engine.counterArray[k.varChoice[v]] == null) {
                r.add(null);
                continue;
            }
            List<long[]> ts = new ArrayList<>();
            for (int t = 0; t < k.termDelta[v].length; t++) {
                ts.add(new long[] { k.termDelta[v][t], k.termVar[v][t], k.termConst[v][t] });
            }
            ts.sort(Arrays::compare);
            r.add(ts);
        }
        return r;
    }

    /**
     * Per variable of {@code c}, the counter variables whose terms read it, ascending (what propagation recomputes when
     * it changes); with {@code rebuilt}, those of init's full enumeration on a copy of the candidate's kernel.
     */
    public static List<int[]> counterDeps(Candidate c, boolean rebuilt) {
        Kernel k = c.kernel;
        if (rebuilt) {
            k = k.copy();
            c.engine.buildVars(k, null);
        }
        List<int[]> r = new ArrayList<>();
        for (int v = 0; v < k.nvars; v++) {
            r.add(k.counterDeps[v] == null ? new int[0] : k.counterDeps[v].clone());
        }
        return r;
    }

    public static long termConst(Candidate c, int cv, int t) {
        return c.kernel.termConst[cv][t];
    }

    public static long counterBase(Candidate c, int cv) {
        return c.kernel.counterBase[cv];
    }

    /**
     * {instance, value} of variable {@code v} taking its value {@code i} (enum index or universe position), named so
     * that kernels numbering objects differently agree: (anti)symmetric instances list their objects in name order,
     * with the value inverted when that swaps them.
     */
    public static String[] named(Candidate c, int v, int i) {
        Program.ChoiceInfo ci = c.choiceInfo(v);
        List<String> args = c.argsOf(v);
        if (ci.symmetricStorage() && args.get(0).compareTo(args.get(1)) > 0) {
            args = List.of(args.get(1), args.get(0));
            if (ci.symmetry() == tessera.dspace.runtime.ir.ChoiceDecl.Symmetry.ANTISYMMETRIC) {
                i = ci.inverse()[i];
            }
        }
        return new String[] { ci.name() + "(" + String.join(", ", args) + ")", c.describe(v, 1L << i).get(0) };
    }

    private static int[] objs(List<String> vars, Map<String, Integer> b) {
        int[] o = new int[vars.size()];
        for (int i = 0; i < o.length; i++) {
            o[i] = b.get(vars.get(i));
        }
        return o;
    }

    public static boolean bool(Candidate c, String snippet, List<String> vars, Map<String, Integer> b) {
        return c.engine.bool(snippet, objs(vars, b), c.kernel);
    }

    public static Object value(Candidate c, String snippet, List<String> vars, Map<String, Integer> b) {
        return c.engine.value(snippet, objs(vars, b), c.kernel);
    }
}
