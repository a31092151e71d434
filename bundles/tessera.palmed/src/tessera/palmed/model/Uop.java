package tessera.palmed.model;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/** Seed 000 App. A Def. A.2: {@code count} μOPs that may each execute on any port of {@code ports} (uops.info "2*p01"). */
public record Uop(int count, SortedSet<String> ports) {
    public Uop {
        if (count <= 0 || ports.isEmpty()) {
            throw new IllegalArgumentException("a μOP needs a positive count and at least one port");
        }
        ports = Collections.unmodifiableSortedSet(new TreeSet<>(ports));
    }

    /** uops.info notation: {@code 1*p01}. */
    public String notation() {
        return count + "*p" + String.join("", ports);
    }
}
