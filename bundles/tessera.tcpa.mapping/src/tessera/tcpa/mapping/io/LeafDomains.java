package tessera.tcpa.mapping.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;

/**
 * The compact text of a PST leaf's tiled domain (seed 003 §5.5 leaves, §7's configuration size): a tiled set
 * {@code { [J, K] : L } @ G ; …} is written {@code %L'@G';…} where L' is L's constraints joined by '&' without spaces,
 * a tile-box bound {@code 0 <= j_x < p_x} / {@code 0 <= k_x < t_x} as the bare index and the whole box as nothing, and
 * G' is {@code #} for the configuration's iteration space, {@code #id} for operation id's condition space or for channel
 * edge id's write part ({@link Domains#writeGlobal}), else G.
 * {@link #compact} falls back to the verbatim text (per piece, or the whole domain) whenever {@link #expand} would
 * not restore it exactly, so the form is lossless by construction.
 */
public final class LeafDomains {
    private static final String MARK = "%";
    private final String header;
    private final Map<String, String> box = new HashMap<>(); // index → its tile-box bound
    private final List<String> boxOrder = new ArrayList<>();
    private final Map<String, String> refOfSpace = new HashMap<>();
    private final Map<String, String> spaceOfRef = new HashMap<>();

    public LeafDomains(SymbolicConfiguration c) {
        Tiling t = c.getTiling();
        List<String> idx = new ArrayList<>();
        if (t != null) {
            for (int x = 0; x < t.getIntraIndices().size(); x++) {
                bound(t.getIntraIndices().get(x), t.getTileSizes().get(x));
            }
            for (int x = 0; x < t.getInterIndices().size(); x++) {
                bound(t.getInterIndices().get(x), t.getTileCounts().get(x));
            }
            idx.addAll(t.getIntraIndices());
            idx.addAll(t.getInterIndices());
        }
        header = "{ [" + String.join(", ", idx) + "] : ";
        Map<String, PolySet> opSpace = new HashMap<>();
        for (Operation o : c.getOperations()) { // first op wins when two share a space
            if (o.getConditionSpace() != null && o.getId() != null && !o.getId().isEmpty()) {
                refOfSpace.putIfAbsent(o.getConditionSpace().text(), "#" + o.getId());
                spaceOfRef.put("#" + o.getId(), o.getConditionSpace().text());
                opSpace.put(o.getId(), o.getConditionSpace());
            }
        }
        for (DataEdge e : c.getEdges()) { // a channel write's global part (Domains.writeGlobal) by the edge's id
            int[] d = e.getD().stream().mapToInt(Integer::intValue).toArray(), th = e.getTheta().stream().mapToInt(Integer::intValue).toArray();
            PolySet src = opSpace.get(e.getSource()), dst = opSpace.get(e.getTarget());
            if (t != null && e.getKind() == EdgeKind.DEPENDENCE && src != null && dst != null && e.getId() != null && !e.getId().isEmpty()
                    && !spaceOfRef.containsKey("#" + e.getId()) && java.util.Arrays.stream(th).anyMatch(v -> v != 0)) {
                String g = Domains.writeGlobal(t, src, dst, d, th).toString();
                refOfSpace.putIfAbsent(g, "#" + e.getId());
                spaceOfRef.put("#" + e.getId(), g);
            }
        }
        if (c.getIterationSpace() != null) {
            refOfSpace.put(c.getIterationSpace().text(), "#");
            spaceOfRef.put("#", c.getIterationSpace().text());
        }
    }

    private void bound(String index, String extent) {
        box.put(index, "0 <= " + index + " < " + extent);
        boxOrder.add(index);
    }

    /** The compact text of a leaf domain; the domain itself when that would not read back exactly. */
    public String compact(String domain) {
        if (domain == null || domain.startsWith(MARK) || domain.equals("~")) {
            return domain;
        }
        List<String> pieces = new ArrayList<>();
        for (String p : domain.split(" ; ", -1)) {
            String c = piece(p);
            pieces.add(c != null && expandPiece(c).equals(p) ? c : p);
        }
        String r = MARK + String.join(";", pieces);
        return expand(r).equals(domain) ? r : domain;
    }

    private String piece(String p) {
        int end = p.indexOf(" } @ ");
        if (!p.startsWith(header) || end < 0 || p.indexOf('}') != end + 1) {
            return null;
        }
        String g = p.substring(end + 5);
        List<String> ls = new ArrayList<>();
        boolean wholeBox = true;
        String[] cs = p.substring(header.length(), end).split(" and ", -1);
        for (int i = 0; i < cs.length; i++) {
            String ix = indexOfBound(cs[i]);
            ls.add(ix != null ? ix : cs[i].replace(" ", ""));
            wholeBox &= ix != null && i < boxOrder.size() && boxOrder.get(i).equals(ix);
        }
        wholeBox &= cs.length == boxOrder.size();
        for (String l : ls) {
            if (l.isEmpty() || l.matches(".*[&@;#%{}].*")) {
                return null;
            }
        }
        return (wholeBox ? "" : String.join("&", ls)) + "@" + refOfSpace.getOrDefault(g, g);
    }

    private String indexOfBound(String constraint) {
        for (String x : boxOrder) {
            if (box.get(x).equals(constraint)) {
                return x;
            }
        }
        return null;
    }

    /** The tiled-set text of a domain written by {@link #compact} (other texts unchanged). */
    public String expand(String text) {
        if (text == null || !text.startsWith(MARK)) {
            return text;
        }
        List<String> pieces = new ArrayList<>();
        for (String p : text.substring(1).split(";", -1)) {
            pieces.add(expandPiece(p));
        }
        return String.join(" ; ", pieces);
    }

    private String expandPiece(String p) {
        if (p.startsWith("{")) {
            return p;
        }
        int at = p.indexOf('@');
        if (at < 0) {
            throw new IllegalArgumentException("compact PST domain piece without '@': " + p);
        }
        String l = p.substring(0, at), g = p.substring(at + 1);
        List<String> cs = new ArrayList<>();
        if (l.isEmpty()) {
            boxOrder.forEach(x -> cs.add(box.get(x)));
        } else {
            for (String c : l.split("&", -1)) {
                cs.add(box.containsKey(c) ? box.get(c) : spaced(c));
            }
        }
        String space = g.startsWith("#") ? spaceOfRef.get(g) : g;
        if (space == null) {
            throw new IllegalArgumentException("compact PST domain refers to an unknown operation or edge " + g);
        }
        return header + String.join(" and ", cs) + " } @ " + space;
    }

    /** A constraint written without spaces, spaced as the set printer writes it: 'a <= b + 2*c - 1'. */
    public static String spaced(String c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.length(); i++) {
            char ch = c.charAt(i);
            if (ch == '<' || ch == '>' || ch == '=') {
                boolean two = i + 1 < c.length() && c.charAt(i + 1) == '=';
                sb.append(' ').append(ch);
                if (two) {
                    sb.append('=');
                    i++;
                }
                sb.append(' ');
            } else if ((ch == '+' || ch == '-') && sb.length() > 0 && operand(sb.charAt(sb.length() - 1))) {
                sb.append(' ').append(ch).append(' ');
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static boolean operand(char ch) {
        return Character.isLetterOrDigit(ch) || ch == '_' || ch == ')';
    }
}
