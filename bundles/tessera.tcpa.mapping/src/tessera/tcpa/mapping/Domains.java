package tessera.tcpa.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.AffineExpr;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.PolySet;
import tessera.core.poly.Space;
import tessera.core.poly.TiledSet;
import tessera.tcpa.symconf.Tiling;

/**
 * The tiled condition spaces of seed 003 §5.1 and the operand domains of §5.5 (digest §3.6), as {@link TiledSet}s.
 * A split edge e^θ with distance d moves a value from producer iteration (J, K) to consumer iteration
 * (J + d − P·θ, K + θ); both ends are affine in (J, K) and p, so they stay symbolic.
 */
public final class Domains {
    private Domains() {
    }

    public static TiledSet.Embedding embedding(Tiling t) {
        return new TiledSet.Embedding(t.getIndices(), t.getIntraIndices(), t.getInterIndices(), t.getTileSizes());
    }

    /** The tile box 0 ≤ J < p, 0 ≤ K < t. */
    public static IntegerSet box(Tiling t) {
        return embedding(t).box(t.getTileCounts());
    }

    private static IntegerSet local(Tiling t, List<String> constraints) {
        IntegerSet b = box(t);
        return constraints.isEmpty() ? b : b.intersect(IntegerSet.parse(String.join(" and ", constraints), embedding(t).localSpace().dims()));
    }

    /** §5.1 embedding 𝓘*[v] = {(J, K) | P·K + J ∈ 𝓘[v]}. */
    public static TiledSet tiled(Tiling t, PolySet conditionSpace) {
        return TiledSet.of(embedding(t), box(t), conditionSpace.basic());
    }

    private static String plus(String name, int v) {
        return v >= 0 ? name + " + " + v : name + " - " + (-v);
    }

    /** A TiledSet of a configuration with tiling {@code t}. */
    public static TiledSet parse(Tiling t, PolySet set) {
        return set.tiled(embedding(t));
    }

    /**
     * Producer iterations whose value goes along e^θ: J + d − P·θ inside the tile box of K + θ (tile K + θ exists).
     * Convention for θ = 0 (matches §5.5's g5): the global part is the producer's space 𝓘[v], not intersected with the
     * consumer's, so a same-tile write at the last iteration i = N − 1 stays (harmless in an RD; an FD drops it, P21).
     * For θ ≠ 0 the value enters the neighbour's ID FIFO, so only writes some consumer iteration reads stay
     * (I + d ∈ 𝓘[w]): one unread write would shift every later read of that FIFO (§5.5's g4 is unchanged by this).
     */
    public static TiledSet writeDomain(Tiling t, PolySet producerSpace, PolySet consumerSpace, int[] d, int[] theta) {
        return TiledSet.of(embedding(t), shiftedIntoTile(t, d, theta), writeGlobal(t, producerSpace, consumerSpace, d, theta));
    }

    /** The global part of {@link #writeDomain}: 𝓘[v] for θ = 0, else 𝓘[v] ∩ {I | I + d ∈ 𝓘[w]}. */
    public static IntegerSet writeGlobal(Tiling t, PolySet producerSpace, PolySet consumerSpace, int[] d, int[] theta) {
        IntegerSet producer = producerSpace.basic();
        boolean channel = java.util.Arrays.stream(theta).anyMatch(v -> v != 0);
        return channel ? producer.intersect(shifted(t, consumerSpace, d)) : producer;
    }

    /** {I | I + d ∈ space}: the iterations whose d-successor lies in {@code space}. */
    private static IntegerSet shifted(Tiling t, PolySet space, int[] d) {
        Map<String, AffineExpr> shift = new HashMap<>();
        for (int x = 0; x < d.length; x++) {
            String i = t.getIndices().get(x);
            shift.put(i, AffineExpr.var(i).plus(d[x]));
        }
        return space.basic().preimage(new Space(t.getIndices(), List.of()), shift);
    }

