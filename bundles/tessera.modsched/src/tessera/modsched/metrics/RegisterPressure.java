package tessera.modsched.metrics;

import java.util.ArrayList;
import java.util.List;

import tessera.core.graph.Digraph;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Schedule;

/**
 * Seed 002 §3 / §2 (digest §3.6, P11): register requirement of a modulo schedule. Each loop-variant value (an op
 * with at least one FLOW successor) lives over the half-open interval [t(producer), max over consumers of
 * t(consumer) + δ·II): it starts when the producer issues and ends when the last consumer issues. live(r) counts
 * the lifetimes covering kernel row r (all overlapping iterations), MaxLive = max over rows. Anti/output/memory
 * edges create no lifetime; loop invariants are not counted; an empty interval (consumer not after producer) costs
 * nothing. RF (kernel copies for modulo variable expansion) = max ceil(lifetime / II).
 */
public final class RegisterPressure {
    /** One value's lifetime, half-open [start, end), in normalised cycles of the flat schedule. */
    public record Lifetime(int producer, int start, int end) {
        public int length() {
            return Math.max(0, end - start);
        }
    }

    private final List<Lifetime> lifetimes;
    private final int[] livePerRow;
    private final int maxLive;
    private final int totalLength;
    private final int ii;

    private RegisterPressure(List<Lifetime> lifetimes, int[] livePerRow, int ii) {
        this.lifetimes = List.copyOf(lifetimes);
        this.livePerRow = livePerRow;
        this.ii = ii;
        int m = 0;
        for (int x : livePerRow) {
            m = Math.max(m, x);
        }
        this.maxLive = m;
        int s = 0;
        for (Lifetime l : lifetimes) {
            s += l.length();
        }
        this.totalLength = s;
    }

    public static RegisterPressure of(Schedule s) {
        Loop loop = s.loop();
        Digraph g = loop.graph();
        int ii = s.ii();
        List<Lifetime> list = new ArrayList<>();
        for (int p = 0; p < loop.size(); p++) {
            int end = Integer.MIN_VALUE;
            for (int e : g.outEdges(p)) {
                if (loop.dependence(e).kind() != DependenceKind.FLOW) {
                    continue;
                }
                end = Math.max(end, s.time(g.target(e)) + loop.distance(e) * ii);
            }
            if (end != Integer.MIN_VALUE) {
                list.add(new Lifetime(p, s.time(p), end));
            }
        }
        int[] live = new int[ii];
        for (Lifetime l : list) {
            if (l.length() == 0) {
                continue;
            }
            for (int r = 0; r < ii; r++) {
                // #{k : start <= r + k·II < end} = #{x ≡ r (mod II), start <= x <= end - 1}
                int hi = Math.floorDiv(l.end() - 1 - r, ii);
                int lo = -Math.floorDiv(r - l.start(), ii); // ceil((start - r) / II)
                live[r] += Math.max(0, hi - lo + 1);
            }
        }
        return new RegisterPressure(list, live, ii);
    }

    public List<Lifetime> lifetimes() {
        return lifetimes;
    }

    /** Live values per kernel row. */
    public int[] livePerRow() {
        return livePerRow.clone();
    }

    public int maxLive() {
        return maxLive;
    }

    /** Sum of all lifetimes. */
    public int totalLifetime() {
        return totalLength;
    }

    /** AvgLive = ceil(Σ lifetimes / II), a lower bound on MaxLive. */
    public int avgLive() {
        return (totalLength + ii - 1) / ii;
    }

    /** RF = max ceil(lifetime / II), at least 1: kernel copies needed by modulo variable expansion. */
    public int replicationFactor() {
        int rf = 1;
        for (Lifetime l : lifetimes) {
            rf = Math.max(rf, (l.length() + ii - 1) / ii);
        }
        return rf;
    }
}
