package tessera.core.poly;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A symbolically tiled set (seed 003 §5.1): {@code 𝓘* = {(J, K) | (J, K) ∈ local, P·K + J ∈ global}}, a finite union of
 * pieces. {@code local} is a set over the intra- and inter-tile dims (J, K), affine in the parameters (tile sizes p,
 * tile counts t, loop bounds); {@code global} is a set over the original indices I, affine in the loop bounds. The
 * products p·k are never formed symbolically (the library is affine); {@link #concretize} forms them once p is fixed.
 * Text: pieces {@code LOCAL @ GLOBAL} joined by {@code ;}, the empty set is {@code empty}.
 */
public final class TiledSet {
    /** I = P·K + J with P = diag(tileSizes); the names of I, J, K and p per dimension. */
    public record Embedding(List<String> indices, List<String> intra, List<String> inter, List<String> tileSizes) {
        public Embedding {
            indices = List.copyOf(indices);
            intra = List.copyOf(intra);
            inter = List.copyOf(inter);
            tileSizes = List.copyOf(tileSizes);
            if (intra.size() != indices.size() || inter.size() != indices.size() || tileSizes.size() != indices.size()) {
                throw new IllegalArgumentException("embedding needs one intra, inter index and tile size per index");
            }
        }

        /** Space of (J, K). */
        public Space localSpace() {
            List<String> d = new ArrayList<>(intra);
            d.addAll(inter);
            return new Space(d, List.of());
        }

        public Space globalSpace() {
            return new Space(indices, List.of());
        }

        /** The tile box 0 ≤ j_i < p_i, 0 ≤ k_i < t_i (tileCounts names, one per index). */
        public IntegerSet box(List<String> tileCounts) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < indices.size(); i++) {
                sb.append(i > 0 ? " and " : "").append("0 <= ").append(intra.get(i)).append(" < ").append(tileSizes.get(i))
                        .append(" and 0 <= ").append(inter.get(i)).append(" < ").append(tileCounts.get(i));
            }
            return IntegerSet.parse(sb.toString(), localSpace().dims());
        }
    }

    public record Piece(IntegerSet local, IntegerSet global) {
        /** Provably empty for every parameter value (one side empty). */
        public boolean isEmpty() {
            return local.isEmpty() || global.isEmpty();
        }

        @Override
        public String toString() {
            return local + " @ " + global;
        }
    }

    private final Embedding embedding;
    private final List<Piece> pieces;

    private TiledSet(Embedding embedding, List<Piece> pieces) {
        this.embedding = embedding;
        this.pieces = List.copyOf(pieces);
    }

    public static TiledSet empty(Embedding e) {
        return new TiledSet(e, List.of());
    }

    public static TiledSet of(Embedding e, IntegerSet local, IntegerSet global) {
        Piece p = new Piece(local, global);
        return new TiledSet(e, p.isEmpty() ? List.of() : List.of(p));
    }

    public Embedding embedding() {
        return embedding;
    }

    public List<Piece> pieces() {
        return pieces;
    }

    /** No piece left: empty for every parameter value. */
    public boolean isEmpty() {
        return pieces.isEmpty();
    }

    /** Union; two pieces with the same local part are coalesced when their globals' common hull is exactly their union. */
    public TiledSet union(TiledSet o) {
        List<Piece> ps = new ArrayList<>(pieces);
        for (Piece p : o.pieces) {
            Piece add = p;
            for (int i = 0; i < ps.size() && add != null; i++) {
                Piece q = ps.get(i);
                if (q.equals(add)) {
                    add = null;
                } else if (q.local.equals(add.local)) {
                    IntegerSet hull = hull(q.global, add.global);
                    if (hull != null) {
                        ps.remove(i);
                        add = new Piece(q.local, hull);
                        i = -1; // the merged piece may coalesce with an earlier one
                    }
                }
            }
            if (add != null) {
                ps.add(add);
            }
        }
        return new TiledSet(embedding, ps);
    }

    /** The constraints of a or b (equalities as two inequalities) that hold on the other set, if they describe exactly a ∪ b. */
    static IntegerSet hull(IntegerSet a, IntegerSet b) {
        List<Constraint> keep = new ArrayList<>();
        for (IntegerSet[] pair : new IntegerSet[][] {{a, b}, {b, a}}) {
            for (Constraint c : pair[0].constraints()) {
                List<Constraint> parts = c.kind() == Constraint.Kind.EQ ? List.of(Constraint.ge(c.expr()), Constraint.ge(c.expr().negate())) : List.of(c);
                for (Constraint part : parts) {
                    if (pair[1].isSubsetOf(IntegerSet.of(pair[1].space(), part))) {
                        keep.add(part);
                    }
                }
            }
        }
        IntegerSet h = IntegerSet.of(a.space(), keep);
        return h.isSubsetOf(UnionSet.of(a, b)) ? h : null;
    }

    /** Piecewise intersection; pieces empty on either side are dropped (exact per side). */
    public TiledSet intersect(TiledSet o) {
        List<Piece> ps = new ArrayList<>();
        for (Piece a : pieces) {
            for (Piece b : o.pieces) {
                Piece p = new Piece(a.local.intersect(b.local), a.global.intersect(b.global));
                if (!p.isEmpty() && !ps.contains(p)) {
                    ps.add(p);
                }
            }
        }
        return new TiledSet(embedding, ps);
    }

    /** Intersects every piece's local part with constraints over (J, K) and parameters. */
    public TiledSet andLocal(IntegerSet local) {
        return intersect(of(embedding, local, IntegerSet.universe(embedding.globalSpace())));
    }

    /**
     * Symbolic disjointness for every parameter value: each pair of pieces has disjoint local or disjoint global parts.
     * A sufficient test (false means "not proven"); {@link #concretize} decides one instance exactly.
     */
    public boolean isProvablyDisjointFrom(TiledSet o) {
        for (Piece a : pieces) {
            for (Piece b : o.pieces) {
                if (!a.local.isDisjointFrom(b.local) && !a.global.isDisjointFrom(b.global)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The exact set over (J, K) once all parameters (tile sizes included) are fixed: I ↦ P·K + J is formed here. */
    public UnionSet concretize(Map<String, Long> params) {
        Space js = embedding.localSpace();
        Map<String, AffineExpr> emb = new HashMap<>();
        for (int i = 0; i < embedding.indices.size(); i++) {
            Long p = params.get(embedding.tileSizes.get(i));
            if (p == null) {
                throw new IllegalArgumentException("no value for tile size '" + embedding.tileSizes.get(i) + "'");
            }
            emb.put(embedding.indices.get(i), AffineExpr.term(p, embedding.inter.get(i)).plus(AffineExpr.var(embedding.intra.get(i))));
        }
        UnionSet r = UnionSet.empty(js);
        for (Piece p : pieces) {
            IntegerSet l = p.local.fix(params);
            IntegerSet g = p.global.fix(params).preimage(js, emb);
            r = r.union(l.intersect(g));
        }
        return r;
    }

    /** Def. 6.1 split(K, 𝓘*) for fixed parameters: the intra-tile points J of tile K. */
    public UnionSet split(Map<String, Long> params, long[] k) {
        UnionSet c = concretize(params);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < k.length; i++) {
            sb.append(i > 0 ? " and " : "").append(embedding.inter.get(i)).append(" == ").append(k[i]);
        }
        return c.intersect(IntegerSet.parse(sb.toString(), embedding.localSpace().dims())).projectOut(embedding.inter);
    }

    /** Parses the text of {@link #toString()}. */
    public static TiledSet parse(String text, Embedding e) {
        String t = text.trim();
        if (t.equals("empty")) {
            return empty(e);
        }
        List<Piece> ps = new ArrayList<>();
        for (String piece : t.split(";")) {
            String[] lg = piece.split("@");
            if (lg.length != 2) {
                throw new IllegalArgumentException("a tiled set piece is 'LOCAL @ GLOBAL': " + piece.trim());
            }
            ps.add(new Piece(IntegerSet.parse(lg[0].trim()), IntegerSet.parse(lg[1].trim())));
        }
        return new TiledSet(e, ps);
    }

    @Override
    public String toString() {
        if (pieces.isEmpty()) {
            return "empty";
        }
        StringBuilder sb = new StringBuilder();
        for (Piece p : pieces) {
            sb.append(sb.length() > 0 ? " ; " : "").append(p);
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TiledSet s && s.embedding.equals(embedding) && s.pieces.equals(pieces);
    }

    @Override
    public int hashCode() {
        return pieces.hashCode();
    }
}
