package tessera.telamon.search;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §6.1 (digest 001b §2.5): choices are instantiated in a fixed global order by choice group — memory layout,
 * size, dim_kind, thread_mapping, (point-to-point) dim_mapping, mem_space, order, cache — and within a group in the
 * order the space creates its instances. Variables that propagation leaves open after every group (representative
 * flags, counter conditions) come last, in creation order.
 */
public final class ChoiceOrder {
    public static final List<String> GROUPS = List.of("size", "dim_kind", "thread_mapping", "dim_mapping", "mem_space", "order",
            "cache");

    private ChoiceOrder() {
    }

    /** Each group's position in {@link #GROUPS}. */
    private static final Map<String, Integer> RANK = IntStream.range(0, GROUPS.size()).boxed()
            .collect(Collectors.toUnmodifiableMap(GROUPS::get, i -> i));

    /**
     * The next variable to decide, or -1 when the candidate is fixed: the first open variable of the first group that
     * has one, else the first open variable (one pass, each open variable ranked by its group).
     */
    public static int next(Candidate c) {
        int best = -1, bestRank = GROUPS.size() + 1;
        for (int v = 0, n = c.variableCount(); v < n; v++) {
            if (c.isOpen(v)) {
                int rank = RANK.getOrDefault(c.choiceOf(v), GROUPS.size());
                if (rank < bestRank) {
                    best = v;
                    bestRank = rank;
                    if (rank == 0) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    /**
     * Seed 001 §6.3.3's reverse order, the comparison point of the thesis's decision order: the groups of
     * {@link #GROUPS} last to first (cache, order, mem_space, …, size) and within a group the last created instance
     * first; the variables outside every group still come last, in creation order. -1 when the candidate is fixed.
     */
    public static int nextReverse(Candidate c) {
        List<Integer> open = c.openVariables();
        if (open.isEmpty()) {
            return -1;
        }
        for (int g = GROUPS.size() - 1; g >= 0; g--) {
            for (int i = open.size() - 1; i >= 0; i--) {
                if (c.choiceOf(open.get(i)).equals(GROUPS.get(g))) {
                    return open.get(i);
                }
            }
        }
        return open.get(0);
    }
}
