package tessera.tcpa.mapping.io;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.util.EcoreUtil;

import tessera.core.poly.PolySet;
import tessera.core.poly.TiledSet;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.Route;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.symconf.SymconfPackage;
import tessera.tcpa.symconf.Tiling;

/**
 * The compact serialized form of a symbolic configuration (docs/tcpa.md): one record per line, a one-letter tag,
 * then the object's attributes in model order separated by tabs (lists joined by ',', null as '~'). PST nodes carry
 * their depth first (pre-order). Attributes derivable from the rest (𝓘*[v], edge read/write domains) are left out,
 * an inner PST node's domain that is the union of its children's (§5.5 property 3) is written '='; {@link #read}
 * recomputes both. A PST leaf's tiled domain is written relative to what the configuration already says
 * ({@link LeafDomains}: '%' then per piece the local constraints without spaces, the tile box's own bounds left
 * out, '@' and the global part as a reference to an operation's condition space); the writer checks that the reader
 * restores the exact text and writes it verbatim otherwise. Access mappings' spaces use the same form; a route that
 * is an earlier route's path for another edge of its shared channel is written as {@code R edge =earlier}. Its UTF-8 byte count is the "symbolic configuration
 * size" of §7.
 */
public final class SymconfText {
    private static final SymconfPackage P = SymconfPackage.eINSTANCE;
    private static final Map<Character, EClass> TAGS = Map.of('C', P.getSymbolicConfiguration(), 'T', P.getTiling(), 'S',
            P.getSchedule(), 'O', P.getOperation(), 'E', P.getDataEdge(), 'G', P.getRegisterClassUsage(), 'R', P.getRoute(),
            'N', P.getPstNode(), 'A', P.getAccessMapping());
    private static final String UNION = "=";
    private static final String SAME = "="; // R record: the path of an earlier route (a shared channel)
    private static final Set<EAttribute> DERIVED = Set.of(P.getOperation_TiledSpace(), P.getDataEdge_ReadDomain(), P.getDataEdge_WriteDomain());

    private SymconfText() {
    }

    public static byte[] bytes(SymbolicConfiguration c) {
        return write(c).getBytes(StandardCharsets.UTF_8);
    }

    public static String write(SymbolicConfiguration c) {
        StringBuilder sb = new StringBuilder();
        line(sb, 'C', c, -1);
        if (c.getTiling() != null) {
            line(sb, 'T', c.getTiling(), -1);
        }
        if (c.getSchedule() != null) {
            line(sb, 'S', c.getSchedule(), -1);
        }
        c.getOperations().forEach(o -> line(sb, 'O', o, -1));
        c.getEdges().forEach(o -> line(sb, 'E', o, -1));
        c.getRegisterClasses().forEach(o -> line(sb, 'G', o, -1));
        List<Route> written = new ArrayList<>();
        for (Route r : c.getRoutes()) {
            // a route shared with an earlier one (§5.4: one path for several edges) is written as a reference to it
            Route same = written.stream().filter(r0 -> sameRoute(r0, r)).findFirst().orElse(null);
            if (same != null) {
                sb.append("R\t").append(r.getEdge()).append('\t').append(SAME).append(same.getEdge()).append('\n');
            } else {
                line(sb, 'R', r, -1);
            }
            written.add(r);
        }
        LeafDomains leaves = new LeafDomains(c);
        if (c.getPst() != null) {
            pst(sb, c.getTiling(), leaves, c.getPst(), 0);
        }
        c.getAccessMappings().forEach(o -> line(sb, 'A', o, -1, leaves.compact(o.getAccessSpace().text())));
        return sb.toString();
    }

    /** {@code r} is {@code r0}'s path for another edge: its shares are r0's edge and r0's shares but itself, in order. */
    private static boolean sameRoute(Route r0, Route r) {
        List<String> shares = new ArrayList<>();
        shares.add(r0.getEdge());
        r0.getSharesWith().stream().filter(x -> !x.equals(r.getEdge())).forEach(shares::add);
        return r0.getSharesWith().contains(r.getEdge()) && shares.equals(r.getSharesWith())
                && r0.getDelta().equals(r.getDelta()) && r0.getPorts().equals(r.getPorts()) && r0.getOutputPort() == r.getOutputPort()
                && r0.getInputPort() == r.getInputPort();
    }

