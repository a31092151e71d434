package tessera.modsched.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import tessera.modsched.io.Power8;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;

/**
 * Random innermost-loop DDGs shaped like the Perfect Club statistics of seed 002 §5.1 (digest §6.1): 34.8 % of
 * loops with recurrences, 12 % with non-pipelined divide / square root, mean about 16 nodes and 20 edges with a
 * long tail (the largest loop had 376 nodes), loads feeding arithmetic feeding stores. Some dependences are
 * anti / memory orderings with latency 0 (the production case of §6.2). Deterministic for a given seed.
 * <p>
 * Machine {@link #perfectClub()}: 2 load/store units (load 2, store 1), 2 adders (4), 2 multipliers (4), all
 * pipelined, and 2 non-pipelined Div/Sqrt units (div 17, sqrt 30 cycles of occupancy = latency).
 * {@link Profile#SMALL} uses a scaled-down divider (div 5, sqrt 7) so the exact solver stays fast.
 * {@link #compilerLike(long)} gives loops shaped like GCC's graphs of real loops on POWER8 instead
 * ({@link CompilerLikeLoops}); the other profiles' loops for a given seed do not depend on it.
 */
public final class RandomLoopGenerator {
    /** Size and machine profile. */
    public enum Profile {
        /** Sizes 5..500 (mostly 5..30), the Perfect Club machine. */
        PERFECT_CLUB,
        /** Sizes from the caller's range, short divider latencies. */
        SMALL,
        /**
         * Loops shaped like GCC's dependence graphs on {@link Power8#machine()} (unrolled store chains, induction
         * variables, register-reuse anti arcs, multi-arc recurrences: {@link CompilerLikeLoops}); at most about
         * maxNodes operations.
         */
        COMPILER_LIKE
    }

    private final Random rnd;
    private final Profile profile;
    private final int minNodes;
    private final int maxNodes;
    private final Machine machine;
    private final int divLat;
    private final int sqrtLat;
    private int counter;

    /** Perfect Club profile, sizes 5..500. */
    public RandomLoopGenerator(long seed) {
        this(seed, Profile.PERFECT_CLUB, 5, 500);
    }

    public RandomLoopGenerator(long seed, Profile profile, int minNodes, int maxNodes) {
        this.rnd = new Random(seed);
        this.profile = profile;
        this.minNodes = Math.max(2, minNodes);
        this.maxNodes = Math.max(this.minNodes, maxNodes);
        this.divLat = profile == Profile.SMALL ? 5 : 17;
        this.sqrtLat = profile == Profile.SMALL ? 7 : 30;
        this.machine = switch (profile) {
            case SMALL -> machine("small", divLat);
            case COMPILER_LIKE -> Power8.machine();
            default -> perfectClub();
        };
    }

    /** Compiler-like loops ({@link Profile#COMPILER_LIKE}) of at most about 100 operations. */
    public static RandomLoopGenerator compilerLike(long seed) {
        return compilerLike(seed, 100);
    }

    /** Compiler-like loops ({@link Profile#COMPILER_LIKE}) of at most about {@code maxNodes} operations. */
    public static RandomLoopGenerator compilerLike(long seed, int maxNodes) {
        return new RandomLoopGenerator(seed, Profile.COMPILER_LIKE, 2, maxNodes);
    }

    /** The Perfect Club machine of seed 002 §5.1. */
    public static Machine perfectClub() {
        return machine("perfectclub", 17);
    }

    private static Machine machine(String name, int div) {
        return Machine.builder(name).pipelined("ls", 2).pipelined("add", 2).pipelined("mul", 2)
                .resource("divsqrt", 2, div).build();
    }

    public Machine machine() {
        return machine;
    }

    private int size() {
        if (profile == Profile.SMALL || maxNodes <= 30) {
            return minNodes + rnd.nextInt(maxNodes - minNodes + 1);
        }
        // 90 % small loops (5..30, skewed to ~12-16), 10 % log-uniform up to maxNodes
        if (rnd.nextDouble() < 0.9) {
            int lo = minNodes;
            int hi = Math.min(30, maxNodes);
            double u = (rnd.nextDouble() + rnd.nextDouble()) / 2;
            return lo + (int) Math.round(u * u * 1.6 * (hi - lo)) % (hi - lo + 1);
        }
        double lo = Math.log(30);
        double hi = Math.log(maxNodes);
        return (int) Math.round(Math.exp(lo + rnd.nextDouble() * (hi - lo)));
    }

