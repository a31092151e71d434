package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.tcpa.symconf.Operation;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.Instruction;

/**
 * FU binding before modulo scheduling (seed 003 §5.2 binds fu[v]; the method is not in the seed). The engine
 * (tessera.modsched) has one resource class per op, so each op gets its FU first, in topological order of the d = 0
 * edges: (1) the FU where ops with the same mnemonic that are all mutually exclusive with it sit (they share one
 * instruction: bitext's S1/S2 → one move); (2) else the capable FU whose load stays smallest, load = the largest
 * set of pairwise non-exclusive ops on it (cycles per iteration of a pipelined FU, the engine's ResMII numerator);
 * ties: fewest bound ops, then the architecture's order. Reproduces §5.2's alu0: move; alu1: shri, andi.
 */
public final class FuBinding {
    /** Sets larger than this use a greedy clique (exact search is exponential). */
    private static final int EXACT_CLIQUE_LIMIT = 20;

    private FuBinding() {
    }

    /**
     * @param order     the ops in binding order
     * @param index     op id → row/column of {@code exclusive}
     * @param candidate op id → capable FU → the instruction it would use there (architecture order)
     * @param exclusive the exclusion matrix (condition spaces disjoint for every parameter value)
     * @return op id → FU
     */
    public static Map<String, Fu> bind(List<Operation> order, Map<String, Integer> index,
            Map<String, Map<Fu, Instruction>> candidate, boolean[][] exclusive) {
        Map<String, Fu> bind = new HashMap<>();
        Map<Fu, List<Operation>> on = new LinkedHashMap<>();
        for (Operation o : order) {
            int oi = index.get(o.getId());
            Fu chosen = null;
            for (Map.Entry<Fu, Instruction> c : candidate.get(o.getId()).entrySet()) {
                List<Operation> same = on.getOrDefault(c.getKey(), List.of()).stream()
                        .filter(x -> candidate.get(x.getId()).get(c.getKey()).getName().equals(c.getValue().getName())).toList();
                if (!same.isEmpty() && same.stream().allMatch(x -> exclusive[oi][index.get(x.getId())])) {
                    chosen = c.getKey();
                    break;
                }
            }
            if (chosen == null) {
                long best = Long.MAX_VALUE;
                for (Fu fu : candidate.get(o.getId()).keySet()) {
                    List<Integer> with = new ArrayList<>();
                    on.getOrDefault(fu, List.of()).forEach(x -> with.add(index.get(x.getId())));
                    with.add(oi);
                    long score = (long) load(with, exclusive) * 1_000_000L + with.size();
                    if (score < best) {
                        best = score;
                        chosen = fu;
                    }
                }
            }
            bind.put(o.getId(), chosen);
            on.computeIfAbsent(chosen, f -> new ArrayList<>()).add(o);
        }
        rebalance(order, index, candidate, exclusive, bind);
        return bind;
    }

    /**
     * Local improvement of the greedy binding: move one op at a time off an FU of maximum load to another capable
     * FU when that lowers (maximum load, number of FUs at it); the greedy order alone can leave a load above
     * ⌈cells / FUs⌉ (conv on tcpa4x4). Stops when no single move improves; moves never raise any load above max.
     */
    private static void rebalance(List<Operation> order, Map<String, Integer> index, Map<String, Map<Fu, Instruction>> candidate,
            boolean[][] exclusive, Map<String, Fu> bind) {
        for (boolean improved = true; improved;) {
            improved = false;
            Map<Fu, List<Integer>> on = new LinkedHashMap<>();
            for (Operation o : order) {
                on.computeIfAbsent(bind.get(o.getId()), f -> new ArrayList<>()).add(index.get(o.getId()));
            }
            Map<Fu, Integer> load = new HashMap<>();
            on.forEach((f, l) -> load.put(f, load(l, exclusive)));
            int max = load.values().stream().mapToInt(Integer::intValue).max().orElse(0);
            for (Operation o : order) {
                Fu from = bind.get(o.getId());
                if (load.get(from) != max) {
                    continue;
                }
                int oi = index.get(o.getId());
                List<Integer> rest = new ArrayList<>(on.get(from));
                rest.remove(Integer.valueOf(oi));
                int fromAfter = load(rest, exclusive);
                for (Fu to : candidate.get(o.getId()).keySet()) {
                    if (to == from) {
                        continue;
                    }
                    List<Integer> with = new ArrayList<>(on.getOrDefault(to, List.of()));
                    with.add(oi);
                    int toAfter = load(with, exclusive);
                    if (fromAfter < max && toAfter < max) { // one FU fewer at max (or a lower max)
                        bind.put(o.getId(), to);
                        improved = true;
                        break;
                    }
                }
                if (improved) {
                    break;
                }
            }
        }
    }

    /** The size of a largest set of pairwise non-exclusive ops (they can all run in one iteration). */
    static int load(List<Integer> ops, boolean[][] exclusive) {
        if (ops.size() > EXACT_CLIQUE_LIMIT) {
            List<Integer> clique = new ArrayList<>();
            for (int u : ops) {
                if (clique.stream().noneMatch(v -> exclusive[u][v])) {
                    clique.add(u);
                }
            }
            return clique.size();
        }
        return maxClique(ops, 0, exclusive);
    }

    private static int maxClique(List<Integer> cand, int size, boolean[][] exclusive) {
        if (cand.isEmpty()) {
            return size;
        }
        int u = cand.get(0);
        List<Integer> rest = cand.subList(1, cand.size());
        List<Integer> compatible = rest.stream().filter(v -> !exclusive[u][v]).toList();
        int with = maxClique(compatible, size + 1, exclusive);
        if (size + rest.size() <= with) {
            return with; // without u cannot do better
        }
        return Math.max(with, maxClique(rest, size, exclusive));
    }
}