    private static void pst(StringBuilder sb, Tiling t, LeafDomains leaves, PstNode n, int depth) {
        // an inner node's domain that is the union of its children's (§5.5 property 3) is written as '=' and recomputed
        boolean union = t != null && !n.getChildren().isEmpty() && n.getDomain() != null && n.getDomain().text().equals(union(t, n).toString());
        line(sb, 'N', n, depth, union ? UNION : leaves.compact(n.getDomain().text()));
        n.getChildren().forEach(c -> pst(sb, t, leaves, c, depth + 1));
    }

    private static TiledSet union(Tiling t, PstNode n) {
        TiledSet u = TiledSet.empty(Domains.embedding(t));
        for (PstNode c : n.getChildren()) {
            u = u.union(Domains.parse(t, c.getDomain()));
        }
        return u;
    }

    private static void line(StringBuilder sb, char tag, EObject o, int depth) {
        line(sb, tag, o, depth, null);
    }

    /** {@code domain}: the text to write for a PST node's domain ('=' or a leaf's compact form), null otherwise. */
    private static void line(StringBuilder sb, char tag, EObject o, int depth, String domain) {
        sb.append(tag);
        if (depth >= 0) {
            sb.append('\t').append(depth);
        }
        for (EAttribute a : o.eClass().getEAllAttributes()) {
            if (DERIVED.contains(a)) {
                continue;
            }
            sb.append('\t');
            Object v = o.eGet(a);
            if (domain != null && (a == P.getPstNode_Domain() || a == P.getAccessMapping_AccessSpace())) {
                sb.append(domain);
            } else if (a.isMany()) {
                List<String> parts = new ArrayList<>();
                for (Object x : (List<?>) v) {
                    parts.add(String.valueOf(x));
                }
                sb.append(String.join(",", parts));
            } else {
                sb.append(v == null ? "~" : String.valueOf(v));
            }
        }
        sb.append('\n');
    }

