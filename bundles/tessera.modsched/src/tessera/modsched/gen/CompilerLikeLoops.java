package tessera.modsched.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import tessera.modsched.io.Power8;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;

/**
 * Random loops shaped like the dependence graphs GCC's SMS builds for real loops on POWER8 (docs/modsched.md,
 * "Compiler-like random loops"; examples: s113_loop2, s1213_loop2, vas_loop2 of tests/tessera.ddg.tests/data/gcc-tsvc),
 * the production setting of seed 002 §6 (digest §6.2: zero-latency and anti dependences). Four shapes:
 * <ol>
 * <li><b>unrolled store chains</b>: the body is unrolled 1-8 times; every pair of stores GCC cannot disambiguate is
 * ordered by OUTPUT arcs (latency 0, distance 0 forwards, distance 1 backwards), every store has an OUTPUT arc
 * (latency 0) to the loop branch, and stores have MEMORY arcs (latency 5, distance 1) to loads;</li>
 * <li><b>an induction variable</b>: an integer add with a self FLOW arc (distance 1), FLOW arcs (latency 2,
 * distance 1) to every load and store that uses it and ANTI arcs (latency 0, distance 0) from each of them back to it;
 * or GCC's unrolled form, per-copy address adds off one base register (s113);</li>
 * <li><b>register reuse</b>: a loop-carried ANTI arc (latency 0, distance 1) from the consumer back to the producer of
 * almost every distance-0 FLOW arc;</li>
 * <li><b>recurrences with two or more loop-carried arcs on one circuit</b> (x[i] = f(y[i-1]), y[i] = g(x[i-1]); a[i] =
 * a[i-1]·b[i] + a[i-2] with rotated registers): a ring of 2-4 operations whose wrap arc and at least one more arc carry
 * a distance, so GCC's one-back-arc-at-a-time RecMII bound can miss it.</li>
 * </ol>
 * Every distance-0 arc goes forward in operation order, so no loop has a zero-distance cycle. Op names say what an
 * op is ({@code c2_s0_ld1}: copy 2, statement 0, load 1; {@code iv}, {@code addr2}, {@code rec_r1}, {@code br}).
 */
final class CompilerLikeLoops {
    private final Random rnd;
    private Loop.Builder b;
    private final List<String> names = new ArrayList<>();
    private final List<Boolean> isLoad = new ArrayList<>();
    private final List<Integer> stores = new ArrayList<>();

    CompilerLikeLoops(Random rnd) {
        this.rnd = rnd;
    }

    /** One statement of the body template: its loads and the operations of its expression tree. */
    private record Statement(int loads, int ops) {
    }