    /** The next random loop. */
    public Loop next() {
        if (profile == Profile.COMPILER_LIKE) {
            return new CompilerLikeLoops(rnd).next("gcc" + (counter++), maxNodes);
        }
        int n = size();
        boolean recurrent = rnd.nextDouble() < 0.348;
        boolean nonPipelined = rnd.nextDouble() < 0.12;
        Loop.Builder b = Loop.builder("rand" + (counter++), machine);
        String[] kind = new String[n];
        int loads = Math.max(1, (int) Math.round(n * (0.2 + 0.1 * rnd.nextDouble())));
        int stores = Math.max(1, (int) Math.round(n * (0.1 + 0.08 * rnd.nextDouble())));
        if (loads + stores >= n) {
            loads = Math.max(1, n / 3);
            stores = 1;
        }
        int divs = nonPipelined ? 1 + rnd.nextInt(Math.min(2, Math.max(1, n - loads - stores))) : 0;
        for (int i = 0; i < n; i++) {
            if (i < loads) {
                kind[i] = "load";
            } else if (i >= n - stores) {
                kind[i] = "store";
            } else {
                kind[i] = rnd.nextBoolean() ? "add" : "mul";
            }
        }
        for (int d = 0; d < divs; d++) {
            int i = loads + rnd.nextInt(Math.max(1, n - loads - stores));
            if (i < n - stores) {
                kind[i] = rnd.nextInt(4) == 0 ? "sqrt" : "div";
            }
        }
        for (int i = 0; i < n; i++) {
            switch (kind[i]) {
                case "load" -> b.op("v" + i, "ls", 2);
                case "store" -> b.op("v" + i, "ls", 1);
                case "add" -> b.op("v" + i, "add", 4);
                case "mul" -> b.op("v" + i, "mul", 4);
                case "div" -> b.op("v" + i, "divsqrt", divLat);
                default -> {
                    List<Loop.Use> pattern = new ArrayList<>();
                    for (int o = 0; o < sqrtLat; o++) {
                        pattern.add(new Loop.Use("divsqrt", o));
                    }
                    b.op("v" + i, "divsqrt", sqrtLat, pattern, null, 0);
                }
            }
        }
        boolean[] consumed = new boolean[n];
        int edges = 0;
        for (int i = loads; i < n; i++) {
            int operands = kind[i].equals("store") ? 1 : 1 + (rnd.nextDouble() < 0.7 ? 1 : 0);
            for (int k = 0; k < operands; k++) {
                // prefer recent producers (locality of expression trees)
                int span = Math.min(i, 1 + (int) Math.abs(rnd.nextGaussian() * Math.max(2, i / 3.0)));
                int src = i - 1 - rnd.nextInt(Math.max(1, span));
                src = Math.max(0, src);
                if (kind[src].equals("store")) {
                    continue;
                }
                b.edge("v" + src, "v" + i, 0);
                consumed[src] = true;
                edges++;
            }
        }
        // every value has a consumer: connect dead values to a later non-load op
        for (int i = 0; i < n; i++) {
            if (!consumed[i] && !kind[i].equals("store")) {
                int dst = Math.max(i + 1, loads) + rnd.nextInt(Math.max(1, n - Math.max(i + 1, loads)));
                if (dst < n && dst > i) {
                    b.edge("v" + i, "v" + dst, 0);
                    edges++;
                }
            }
        }
        // memory orderings with latency 0 (store -> later load of the next iteration, or anti dependences)
        if (rnd.nextDouble() < 0.25) {
            int s = n - 1 - rnd.nextInt(stores);
            int l = rnd.nextInt(loads);
            b.edge("v" + s, "v" + l, 0, 1 + rnd.nextInt(2), DependenceKind.MEMORY, 0);
        }
        if (rnd.nextDouble() < 0.15 && n > 3) {
            int a = rnd.nextInt(n - 1);
            int c = a + 1 + rnd.nextInt(n - a - 1);
            b.edge("v" + a, "v" + c, 0, 0, DependenceKind.ANTI, 0);
        }
        if (recurrent) {
            int recs = 1 + (rnd.nextDouble() < 0.3 ? 1 + rnd.nextInt(2) : 0);
            for (int r = 0; r < recs; r++) {
                int v = loads + rnd.nextInt(Math.max(1, n - loads - stores));
                if (v >= n - stores) {
                    v = Math.max(0, n - stores - 1);
                }
                // close a cycle from v back to itself or to one of its recent ancestors
                int u = rnd.nextDouble() < 0.4 ? v : Math.max(0, v - 1 - rnd.nextInt(Math.min(v + 1, 4)));
                int dist = rnd.nextDouble() < 0.8 ? 1 : 2 + rnd.nextInt(2);
                if (u != v) {
                    b.edge("v" + u, "v" + v, 0); // make u an ancestor of v, so the back edge closes a recurrence
                }
                b.edge("v" + v, "v" + u, null, dist, DependenceKind.FLOW, 0);
            }
        }
        return b.build();
    }
}
