package tessera.palmed.model;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Seed 000 App. A Def. A.2, one term of a port mapping: {@code count} cycles of load that may each go to any port of
 * {@code ports}. A plain term ({@code busy} false, uops.info "2*p01") is {@code count} μOPs of one cycle each; a busy
 * term ({@code busy} true, "4c*pd", issue 21 item 5) is one μOP that keeps a non-pipelined unit of {@code ports}
 * busy {@code count} cycles. Either way it adds {@code count} cycles of load (digest §2.3), so the throughput LP and
 * the dual only read {@link #count()}; the two differ in {@link #uops()}, the μOPs the front end issues.
 */
public record Uop(int count, SortedSet<String> ports, boolean busy) {
    public Uop {
        if (count <= 0 || ports.isEmpty()) {
            throw new IllegalArgumentException("a μOP needs a positive count and at least one port");
        }
        ports = Collections.unmodifiableSortedSet(new TreeSet<>(ports));
    }

    /** {@code count} pipelined μOPs on {@code ports} (the pre-issue-21 meaning). */
    public Uop(int count, SortedSet<String> ports) {
        this(count, ports, false);
    }

    /** μOPs this term contributes to the instruction's default μOP count: 1 for a busy term, else {@code count}. */
    public int uops() {
        return busy ? 1 : count;
    }

    /** uops.info notation: {@code 1*p01}; the busy form {@code 4c*pd}. */
    public String notation() {
        return count + (busy ? "c" : "") + "*p" + String.join("", ports);
    }
}
