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
            return (int) Math.max(0, Math.min(Integer.MAX_VALUE, (long) end - start));
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
        long s = 0;
        for (Lifetime l : lifetimes) {
            s += l.length();
        }
        this.totalLength = (int) Math.min(Integer.MAX_VALUE / 2, s);
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
                end = Math.max(end, (int) Math.min(Integer.MAX_VALUE, s.time(g.target(e)) + (long) loop.distance(e) * ii));
            }
            if (end != Integer.MIN_VALUE) {
                list.add(new Lifetime(p, s.time(p), end));
            }
        }
        // each lifetime covers every row len / II times, plus rows start, start+1, … (mod II) len mod II more times:
        // a difference array, O(lifetimes + II) whatever the lengths (issue 22: bounded work)
        long[] diff = new long[ii + 1];
        long full = 0;
        for (Lifetime l : list) {
            long len = (long) l.end() - l.start();
            if (len <= 0) {
                continue;
            }
            full += len / ii;
            int rest = (int) (len % ii);
            int from = Math.floorMod(l.start(), ii);
            int to = from + rest; // exclusive, may wrap
            if (to <= ii) {
                diff[from]++;
                diff[to]--;
            } else {
                diff[from]++;
                diff[ii]--;
                diff[0]++;
                diff[to - ii]--;
            }
        }
        int[] live = new int[ii];
        long run = 0;
        for (int r = 0; r < ii; r++) {
            run += diff[r];
            live[r] = (int) Math.min(Integer.MAX_VALUE, full + run);
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
            rf = (int) Math.max(rf, ((long) l.length() + ii - 1) / ii);
        }
        return rf;
    }
}
