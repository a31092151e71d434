package tessera.palmed.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Seed 000 App. A Def. A.5 and Thm. A.1/A.2, the 𝓇-dual of a disjunctive port mapping: one abstract resource per port
 * set J of the closure 𝓇 (every μOP's port set, then unions of intersecting sets until a fixpoint), with
 * ρ_{i,J} = Σ_{μOPs v of i, ports(v) ⊆ J} count(v)/|J|. Multi-μOP instructions sum their μOPs (digest §2.6).
 * An issue width W becomes one more resource "rFE" used by every instruction with ρ = #μOPs/W.
 */
public final class DualConstruction {
    public static final String FRONT_END = "rFE";

    private DualConstruction() {
    }

    /** The practical 𝓇 of the end of App. A: port sets of μOPs closed under union of intersecting pairs. */
    public static List<SortedSet<String>> closure(PortMapping pm) {
        Set<SortedSet<String>> sets = new LinkedHashSet<>();
        for (List<Uop> us : pm.instructions().values()) {
            for (Uop u : us) {
                sets.add(new TreeSet<>(u.ports()));
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            List<SortedSet<String>> cur = new ArrayList<>(sets);
            for (int a = 0; a < cur.size(); a++) {
                for (int b = a + 1; b < cur.size(); b++) {
                    SortedSet<String> x = cur.get(a);
                    SortedSet<String> y = cur.get(b);
                    if (x.stream().anyMatch(y::contains)) {
                        TreeSet<String> u = new TreeSet<>(x);
                        u.addAll(y);
                        if (sets.add(u)) {
                            changed = true;
                        }
                    }
                }
            }
        }
        List<SortedSet<String>> out = new ArrayList<>(sets);
        out.sort(Comparator.<SortedSet<String>>comparingInt(Set::size).thenComparing(s -> String.join("", s)));
        return out;
    }

    /** The dual over the closure 𝓇 (exact: Thm. A.2; property-tested against the LP). */
    public static ResourceMapping dual(PortMapping pm) {
        return dual(pm, closure(pm));
    }

    /** The 𝓇-dual for a given 𝓇 (Def. A.5). */
    public static ResourceMapping dual(PortMapping pm, List<SortedSet<String>> family) {
        List<String> names = new ArrayList<>();
        for (SortedSet<String> j : family) {
            names.add("r" + String.join("", j));
        }
        if (pm.issueWidth() > 0) {
            names.add(FRONT_END);
        }
        Map<String, Map<String, Double>> rho = new LinkedHashMap<>();
        for (String i : pm.instructions().keySet()) {
            Map<String, Double> row = new LinkedHashMap<>();
            for (int k = 0; k < family.size(); k++) {
                SortedSet<String> j = family.get(k);
                double w = 0;
                for (Uop u : pm.uops(i)) {
                    if (j.containsAll(u.ports())) {
                        w += (double) u.count() / j.size();
                    }
                }
                if (w > 0) {
                    row.put(names.get(k), w);
                }
            }
            if (pm.issueWidth() > 0) {
                row.put(FRONT_END, (double) pm.uopCount(i) / pm.issueWidth());
            }
            rho.put(i, row);
        }
        return new ResourceMapping(pm.name() + "-dual", names, rho, Map.of());
    }
}
