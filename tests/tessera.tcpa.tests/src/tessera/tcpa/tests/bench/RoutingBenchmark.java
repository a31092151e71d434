package tessera.tcpa.tests.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.DiagnosticException;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.Router;

/**
 * SAT4J routing times on the wrapper of examples/tcpa/tcpa32x32.tcpa (40 ports): fixed channel sets and random
 * neighbour channel sets (warm, median and max of repetitions). Run with the tcpa test class path; argument: the
 * repository root. Results in docs/tcpa.md and docs/benchmarks.md.
 */
public final class RoutingBenchmark {
    private RoutingBenchmark() {
    }

    static double[] time(ReducedTopology t, List<ChannelRequest> cs, int reps) {
        double[] ms = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            try {
                Router.route(t, cs, Deadline.after(Duration.ofSeconds(120)));
            } catch (DiagnosticException e) {
                // unroutable: the proof is what is timed
            }
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return new double[] { ms[reps / 2], ms[reps - 1] };
    }

    public static void main(String[] args) {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        ReducedTopology t = ReducedTopology.of(ArchitectureLoader.load(root.resolve("examples/tcpa/tcpa32x32.tcpa")));
        List<ChannelRequest> four = new ArrayList<>(List.of(new ChannelRequest("e", 0, 1),
                new ChannelRequest("s", 1, 0), new ChannelRequest("se", 1, 1), new ChannelRequest("nw", -1, -1)));
        time(t, four, 3);
        System.out.printf("| case | median ms | max ms |%n|---|---|---|%n");
        double[] r = time(t, List.of(new ChannelRequest("e", 0, 1)), 11);
        System.out.printf("| 1 channel δ=(0,1) | %.1f | %.1f |%n", r[0], r[1]);
        r = time(t, four, 11);
        System.out.printf("| 4 channels E, S, SE, NW (routable, minimal) | %.1f | %.1f |%n", r[0], r[1]);
        List<ChannelRequest> five = new ArrayList<>(four);
        five.add(new ChannelRequest("w", 0, -1));
        r = time(t, five, 5);
        System.out.printf("| 5 channels (unroutable: 4 PE ports; proof + conflict set) | %.1f | %.1f |%n", r[0], r[1]);
        List<ChannelRequest> shared = new ArrayList<>();
        String[] ids = { "a", "b", "c", "d", "e", "f" };
        int[][] ds = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 } };
        for (int i = 0; i < 6; i++) {
            shared.add(new ChannelRequest(ids[i], ds[i], i % 2 == 0 ? Set.of(ids[i + 1]) : Set.of(ids[i - 1])));
        }
        r = time(t, shared, 5);
        System.out.printf("| 6 channels, 3 lifetime-disjoint pairs (unroutable: 4 PE inputs) | %.1f | %.1f |%n", r[0],
                r[1]);
        Random rnd = new Random(7);
        double[] all = new double[100];
        for (int i = 0; i < all.length; i++) {
            List<ChannelRequest> cs = new ArrayList<>();
            int k = 1 + rnd.nextInt(4);
            for (int c = 0; c < k; c++) {
                cs.add(new ChannelRequest("c" + c, rnd.nextInt(3) - 1, rnd.nextInt(3) - 1));
            }
            all[i] = time(t, cs, 1)[0];
        }
        Arrays.sort(all);
        System.out.printf("| 100 random sets of 1-4 neighbour channels | %.1f | %.1f |%n", all[50], all[99]);
    }
}