    /** The next loop, at most about {@code maxNodes} operations (the unroll factor shrinks to fit). */
    Loop next(String name, int maxNodes) {
        b = Loop.builder(name, Power8.machine());
        names.clear();
        isLoad.clear();
        stores.clear();
        boolean vector = rnd.nextDouble() < 0.6;
        String alu = vector ? "vsu" : "fxu";
        int loadLat = vector && rnd.nextBoolean() ? 5 : 3;
        int aluLat = vector ? 6 + rnd.nextInt(2) : 1 + rnd.nextInt(2);
        int storeLat = rnd.nextBoolean() ? 1 : 5;
        List<Loop.Use> storeUnits = new Power8.Units("lsu", vector ? "vsu" : "lu").reservation();
        List<Statement> body = new ArrayList<>();
        int statements = rnd.nextDouble() < 0.3 ? 2 : 1;
        int perCopy = 0;
        for (int s = 0; s < statements; s++) {
            int ops = rnd.nextInt(4);
            Statement st = new Statement(ops == 0 ? 1 : 1 + rnd.nextInt(3), ops); // a copy a[i] = b[i] has one load
            body.add(st);
            perCopy += st.loads() + st.ops() + 1;
        }
        int[] factors = { 1, 2, 2, 3, 4, 4, 6, 8, 8 };
        int unroll = factors[rnd.nextInt(factors.length)];
        boolean chained = unroll > 1 && rnd.nextDouble() < 0.4;
        boolean recurrence = rnd.nextDouble() < 0.45;
        int ring = 2 + rnd.nextInt(3);
        int fixed = 2 + (recurrence ? 2 * ring + 1 : 0);
        while (unroll > 1 && unroll * (perCopy + (chained ? 1 : 0)) + fixed > maxNodes) {
            unroll--;
        }
        chained &= unroll > 1;
        double reuse = 0.8 + 0.2 * rnd.nextDouble();
        List<int[]> addrUsers = new ArrayList<>(); // {address op, user}
        List<Integer> ivUsers = new ArrayList<>();
        List<Integer> addrs = new ArrayList<>();
        for (int c = 0; c < unroll; c++) {
            int addr = -1;
            if (chained && c > 0) {
                addr = op("addr" + c, "fxu", 1 + rnd.nextInt(2), null, false);
                addrs.add(addr);
            }
            for (int s = 0; s < body.size(); s++) {
                Statement st = body.get(s);
                String p = "c" + c + "_s" + s + "_";
                List<Integer> values = new ArrayList<>();
                List<Integer> mem = new ArrayList<>();
                for (int l = 0; l < st.loads(); l++) {
                    int ld = op(p + "ld" + l, "lu", loadLat, null, true);
                    values.add(ld);
                    mem.add(ld);
                }
                expression(p, st.ops(), values, alu, aluLat, loadLat, reuse);
                int st0 = op(p + "st", "lsu", storeLat, storeUnits, false);
                flow(values.get(values.size() - 1), st0, reuse);
                mem.add(st0);
                stores.add(st0);
                for (int m : mem) {
                    if (addr >= 0) {
                        addrUsers.add(new int[] { addr, m });
                    } else {
                        ivUsers.add(m);
                    }
                }
            }
        }
        if (recurrence) {
            ring(ring, alu, aluLat, loadLat, storeLat, storeUnits, reuse, ivUsers);
        }
        int ivLat = 1 + rnd.nextInt(2);
        int iv = op("iv", "fxu", ivLat, null, false);
        arc(iv, iv, 1, 1, DependenceKind.FLOW);
        for (int u : ivUsers) {
            arc(iv, u, 2, 1, DependenceKind.FLOW); // the next iteration's address
            arc(u, iv, 0, 0, DependenceKind.ANTI); // read before the increment overwrites it
        }
        for (int a : addrs) {
            arc(iv, a, 1, 1, DependenceKind.FLOW);
            arc(a, iv, 0, 0, DependenceKind.ANTI);
        }
        for (int[] au : addrUsers) {
            arc(au[0], au[1], 2, 0, DependenceKind.FLOW);
            if (rnd.nextDouble() < reuse) {
                arc(au[1], au[0], 0, 1, DependenceKind.ANTI);
            }
        }
        int br = op("br", "bpu", 3, null, false);
        arc(br, br, 3, 1, DependenceKind.FLOW);
        memoryOrder(br);
        return b.build();
    }

    /** Operations of an expression tree over {@code values}; the last value is the tree's result. */
    private void expression(String p, int ops, List<Integer> values, String alu, int aluLat, int loadLat,
            double reuse) {
        List<Integer> open = new ArrayList<>(values);
        for (int e = 0; e < ops; e++) {
            int x = op(p + "op" + e, alu, aluLat, null, false);
            int operands = open.size() >= 2 && rnd.nextDouble() < 0.8 ? 2 : 1;
            for (int k = 0; k < operands && !open.isEmpty(); k++) {
                flow(open.remove(open.size() - 1 - rnd.nextInt(Math.min(open.size(), 2))), x, reuse);
            }
            open.add(x);
            values.add(x);
        }
        // loads nobody combined still feed the result (the store's value), as in a sum of products
        if (ops > 0) {
            int last = values.get(values.size() - 1);
            for (int v : open) {
                if (v != last) {
                    flow(v, last, reuse);
                }
            }
        }
    }

