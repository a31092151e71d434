package tessera.tcpa.mapping.ui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import tessera.core.poly.PolySet;
import tessera.core.poly.AffineExpr;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.Space;
import tessera.core.poly.TiledSet;
import tessera.core.poly.UnionSet;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.symconf.PstKind;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;

/**
 * The polyhedral syntax tree of seed 003 §5.5 as rows for a tree view, either symbolic (each node with its condition
 * space 𝓘* over (J, K)) or specialised to one tile K (Def. 6.2 f ▷ K): every domain evaluated at that K, a set over
 * J in the parameters p, t and the loop bounds, and every node whose domain is empty there removed. Headless.
 * <p>
 * Convention (tessera.tcpa.instantiate specialises only with all parameters fixed): K is substituted symbolically,
 * I = P·K + J being affine once K is a number; emptiness is decided exactly under the parameter context, p ≥ the
 * minimum tile size and t ≥ K + 1 (the tile exists); parameter-only constraints implied by that context are not shown.
 */
public final class PstTree {
    /** One row: the node's label, its domain text and its children. */
    public record Node(PstNode source, String label, String domain, List<Node> children) {
    }

    private PstTree() {
    }

    /** The symbolic PST (null when the configuration has none). */
    public static Node of(SymbolicConfiguration c) {
        return c.getPst() == null ? null : build(c.getPst(), n -> n.getDomain() == null ? "" : n.getDomain().text());
    }

    /** The PST specialised to tile {@code k} (one value per inter-tile index); null when nothing runs on that tile. */
    public static Node at(SymbolicConfiguration c, long[] k) {
        if (c.getPst() == null) {
            return null;
        }
        Tiling t = c.getTiling();
        IntegerSet context = context(c, k);
        Map<PstNode, UnionSet> sets = new HashMap<>();
        return prune(c.getPst(), n -> sets.computeIfAbsent(n, x -> specialise(t, x.getDomain(), k)), context);
    }

    /** The PE (row, col) = Φ·K of tile {@code k} (Φ: 2 × n, row-major, docs/tcpa.md P6). */
    public static long[] pe(Tiling t, long[] k) {
        long[] rc = new long[2];
        int n = t.getIndices().size();
        for (int r = 0; r < 2; r++) {
            for (int x = 0; x < n && r * n + x < t.getPhi().size(); x++) {
                rc[r] += t.getPhi().get(r * n + x) * k[x];
            }
        }
        return rc;
    }

    /** Def. 6.2 at tile K: {J | (J, K) ∈ 𝓘*}, per piece local[K] ∩ {J | P·K + J ∈ global}. */
    public static UnionSet specialise(Tiling t, PolySet domain, long[] k) {
        TiledSet.Embedding e = Domains.embedding(t);
        Space js = new Space(e.intra(), List.of());
        UnionSet r = UnionSet.empty(js);
        if (domain == null || domain.isBlank()) {
            return r;
        }
        Map<String, AffineExpr> emb = new HashMap<>();
        for (int x = 0; x < e.indices().size(); x++) {
            emb.put(e.indices().get(x), AffineExpr.term(k[x], e.tileSizes().get(x)).plus(AffineExpr.var(e.intra().get(x))));
        }
        for (TiledSet.Piece p : Domains.parse(t, domain).pieces()) {
            IntegerSet local = p.local();
            for (int x = 0; x < e.inter().size(); x++) {
                local = local.substitute(e.inter().get(x), AffineExpr.constant(k[x]));
            }
            r = r.union(local.intersect(p.global().preimage(js, emb)));
        }
        return r;
    }

    /** Parameter context ∧ p ≥ minTileSize ∧ t ≥ K + 1, as a set over J. */
    static IntegerSet context(SymbolicConfiguration c, long[] k) {
        Tiling t = c.getTiling();
        List<Constraint> cs = new ArrayList<>();
        PolySet pc = c.getParameterContext();
        if (pc != null && !pc.isBlank()) {
            cs.addAll(pc.parameters().constraints());
        }
        long min = c.getSchedule() == null ? 1 : Math.max(1, c.getSchedule().getMinTileSize());
        for (int x = 0; x < t.getTileSizes().size(); x++) {
            cs.add(Constraint.ge(AffineExpr.var(t.getTileSizes().get(x)), AffineExpr.constant(min)));
            String count = t.getTileCounts().get(x);
            cs.add(Constraint.ge(AffineExpr.parse(count), AffineExpr.constant(k[x] + 1)));
        }
        return IntegerSet.of(new Space(t.getIntraIndices(), List.of()), cs);
    }

    private interface Domain<T> {
        T of(PstNode n);
    }

    private static Node build(PstNode n, Domain<String> domain) {
        List<Node> children = new ArrayList<>();
        n.getChildren().forEach(ch -> children.add(build(ch, domain)));
        return new Node(n, label(n), domain.of(n), children);
    }

    private static Node prune(PstNode n, Domain<UnionSet> domain, IntegerSet context) {
        UnionSet d = domain.of(n);
        List<Node> children = new ArrayList<>();
        for (PstNode ch : n.getChildren()) {
            Node c = prune(ch, domain, context);
            if (c != null) {
                children.add(c);
            }
        }
        boolean leaf = n.getChildren().isEmpty();
        boolean meta = n.getKind() == PstKind.ROOT || n.getKind() == PstKind.FU || n.getKind() == PstKind.TAU || n.getKind() == PstKind.ROLE;
        if (leaf ? d.intersect(context).isEmpty() : children.isEmpty()) {
            return null;
        }
        String text = meta && (n.getDomain() == null || n.getDomain().isBlank()) ? "" : show(d.intersect(context), context);
        return new Node(n, label(n), text, children);
    }

    /** The set without the parameter-only constraints the context implies (they hold on every instance shown). */
    static String show(UnionSet s, IntegerSet context) {
        List<IntegerSet> pieces = new ArrayList<>();
        for (IntegerSet p : s.simplify().pieces()) {
            List<Constraint> keep = new ArrayList<>();
            for (Constraint c : p.constraints()) {
                boolean paramOnly = c.expr().variables().stream().noneMatch(p.dims()::contains);
                if (!paramOnly || !context.isSubsetOf(IntegerSet.of(context.space(), c))) {
                    keep.add(c);
                }
            }
            pieces.add(IntegerSet.of(new Space(p.dims(), List.of()), keep));
        }
        return pieces.isEmpty() ? "empty" : UnionSet.of(pieces).toString();
    }

    /** §5.5's notation: ⟨root⟩, the FU, ⟨τ: 0⟩, the mnemonic with its operands, ⟨dest⟩, the register or literal. */
    static String label(PstNode n) {
        String a = n.getAttr() == null ? "" : n.getAttr();
        return switch (n.getKind()) {
            case ROOT -> "⟨root⟩";
            case TAU -> "⟨τ: " + a + "⟩";
            case ROLE -> "⟨" + a + "⟩";
            case INSTRUCTION -> a + operands(n);
            default -> a;
        };
    }

    /** "  dest rd0 | src id0, fd0": the instruction's roles with their distinct registers and literals. */
    private static String operands(PstNode instr) {
        StringJoiner roles = new StringJoiner(" | ", "   ", "");
        roles.setEmptyValue("");
        for (PstNode role : instr.getChildren()) {
            List<String> regs = role.getChildren().stream().map(PstNode::getAttr).distinct().toList();
            roles.add(role.getAttr() + " " + String.join(", ", regs));
        }
        return roles.toString();
    }
}