    /** The (J, K) whose J + d − P·θ lies in the box of an existing tile K + θ (θ_x ∈ {0, sign d_x}). */
    private static IntegerSet shiftedIntoTile(Tiling t, int[] d, int[] theta) {
        List<String> cs = new ArrayList<>();
        for (int x = 0; x < d.length; x++) {
            String j = t.getIntraIndices().get(x), k = t.getInterIndices().get(x), p = t.getTileSizes().get(x), tc = t.getTileCounts().get(x);
            if (theta[x] == 0) {
                if (d[x] != 0) {
                    cs.add("0 <= " + plus(j, d[x]) + " <= " + p + " - 1");
                }
            } else if (theta[x] > 0) {
                cs.add(plus(j, d[x]) + " >= " + p);
                cs.add(k + " + 1 <= " + tc + " - 1");
            } else {
                cs.add(plus(j, d[x]) + " <= -1");
                cs.add(k + " >= 1");
            }
        }
        return local(t, cs);
    }

    /** Consumer iterations that read along e^θ: J − d + P·θ in the box of tile K − θ, and I − d ∈ 𝓘[v]. */
    public static TiledSet readDomain(Tiling t, PolySet consumerSpace, PolySet producerSpace, int[] d, int[] theta) {
        int[] nd = java.util.Arrays.stream(d).map(v -> -v).toArray(), nt = java.util.Arrays.stream(theta).map(v -> -v).toArray();
        IntegerSet cs = shiftedIntoTile(t, nd, nt); // the reverse move: (J, K) ↦ (J − d + P·θ, K − θ)
        return TiledSet.of(embedding(t), cs, consumerSpace.basic().intersect(shifted(t, producerSpace, nd)));
    }

    /** Sets an edge's readDomain (consumer side) and writeDomain (producer side) from the op spaces and the tiling. */
    public static void edgeDomains(tessera.tcpa.symconf.SymbolicConfiguration c, tessera.tcpa.symconf.DataEdge e) {
        Tiling t = c.getTiling();
        java.util.function.Function<String, PolySet> space = id -> c.getOperations().stream().filter(o -> o.getId().equals(id))
                .findFirst().map(tessera.tcpa.symconf.Operation::getConditionSpace).orElse(null);
        int[] d = e.getD().stream().mapToInt(Integer::intValue).toArray();
        int[] th = e.getTheta().stream().mapToInt(Integer::intValue).toArray();
        switch (e.getKind()) {
            case DEPENDENCE -> {
                e.setWriteDomain(PolySet.of(writeDomain(t, space.apply(e.getSource()), space.apply(e.getTarget()), d, th)));
                e.setReadDomain(PolySet.of(readDomain(t, space.apply(e.getTarget()), space.apply(e.getSource()), d, th)));
            }
            case OUTPUT -> e.setWriteDomain(PolySet.of(tiled(t, space.apply(e.getSource()))));
            default -> e.setReadDomain(PolySet.of(tiled(t, space.apply(e.getTarget()))));
        }
    }

    /** Θ(d) restricted to the distributed dims (the others have one tile): θ_x ∈ {0, sign(d_x)}. */
    public static List<int[]> thetas(int[] d, List<Integer> distributed) {
        List<int[]> r = new ArrayList<>();
        r.add(new int[d.length]);
        for (int x : distributed) {
            if (d[x] == 0) {
                continue;
            }
            List<int[]> more = new ArrayList<>();
            for (int[] th : r) {
                int[] c = th.clone();
                c[x] = Integer.signum(d[x]);
                more.add(c);
            }
            r.addAll(more);
        }
        return r;
    }

    /** δ = Φ·θ as (Δrow, Δcol). */
    public static int[] delta(Tiling t, int[] theta) {
        int n = theta.length;
        int[] r = new int[2];
        for (int row = 0; row < 2; row++) {
            for (int c = 0; c < n; c++) {
                r[row] += t.getPhi().get(row * n + c) * theta[c];
            }
        }
        return r;
    }
}
