package tessera.palmed.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Seed 000 §IV Def. IV.2 (= App. A Def. A.3), the conjunctive resource mapping: instruction → abstract resources with
 * normalized weights ρ_{i,r} (cycles of r used by one instance), and the throughput formula of Def. IV.3
 * {@code t(K) = max_r Σ_i σ_{K,i}·ρ_{i,r}}. Immutable. {@code saturating} holds sat[r] when the mapping was inferred.
 */
public final class ResourceMapping {
    private final String name;
    private final List<String> resources;
    private final Map<String, Map<String, Double>> rho;
    private final Map<String, Kernel> saturating;

    public ResourceMapping(String name, List<String> resources, Map<String, Map<String, Double>> rho,
            Map<String, Kernel> saturating) {
        this.name = name;
        this.resources = List.copyOf(resources);
        Map<String, Map<String, Double>> m = new LinkedHashMap<>();
        rho.forEach((i, row) -> {
            Map<String, Double> r = new LinkedHashMap<>();
            for (String res : this.resources) {
                Double w = row.get(res);
                if (w != null && w > 0) {
                    r.put(res, w);
                }
            }
            for (String res : row.keySet()) {
                if (!this.resources.contains(res)) {
                    throw new IllegalArgumentException("instruction " + i + " uses undeclared resource " + res);
                }
            }
            m.put(i, Collections.unmodifiableMap(r));
        });
        this.rho = Collections.unmodifiableMap(m);
        this.saturating = Collections.unmodifiableMap(new LinkedHashMap<>(saturating));
    }

    public String name() {
        return name;
    }

    public List<String> resources() {
        return resources;
    }

    public Map<String, Map<String, Double>> rho() {
        return rho;
    }

    public Map<String, Kernel> saturating() {
        return saturating;
    }

    public boolean has(String instruction) {
        return rho.containsKey(instruction);
    }

    /** ρ_{i,r}; 0 for no edge. */
    public double rho(String instruction, String resource) {
        Map<String, Double> row = rho.get(instruction);
        return row == null ? 0 : row.getOrDefault(resource, 0.0);
    }

    public List<String> instructions() {
        return new ArrayList<>(rho.keySet());
    }

    /** Σ_i σ_{K,i}·ρ_{i,r} for every resource, in resource order. */
    public Map<String, Double> loads(Kernel k) {
        Map<String, Double> loads = new LinkedHashMap<>();
        for (String r : resources) {
            loads.put(r, 0.0);
        }
        for (Map.Entry<String, Integer> e : k.counts().entrySet()) {
            Map<String, Double> row = rho.get(e.getKey());
            if (row == null) {
                throw new IllegalArgumentException("instruction " + e.getKey() + " is not in mapping " + name);
            }
            row.forEach((r, w) -> loads.merge(r, w * e.getValue(), Double::sum));
        }
        return loads;
    }

    /** t(K) = max_r Σ σ·ρ (Def. IV.2). */
    public double cycles(Kernel k) {
        double t = 0;
        for (double l : loads(k).values()) {
            t = Math.max(t, l);
        }
        return t;
    }

    /** K̄ = |K| / t(K) (Def. IV.3); infinite when K uses no resource. */
    public double ipc(Kernel k) {
        double t = cycles(k);
        return t <= 0 ? Double.POSITIVE_INFINITY : k.size() / t;
    }

    /** The resource with the largest load (first in resource order on ties). */
    public String bottleneck(Kernel k) {
        String best = null;
        double bl = -1;
        for (Map.Entry<String, Double> e : loads(k).entrySet()) {
            if (e.getValue() > bl + 1e-12) {
                bl = e.getValue();
                best = e.getKey();
            }
        }
        return best;
    }

    /** A copy with {@code extra} rows added (or replaced). */
    public ResourceMapping withInstructions(Map<String, Map<String, Double>> extra) {
        Map<String, Map<String, Double>> m = new LinkedHashMap<>(rho);
        m.putAll(extra);
        return new ResourceMapping(name, resources, m, saturating);
    }

    /** Readable text form, parsed back by {@link MappingIO#parseText}. */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        sb.append("# PALMED resource mapping (seed 000 Def. IV.2): rho = normalized cycles of each resource\n");
        sb.append("mapping ").append(name).append('\n');
        sb.append("resources");
        for (String r : resources) {
            sb.append(' ').append(r);
        }
        sb.append('\n');
        for (Map.Entry<String, Map<String, Double>> e : new TreeMap<>(rho).entrySet()) {
            sb.append(e.getKey()).append(':');
            e.getValue().forEach((r, w) -> sb.append(' ').append(r).append('=').append(Rational.format(w)));
            sb.append('\n');
        }
        saturating.forEach((r, k) -> sb.append("sat ").append(r).append(": ").append(k.key()).append('\n'));
        return sb.toString();
    }

    @Override
    public String toString() {
        return toText();
    }
}
