package tessera.modsched.rdg;

import java.util.ArrayList;
import java.util.List;

import tessera.core.poly.IntegerSet;
import tessera.core.poly.PolySet;
import tessera.core.poly.UnionSet;

/**
 * Seed 003 §5.2 mutual exclusion of operations (bitext's S1/S2 moves share one MRT cell): two operations whose
 * condition spaces are disjoint for every parameter value allowed by the parameter context never execute in the same
 * iteration. One piece of code for {@link RdgToLoop} (RDG nodes) and the TCPA symbolic scheduler (symbolic
 * configuration operations); both hold the same {@code tessera.core.poly} set texts.
 */
public final class Exclusivity {
    private Exclusivity() {
    }

    /** The parameter context as a set over no dimensions; null when blank. Throws a DiagnosticException on unreadable text. */
    public static IntegerSet context(PolySet parameterContext) {
        return parameterContext == null ? null : parameterContext.parameters();
    }

    /** A condition space; null when blank (the whole iteration space). Throws a DiagnosticException on unreadable text. */
    public static UnionSet space(PolySet conditionSpace) {
        return conditionSpace == null || conditionSpace.isBlank() ? null : conditionSpace.union();
    }

    /**
     * Index pairs (i, j), i &lt; j, of spaces that are disjoint for every parameter value of {@code context}
     * (null: no context). A null space covers everything and is exclusive with nothing.
     */
    public static List<int[]> disjointPairs(List<UnionSet> spaces, IntegerSet context) {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < spaces.size(); i++) {
            for (int j = i + 1; j < spaces.size(); j++) {
                if (spaces.get(i) == null || spaces.get(j) == null) {
                    continue;
                }
                UnionSet both = spaces.get(i).intersect(spaces.get(j));
                if (context == null ? both.isEmpty() : both.isEmptyUnder(context)) {
                    pairs.add(new int[] { i, j });
                }
            }
        }
        return pairs;
    }

    /** The exclusion matrix of condition space texts under a parameter context text (DiagnosticException on unreadable text). */
    public static boolean[][] matrix(List<PolySet> conditionSpaces, PolySet parameterContext) {
        List<UnionSet> spaces = conditionSpaces.stream().map(Exclusivity::space).toList();
        boolean[][] m = new boolean[spaces.size()][spaces.size()];
        for (int[] p : disjointPairs(spaces, context(parameterContext))) {
            m[p[0]][p[1]] = true;
            m[p[1]][p[0]] = true;
        }
        return m;
    }
}
