package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.poly.IntegerSet;
import tessera.core.poly.Polynomial;
import tessera.tcpa.mapping.Instances;
import tessera.tcpa.mapping.TcpaCompiler;
import tessera.tcpa.mapping.passes.PstChecker;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;
import tessera.tcpa.tcpa.Architecture;

/**
 * Random small uniform PLAs (1-D and 2-D): every schedule satisfies every dependence instance when tiled (checked by
 * brute force over the iterations of concrete instances, independent of the symbolic proof), the MRT holds only
 * mutually exclusive ops per cell, and every PST is well formed.
 */
class RandomPlaPropertyTest {
    private static final String[] OPS = {"+", "and", "*", "-"};

    static String randomPla(Random r, int n) {
        List<String> idx = n == 1 ? List.of("i") : List.of("i", "j");
        String idxs = String.join(", ", idx);
        StringBuilder sb = new StringBuilder(n == 1 ? "param N where N >= 1\nfor 0 <= i < N do\n" : "param N, M where N >= 1 and M >= 1\nfor 0 <= i < N, 0 <= j < M do\n");
        int vars = 1 + r.nextInt(3);
        for (int q = 0; q < vars; q++) {
            int dim = r.nextInt(n), dist = 1 + r.nextInt(2);
            String ix = idx.get(dim);
            List<String> shifted = new ArrayList<>(idx);
            shifted.set(dim, ix + " - " + dist);
            String first = r.nextBoolean() ? "in" + q + "[" + idxs + "]" : q > 0 && r.nextBoolean() ? "v" + (q - 1) + "[" + idxs + "]" : String.valueOf(r.nextInt(9));
            sb.append("  B").append(q).append(": v").append(q).append('[').append(idxs).append("] = ").append(first).append(" if ").append(ix).append(" < ").append(dist).append('\n');
            String other = q > 0 && r.nextBoolean() ? "v" + r.nextInt(q) + "[" + idxs + "]" : r.nextBoolean() ? String.valueOf(1 + r.nextInt(7)) : "c" + q + "[" + idxs + "]";
            String op = Character.isDigit(other.charAt(0)) ? (r.nextBoolean() ? "+" : "and") : OPS[r.nextInt(OPS.length)];
            sb.append("  R").append(q).append(": v").append(q).append('[').append(idxs).append("] = v").append(q).append('[').append(String.join(", ", shifted))
                    .append("] ").append(op).append(' ').append(other).append(" if ").append(ix).append(" >= ").append(dist).append('\n');
        }
        sb.append("  Y: y[").append(idxs).append("] = v").append(vars - 1).append('[').append(idxs).append("] + v0[").append(idxs).append("]\n");
        return sb.append("end\n").toString();
    }

    @Test
    void schedulesHoldOnEveryDependenceInstance() {
        Random r = new Random(2026);
        Architecture arch = Fixtures.arch(Fixtures.portsArch(8));
        int mapped = 0;
        for (int n = 0; n < 30; n++) {
            String pla = randomPla(r, 1 + n % 2);
            TcpaCompiler.Compiled c = Fixtures.compile("random" + n + ".pla", pla, arch, List.of());
            assertTrue(c.mapping() != null, pla + c.diagnostics());
            assertTrue(c.ok(), pla + "\n" + c.diagnostics());
            SymbolicConfiguration conf = c.mapping().config();
            for (Map<String, Long> inst : Instances.sample(conf, 3)) {
                checkInstances(pla, conf, inst);
                checkMrt(pla, conf, inst);
            }
            assertEquals(List.of(), PstChecker.check(conf, Instances.sample(conf, 3)), pla);
            mapped++;
        }
        assertEquals(30, mapped);
    }

