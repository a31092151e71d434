package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Seed 003 §6.1 Algorithm 3: the CFG of one FU program, one node per kernel class, an edge (v_i, v_j) when some
 * iteration of 𝒬_i has its successor in 𝒬_j. Transition spaces are SOURCE iterations {n ∈ 𝒬_i | n + 1 ∈ 𝒬_j} (P3:
 * the GC signals in the iteration whose kernel ends with the branch). A last class that also repeats gets a virtual
 * exit node reached in the last iteration (P14), so every program halts.
 */
public final class ControlFlow {
    public record Edge(int from, int to, BitSet transition) {
    }

    /** Nodes 0 … classes − 1 are the kernel classes in order of first iteration (start = the class of n = 0, P15); {@code exit} ≥ 0 is the virtual exit node. */
    public record Cfg(List<KernelClasses.KernelClass> nodes, List<Edge> edges, int exit) {
        public List<Edge> out(int v) {
            List<Edge> r = new ArrayList<>();
            for (Edge e : edges) {
                if (e.from() == v) {
                    r.add(e);
                }
            }
            // codes: the self edge first (code 0 = "repeat"), then targets in layout order
            r.sort((a, b) -> a.to() == v ? -1 : b.to() == v ? 1 : Integer.compare(a.to(), b.to()));
            return r;
        }

        public int nodeCount() {
            return nodes.size() + (exit >= 0 ? 1 : 0);
        }
    }

    private ControlFlow() {
    }

    public static Cfg build(List<KernelClasses.KernelClass> classes, int length) {
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < classes.size(); i++) {
            for (int j = 0; j < classes.size(); j++) {
                BitSet t = Folding.shift(classes.get(j).iterations(), -1);
                t.and(classes.get(i).iterations());
                if (!t.isEmpty()) {
                    edges.add(new Edge(i, j, t));
                }
            }
        }
        int exit = -1;
        for (int i = 0; i < classes.size(); i++) {
            if (classes.get(i).iterations().get(length - 1)) {
                final int v = i;
                if (edges.stream().anyMatch(e -> e.from() == v)) {
                    exit = classes.size();
                    BitSet last = new BitSet();
                    last.set(length - 1);
                    edges.add(new Edge(i, exit, last));
                }
            }
        }
        return new Cfg(classes, edges, exit);
    }
}