    /** Parses {@link #write}'s text; derived attributes are recomputed. Throws IllegalArgumentException with the line. */
    public static SymbolicConfiguration read(String text) {
        SymbolicConfiguration c = null;
        List<PstNode> stack = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int ln = 0; ln < lines.length; ln++) {
            try {
                String l = lines[ln];
                if (l.isEmpty()) {
                    continue;
                }
                EClass cls = TAGS.get(l.charAt(0));
                if (cls == null || (c == null && cls != P.getSymbolicConfiguration())) {
                    throw new IllegalArgumentException("line " + (ln + 1) + ": unknown or misplaced record '" + l.charAt(0) + "'");
                }
                List<String> f = new ArrayList<>(Arrays.asList(l.split("\t", -1)));
                f.remove(0);
                if (cls == P.getRoute() && f.size() == 2 && f.get(1).startsWith(SAME)) {
                    c.getRoutes().add(sameAs(c, f.get(0), f.get(1).substring(SAME.length()), ln));
                    continue;
                }
                int depth = cls == P.getPstNode() ? Integer.parseInt(f.remove(0)) : -1;
                EObject o = SymconfFactory.eINSTANCE.create(cls);
                int i = 0;
                for (EAttribute a : cls.getEAllAttributes()) {
                    if (DERIVED.contains(a)) {
                        continue;
                    }
                    if (i >= f.size()) {
                        throw new IllegalArgumentException("line " + (ln + 1) + ": missing field " + a.getName());
                    }
                    set(o, a, f.get(i++));
                }
                switch (l.charAt(0)) {
                    case 'C' -> c = (SymbolicConfiguration) o;
                    case 'T' -> c.setTiling((Tiling) o);
                    case 'S' -> c.setSchedule((tessera.tcpa.symconf.Schedule) o);
                    case 'O' -> c.getOperations().add((Operation) o);
                    case 'E' -> c.getEdges().add((DataEdge) o);
                    case 'G' -> c.getRegisterClasses().add((tessera.tcpa.symconf.RegisterClassUsage) o);
                    case 'R' -> c.getRoutes().add((tessera.tcpa.symconf.Route) o);
                    case 'A' -> c.getAccessMappings().add((tessera.tcpa.symconf.AccessMapping) o);
                    default -> {
                        PstNode n = (PstNode) o;
                        while (stack.size() > depth) {
                            stack.remove(stack.size() - 1);
                        }
                        if (depth == 0) {
                            c.setPst(n);
                        } else {
                            stack.get(depth - 1).getChildren().add(n);
                        }
                        stack.add(n);
                    }
                }
            } catch (IllegalArgumentException | IndexOutOfBoundsException | NullPointerException | ClassCastException e) {
                // issue 22: every problem names its line, none is a raw "For input string" or an index
                String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                throw new IllegalArgumentException(m.startsWith("line ") ? m : "line " + (ln + 1) + ": malformed record ("
                        + (e instanceof NumberFormatException ? "not a number: " + m.replace("For input string: ", "") : m) + ")", e);
            }
        }
        if (c == null) {
            throw new IllegalArgumentException("no configuration record 'C'");
        }
        derive(c);
        return c;
    }

    /** The route of {@code edge} written as the same path as the earlier route of {@code ref} ({@link #sameRoute}). */
    private static Route sameAs(SymbolicConfiguration c, String edge, String ref, int ln) {
        Route r0 = c.getRoutes().stream().filter(x -> ref.equals(x.getEdge())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("line " + (ln + 1) + ": route refers to no earlier route " + ref));
        Route r = SymconfFactory.eINSTANCE.createRoute();
        r.setEdge(edge);
        r.getDelta().addAll(r0.getDelta());
        r.getPorts().addAll(r0.getPorts());
        r.setOutputPort(r0.getOutputPort());
        r.setInputPort(r0.getInputPort());
        r.getSharesWith().add(r0.getEdge());
        r0.getSharesWith().stream().filter(x -> !x.equals(edge)).forEach(r.getSharesWith()::add);
        return r;
    }

    @SuppressWarnings("unchecked")
    private static void set(EObject o, EAttribute a, String v) {
        if (a.isMany()) {
            EList<Object> list = (EList<Object>) o.eGet(a);
            if (!v.isEmpty()) {
                for (String x : v.split(",", -1)) {
                    list.add(value(a, x));
                }
            }
        } else if (!v.equals("~")) {
            o.eSet(a, value(a, v));
        }
    }

    private static Object value(EAttribute a, String v) {
        if (a.getEAttributeType() instanceof EEnum en) {
            return en.getEEnumLiteralByLiteral(v).getInstance();
        }
        var t = a.getEAttributeType();
        if (t == EcorePackage.Literals.EINT) {
            return Integer.valueOf(v);
        }
        if (t == EcorePackage.Literals.EBOOLEAN) {
            return Boolean.valueOf(v);
        }
        return EcoreUtil.createFromString(t, v); // EString as is, PolySet by its text
    }

    /** Recomputes 𝓘*[v], the edges' read/write domains and the PST's inner domains written as '='. */
    public static void derive(SymbolicConfiguration c) {
        if (c.getTiling() == null) {
            return;
        }
        LeafDomains leaves = new LeafDomains(c);
        if (c.getPst() != null) {
            closePst(c.getTiling(), leaves, c.getPst());
        }
        for (tessera.tcpa.symconf.AccessMapping a : c.getAccessMappings()) {
            a.setAccessSpace(PolySet.valueOf(leaves.expand(a.getAccessSpace().text())));
        }
        for (Operation o : c.getOperations()) {
            o.setTiledSpace(PolySet.of(Domains.tiled(c.getTiling(), o.getConditionSpace())));
        }
        for (DataEdge e : c.getEdges()) {
            Domains.edgeDomains(c, e);
        }
    }

    private static void closePst(Tiling t, LeafDomains leaves, PstNode n) {
        n.getChildren().forEach(c -> closePst(t, leaves, c));
        if (n.getDomain() != null && UNION.equals(n.getDomain().text())) {
            n.setDomain(PolySet.of(union(t, n)));
        } else if (n.getDomain() != null) {
            n.setDomain(PolySet.valueOf(leaves.expand(n.getDomain().text())));
        }
    }

    static boolean isDependence(DataEdge e) {
        return e.getKind() == EdgeKind.DEPENDENCE;
    }
}