    private static long time(SymbolicConfiguration c, Operation o, long[] jj, long[] kk, Map<String, Long> inst) {
        long t = o.getTau();
        for (int x = 0; x < jj.length; x++) {
            t += Polynomial.parse(c.getSchedule().getLambdaJ().get(x)).evaluate(inst) * jj[x]
                    + Polynomial.parse(c.getSchedule().getLambdaK().get(x)).evaluate(inst) * kk[x];
        }
        return t;
    }

    /** Brute force: each dependence instance I − d → I is carried by the split edge with θ = K − K′ and is on time. */
    private static void checkInstances(String pla, SymbolicConfiguration c, Map<String, Long> inst) {
        Tiling t = c.getTiling();
        int n = t.getIndices().size();
        long[] ext = new long[n], p = new long[n];
        for (int x = 0; x < n; x++) {
            p[x] = inst.get(t.getTileSizes().get(x));
            ext[x] = p[x] * (t.getTileCounts().get(x).equals("1") ? 1 : inst.get(t.getTileCounts().get(x)));
        }
        Map<String, Operation> ops = new HashMap<>();
        c.getOperations().forEach(o -> ops.put(o.getId(), o));
        for (DataEdge e : c.getEdges()) {
            if (e.getKind() != EdgeKind.DEPENDENCE) {
                continue;
            }
            Operation v = ops.get(e.getSource()), w = ops.get(e.getTarget());
            IntegerSet sv = IntegerSet.parse(v.getConditionSpace()).fix(inst), sw = IntegerSet.parse(w.getConditionSpace()).fix(inst);
            long[] i = new long[n];
            while (true) {
                long[] src = new long[n];
                for (int x = 0; x < n; x++) {
                    src[x] = i[x] - e.getD().get(x);
                }
                if (sw.contains(i, Map.of()) && sv.contains(src, Map.of())) {
                    long[] j = new long[n], k = new long[n], j2 = new long[n], k2 = new long[n];
                    boolean mine = true;
                    for (int x = 0; x < n; x++) {
                        k[x] = i[x] / p[x];
                        j[x] = i[x] % p[x];
                        k2[x] = Math.floorDiv(src[x], p[x]);
                        j2[x] = Math.floorMod(src[x], p[x]);
                        mine &= k[x] - k2[x] == e.getTheta().get(x);
                    }
                    if (mine) {
                        long produced = time(c, v, j2, k2, inst) + v.getLatency();
                        long consumed = time(c, w, j, k, inst);
                        assertTrue(produced <= consumed, pla + e.getId() + " at I=" + java.util.Arrays.toString(i) + " " + inst
                                + ": produced " + produced + " > consumed " + consumed);
                    }
                }
                int x = n - 1;
                while (x >= 0 && ++i[x] >= ext[x]) {
                    i[x--] = 0;
                }
                if (x < 0) {
                    break;
                }
            }
        }
    }

    /** Ops in one MRT cell (fu, τ mod π) never run in the same iteration (brute force over the box). */
    private static void checkMrt(String pla, SymbolicConfiguration c, Map<String, Long> inst) {
        int pi = c.getSchedule().getPi();
        List<Operation> ops = c.getOperations();
        IntegerSet space = IntegerSet.parse(c.getIterationSpace()).fix(inst);
        for (int a = 0; a < ops.size(); a++) {
            for (int b = a + 1; b < ops.size(); b++) {
                Operation x = ops.get(a), y = ops.get(b);
                if (x.getFu().equals(y.getFu()) && x.getTau() % pi == y.getTau() % pi) {
                    IntegerSet sx = IntegerSet.parse(x.getConditionSpace()).fix(inst), sy = IntegerSet.parse(y.getConditionSpace()).fix(inst);
                    for (long[] pt : space.points(Map.of())) {
                        assertTrue(!(sx.contains(pt, Map.of()) && sy.contains(pt, Map.of())), pla + x.getLabel() + " and " + y.getLabel()
                                + " share an MRT cell but both run at " + java.util.Arrays.toString(pt));
                    }
                }
            }
        }
    }
}
