package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.ChoiceInput;
import tessera.dspace.runtime.Program.CodeInput;
import tessera.dspace.runtime.Program.IdLessInput;
import tessera.dspace.runtime.Program.Input;
import tessera.dspace.runtime.Program.Pattern;

/**
 * Seed 001a §3.5 step 4, stage 3 of the DSL compiler (telamon-gen's {@code flat_filter::merge}): rules with the same
 * target, binders and inputs after a canonical renaming of their binders form one propagator group.
 */
final class RuleGroups {
    private RuleGroups() {
    }

    /** A rule, its binder renaming ({@code ren[old] = new}) and its group key. */
    record Renamed(Rule rule, int[] ren, String key) {
    }

    /** The groups of {@code rules}, in order of first appearance, each in rule order. */
    static List<List<Renamed>> merge(List<Rule> rules) {
        Map<String, List<Renamed>> byKey = new LinkedHashMap<>();
        for (Rule r : rules) {
            Renamed n = renamed(r);
            byKey.computeIfAbsent(n.key(), x -> new ArrayList<>()).add(n);
        }
        return new ArrayList<>(byKey.values());
    }

    /**
     * Step 4's criterion: rules group when, after renaming binders (target arguments first, then in order of first
     * appearance in the inputs), they have the same target, binders and inputs. Returns the key and the renaming.
     */
    private static Renamed renamed(Rule r) {
        int n = r.binders().length;
        int[] ren = new int[n];
        java.util.Arrays.fill(ren, -1);
        int next = 0;
        for (int a : r.target().args()) {
            if (ren[a] < 0) {
                ren[a] = next++;
            }
        }
        for (Input in : r.inputs()) {
            for (int a : inputArgs(in)) {
                if (ren[a] < 0) {
                    ren[a] = next++;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (ren[i] < 0) {
                ren[i] = next++;
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(r.target().choice()).append(java.util.Arrays.toString(mapArgs(r.target().args(), ren)));
        Binder[] nb = new Binder[n];
        for (int i = 0; i < n; i++) {
            Binder b = r.binders()[i];
            nb[ren[i]] = new Binder(b.name(), b.set(), b.arg() < 0 ? -1 : ren[b.arg()]);
        }
        for (Binder b : nb) {
            sb.append(';').append(b.set()).append('/').append(b.arg());
        }
        for (Input in : r.inputs()) {
            sb.append(';').append(inputKey(rename(in, ren)));
        }
        // later stages only see renamed rules
        return new Renamed(r, ren, sb.toString());
    }

    private static int[] inputArgs(Input in) {
        return switch (in) {
            case ChoiceInput c -> c.p().args();
            case CodeInput c -> c.args();
            case IdLessInput c -> new int[] { c.a(), c.b() };
        };
    }

    static int[] mapArgs(int[] a, int[] ren) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = ren[a[i]];
        }
        return r;
    }

    static Input rename(Input in, int[] ren) {
        return switch (in) {
            case ChoiceInput c -> new ChoiceInput(new Pattern(c.p().choice(), mapArgs(c.p().args(), ren)), c.size());
            case CodeInput c -> new CodeInput(c.snippet(), mapArgs(c.args(), ren));
            case IdLessInput c -> new IdLessInput(ren[c.a()], ren[c.b()]);
        };
    }

    static Pattern rename(Pattern p, int[] ren) {
        return p == null ? null : new Pattern(p.choice(), mapArgs(p.args(), ren));
    }

    static String inputKey(Input in) {
        return switch (in) {
            case ChoiceInput c -> "C" + c.p().key();
            case CodeInput c -> "S" + c.snippet() + java.util.Arrays.toString(c.args());
            case IdLessInput c -> "L" + c.a() + "," + c.b();
        };
    }
}