    /**
     * A recurrence ring r0 → r1 → … → r(k-1) → r0 whose wrap arc carries distance 1 or 2 and at least one more arc
     * distance 1; some ring ops take a loaded operand, the last one is stored.
     */
    private void ring(int k, String alu, int aluLat, int loadLat, int storeLat, List<Loop.Use> storeUnits,
            double reuse, List<Integer> ivUsers) {
        int[] r = new int[k];
        for (int j = 0; j < k; j++) {
            if (rnd.nextBoolean()) {
                int ld = op("rec_ld" + j, "lu", loadLat, null, true);
                ivUsers.add(ld);
                r[j] = op("rec_r" + j, alu, aluLat, null, false);
                flow(ld, r[j], reuse);
            } else {
                r[j] = op("rec_r" + j, alu, aluLat, null, false);
            }
        }
        int carried = k == 2 ? 0 : rnd.nextInt(k - 1); // this forward arc carries distance 1 in any case
        for (int j = 0; j + 1 < k; j++) {
            int d = j == carried || rnd.nextDouble() < 0.3 ? 1 : 0;
            if (d == 0) {
                flow(r[j], r[j + 1], reuse);
            } else {
                arc(r[j], r[j + 1], aluLat, d, DependenceKind.FLOW);
            }
        }
        arc(r[k - 1], r[0], aluLat, rnd.nextDouble() < 0.75 ? 1 : 2, DependenceKind.FLOW);
        if (rnd.nextDouble() < 0.3) {
            int j = rnd.nextInt(k); // an accumulator inside the ring: a circuit with one carried arc
            arc(r[j], r[j], aluLat, 1 + rnd.nextInt(2), DependenceKind.FLOW);
        }
        int st = op("rec_st", "lsu", storeLat, storeUnits, false);
        flow(r[k - 1], st, reuse);
        stores.add(st);
        ivUsers.add(st);
    }

    /** OUTPUT arcs between stores and to the branch, MEMORY arcs from stores to loads, memory ANTI arcs. */
    private void memoryOrder(int br) {
        double ambiguous = rnd.nextDouble() < 0.6 ? 1.0 : 0.5 * rnd.nextDouble();
        double aliasLoads = rnd.nextDouble() < 0.5 ? 0.3 * rnd.nextDouble() : 0;
        for (int i = 0; i < stores.size(); i++) {
            int si = stores.get(i);
            arc(si, br, 0, 0, DependenceKind.OUTPUT);
            for (int j = i + 1; j < stores.size(); j++) {
                if (rnd.nextDouble() < ambiguous) {
                    int sj = stores.get(j);
                    arc(si, sj, 0, 0, DependenceKind.OUTPUT);
                    arc(sj, si, 0, 1, DependenceKind.OUTPUT);
                }
            }
            for (int l = 0; l < names.size(); l++) {
                if (!isLoad.get(l) || rnd.nextDouble() >= aliasLoads) {
                    continue;
                }
                arc(si, l, 5, 1, DependenceKind.MEMORY); // the load of the next iteration reads what si wrote
                if (l > si && rnd.nextBoolean()) {
                    arc(si, l, 5, 0, DependenceKind.MEMORY);
                }
                if (rnd.nextDouble() < 0.3) {
                    arc(l, si, 0, l < si ? 0 : 1, DependenceKind.ANTI);
                }
            }
        }
    }

    private int op(String name, String unit, int latency, List<Loop.Use> reserve, boolean load) {
        int i = b.op(name, unit, latency, reserve, null, 0);
        names.add(name);
        isLoad.add(load);
        return i;
    }

    /** A FLOW arc with the producer's latency and, usually, the register-reuse ANTI arc back (shape 3). */
    private void flow(int from, int to, double reuse) {
        if (from >= to) {
            throw new IllegalStateException("flow arc " + names.get(from) + " -> " + names.get(to) + " goes back");
        }
        b.edge(names.get(from), names.get(to), 0);
        if (rnd.nextDouble() < reuse) {
            arc(to, from, 0, 1, DependenceKind.ANTI);
        }
    }

    private void arc(int from, int to, int latency, int distance, DependenceKind kind) {
        if (distance == 0 && from >= to) {
            throw new IllegalStateException("distance-0 arc " + names.get(from) + " -> " + names.get(to) + " goes back");
        }
        b.edge(names.get(from), names.get(to), latency, distance, kind, 0);
    }
}
