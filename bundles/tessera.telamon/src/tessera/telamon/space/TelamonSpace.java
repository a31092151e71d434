package tessera.telamon.space;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.telamon.kernel.Kernel;

/**
 * Seed 001 §4.5 and §5.4 (digest 001b §3.8): Telamon's own space ({@code src/search_space/choices.exh}, compiled by
 * the caller) on our kernel: the root candidate ({@code SearchSpace::new}: instance, {@code init}, then Telamon's Rust
 * actions) and random descents in Telamon's choice order ({@code explorer::config::DEFAULT_ORDERING}: size,
 * dim_kind, thread_mapping, mem_space, order, inst_flag; the choices its explorer never decides — dim_mapping and the
 * compiler's hidden choices — last, so that a leaf is a fixed candidate, and dim_mapping through registers before
 * NOT_MAPPED, as Telamon's code generator reads an open dim_mapping), replaying the actions after each decision.
 */
public final class TelamonSpace {
    public static final List<String> ORDER = List.of("size", "dim_kind", "thread_mapping", "mem_space", "order", "inst_flag");

    private final TelamonActions actions;
    private final Candidate root;

    private TelamonSpace(TelamonActions actions, Candidate root) {
        this.actions = actions;
        this.root = root;
    }

    /** The space on kernel {@code k}; null with {@code diags} saying why when the instance is refused. */
    public static TelamonSpace of(Program telamon, Kernel k, Device t, Diagnostics diags) {
        TelamonIr ir = new TelamonIr(k);
        Engine e = Engine.instantiate(telamon, TelamonQueries.instance(ir, t), k.name(), diags);
        if (e == null) {
            return null;
        }
        TelamonActions actions = new TelamonActions(ir);
        Candidate c = e.init();
        actions.settle(c);
        return new TelamonSpace(actions, c);
    }

    /** The root candidate (failed when the kernel has no implementation in Telamon's space). */
    public Candidate root() {
        return root;
    }

    public TelamonActions actions() {
        return actions;
    }

    /** Restricts {@code var} to {@code mask}, propagates and replays the actions; false when {@code c} failed. */
    public boolean restrict(Candidate c, int var, long mask) {
        return c.restrict(var, mask) && actions.settle(c);
    }

    /** The next variable in Telamon's order (its hidden and never-decided choices last), or -1 when fixed. */
    public static int next(Candidate c) {
        List<Integer> open = c.openVariables();
        if (open.isEmpty()) {
            return -1;
        }
        for (String g : ORDER) {
            for (int v : open) {
                if (c.choiceOf(v).equals(g)) {
                    return v;
                }
            }
        }
        return open.get(0);
    }

    /** A random descent: a leaf (null when every branch failed or {@code maxDeadEnds} were met) and its dead ends. */
    public record Descent(Candidate leaf, List<String> decisions, int deadEnds) {
    }

    public Descent descend(SplittableRandom random, int maxDeadEnds) {
        List<String> decisions = new ArrayList<>();
        int[] deadEnds = { 0 };
        Candidate leaf = descend(root.copy(), random, decisions, deadEnds, maxDeadEnds);
        return new Descent(leaf, decisions, deadEnds[0]);
    }

    private Candidate descend(Candidate c, SplittableRandom random, List<String> decisions, int[] deadEnds, int max) {
        int v = next(c);
        if (v < 0) {
            return c;
        }
        long left = c.domain(v);
        // dim_mapping is never decided by Telamon's explorer: a leaf maps through registers where it can
        long lowering = c.choiceOf(v).equals("dim_mapping") ? c.mask("dim_mapping", c.argsOf(v), List.of("NOT_MAPPED")) : 0;
        while (left != 0 && deadEnds[0] < max) {
            long pick = (left & ~lowering) != 0 ? left & ~lowering : left;
            int n = random.nextInt(Long.bitCount(pick));
            long m = pick;
            for (int i = 0; i < n; i++) {
                m &= m - 1;
            }
            long bit = Long.lowestOneBit(m);
            left &= ~bit;
            Candidate child = c.copy();
            decisions.add(c.choiceOf(v) + "(" + String.join(",", c.argsOf(v)) + ")=" + c.describe(v, bit).get(0));
            if (restrict(child, v, bit)) {
                Candidate leaf = descend(child, random, decisions, deadEnds, max);
                if (leaf != null) {
                    return leaf;
                }
            } else {
                deadEnds[0]++;
            }
            decisions.remove(decisions.size() - 1);
        }
        return null;
    }
}
