package tessera.palmed.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Seed 000 §III-B / App. A Def. A.2, the classic disjunctive port mapping: instruction → μOPs → allowed ports.
 * Ports are single characters (uops.info style: {@code p0156} is ports 0,1,5,6). {@code issueWidth} &gt; 0 adds the
 * front-end limit of §VI-B (at most that many μOPs issued per cycle); 0 means unlimited. {@code declaredUops} holds
 * the explicit μOP counts ({@code uops N}, issue 21 item 5) that replace the sum of an instruction's terms.
 */
public record PortMapping(String name, SortedSet<String> ports, Map<String, List<Uop>> instructions, int issueWidth,
        Map<String, Integer> declaredUops) {
    public PortMapping {
        ports = Collections.unmodifiableSortedSet(new TreeSet<>(ports));
        Map<String, List<Uop>> m = new LinkedHashMap<>();
        instructions.forEach((k, v) -> m.put(k, List.copyOf(v)));
        instructions = Collections.unmodifiableMap(m);
        if (issueWidth < 0) {
            throw new IllegalArgumentException("negative issue width");
        }
        Map<String, Integer> d = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> e : declaredUops.entrySet()) {
            if (!instructions.containsKey(e.getKey()) || e.getValue() < 0) {
                throw new IllegalArgumentException("bad μOP count for " + e.getKey());
            }
            d.put(e.getKey(), e.getValue());
        }
        declaredUops = Collections.unmodifiableMap(d);
    }

    /** A mapping whose μOP counts are the sums of the terms (every file written before issue 21). */
    public PortMapping(String name, SortedSet<String> ports, Map<String, List<Uop>> instructions, int issueWidth) {
        this(name, ports, instructions, issueWidth, Map.of());
    }

    public List<Uop> uops(String instruction) {
        List<Uop> u = instructions.get(instruction);
        if (u == null) {
            throw new IllegalArgumentException("instruction " + instruction + " is not in port mapping " + name);
        }
        return u;
    }

    public boolean has(String instruction) {
        return instructions.containsKey(instruction);
    }

    /** μOPs of one instance issued by the front end: the declared {@code uops N}, else the sum of its terms. */
    public int uopCount(String instruction) {
        List<Uop> us = uops(instruction);
        Integer declared = declaredUops.get(instruction);
        if (declared != null) {
            return declared;
        }
        int n = 0;
        for (Uop u : us) {
            n += u.uops();
        }
        return n;
    }

    public List<String> instructionNames() {
        return new ArrayList<>(instructions.keySet());
    }

    /** The uops.info form of one instruction's usage ({@code 1*p0+1*p01}). */
    public String notation(String instruction) {
        StringBuilder sb = new StringBuilder();
        for (Uop u : uops(instruction)) {
            if (sb.length() > 0) {
                sb.append('+');
            }
            sb.append(u.notation());
        }
        return sb.toString();
    }

    /** The text form read by {@link PortMappingParser}. */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        sb.append("machine ").append(name).append('\n');
        sb.append("ports");
        for (String p : ports) {
            sb.append(' ').append(p);
        }
        sb.append('\n');
        if (issueWidth > 0) {
            sb.append("issue-width ").append(issueWidth).append('\n');
        }
        for (String i : instructions.keySet()) {
            sb.append(i).append(": ").append(notation(i));
            Integer declared = declaredUops.get(i);
            if (declared != null) {
                sb.append(uops(i).isEmpty() ? "" : " ").append("uops ").append(declared);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
