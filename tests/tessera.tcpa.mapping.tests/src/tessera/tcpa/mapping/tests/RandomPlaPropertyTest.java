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
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.modsched.analysis.Mii;
import tessera.modsched.verify.Verifier;
import tessera.tcpa.mapping.passes.PstChecker;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;
import tessera.tcpa.tcpa.Architecture;

/**
 * Random small uniform PLAs (1-D and 2-D): every schedule satisfies every dependence instance when tiled (checked by
 * brute force over the iterations of concrete instances, independent of the symbolic proof) and every tiled
 * constraint at 40 tile sizes, no FU of a PE issues twice in a cycle (the MRT shares cells only between mutually
 * exclusive ops of one iteration), the modulo scheduling engine's verifier accepts the intra-tile schedule, and every
 * PST is well formed.
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
            TcpaPipeline.Compiled c = Fixtures.compile("random" + n + ".pla", pla, arch, List.of());
            assertTrue(c.mapping() != null, pla + c.diagnostics());
            assertTrue(c.ok(), pla + "\n" + c.diagnostics());
            SymbolicConfiguration conf = c.mapping().config();
            for (Map<String, Long> inst : Instances.sample(conf, 3)) {
                checkInstances(pla, conf, inst);
                checkMrt(pla, conf, inst);
            }
            checkTiledConstraints(pla, conf, r);
            var engine = SymbolicScheduling.intraTileSchedule(conf, arch);
            assertTrue(Verifier.isValid(engine), pla + Verifier.verify(engine));
            assertTrue(conf.getSchedule().getPi() >= Mii.compute(engine.loop()).value(), pla);
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

    /** The tile size p of each index at the instance {@code inst}. */
    private static long[] tileSizes(Tiling t, Map<String, Long> inst) {
        return t.getTileSizes().stream().mapToLong(inst::get).toArray();
    }

    /** The tile count of each index at the instance {@code inst} ("1" for an index that is not tiled). */
    private static long[] tileCounts(Tiling t, Map<String, Long> inst) {
        return t.getTileCounts().stream().mapToLong(v -> v.equals("1") ? 1 : inst.get(v)).toArray();
    }

    /** Brute force: each dependence instance I − d → I is carried by the split edge with θ = K − K′ and is on time. */
    static void checkInstances(String pla, SymbolicConfiguration c, Map<String, Long> inst) {
        long[] p = tileSizes(c.getTiling(), inst), tc = tileCounts(c.getTiling(), inst);
        int n = p.length;
        long[] ext = new long[n];
        for (int x = 0; x < n; x++) {
            ext[x] = p[x] * tc[x];
        }
        Map<String, Operation> ops = new HashMap<>();
        c.getOperations().forEach(o -> ops.put(o.getId(), o));
        for (DataEdge e : c.getEdges()) {
            if (e.getKind() != EdgeKind.DEPENDENCE) {
                continue;
            }
            Operation v = ops.get(e.getSource()), w = ops.get(e.getTarget());
            IntegerSet sv = v.getConditionSpace().basic().fix(inst), sw = w.getConditionSpace().basic().fix(inst);
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

    /**
     * The kernel never issues two instructions on one FU of one PE in the same cycle: every (op, iteration) of each
     * tile gets its issue time λ^J·J + λ^K·K + τ, brute force over the tiles (ops sharing an MRT cell must be
     * mutually exclusive in the same iteration, seed 003 §5.2; in different stages they would collide here).
     */
    static void checkMrt(String pla, SymbolicConfiguration c, Map<String, Long> inst) {
        long[] p = tileSizes(c.getTiling(), inst), tc = tileCounts(c.getTiling(), inst);
        int n = p.length;
        List<IntegerSet> spaces = c.getOperations().stream().map(o -> o.getConditionSpace().basic().fix(inst)).toList();
        for (long[] k : box(tc)) {
            Map<String, String> issued = new HashMap<>();
            for (long[] j : box(p)) {
                long[] i = new long[n];
                for (int x = 0; x < n; x++) {
                    i[x] = p[x] * k[x] + j[x];
                }
                for (int o = 0; o < spaces.size(); o++) {
                    Operation op = c.getOperations().get(o);
                    if (spaces.get(o).contains(i, Map.of())) {
                        String slot = op.getFu() + "@" + time(c, op, j, k, inst);
                        String who = op.getLabel() + java.util.Arrays.toString(i);
                        String before = issued.put(slot, who);
                        assertTrue(before == null, pla + inst + ": " + before + " and " + who + " both issue on " + slot);
                    }
                }
            }
        }
    }

    /** Every tiled constraint evaluated numerically from π, λ, τ, l (not from the pass's polynomials) at many tile sizes. */
    static void checkTiledConstraints(String pla, SymbolicConfiguration c, Random r) {
        Tiling t = c.getTiling();
        Map<String, Operation> ops = new HashMap<>();
        c.getOperations().forEach(o -> ops.put(o.getId(), o));
        int min = c.getSchedule().getMinTileSize();
        for (int trial = 0; trial < 40; trial++) {
            Map<String, Long> ps = new HashMap<>();
            for (String v : t.getTileSizes()) {
                ps.put(v, (long) (trial < 20 ? min + trial : min + r.nextInt(60))); // equal sizes, then mixed
            }
            for (DataEdge e : c.getEdges()) {
                if (e.getKind() != EdgeKind.DEPENDENCE) {
                    continue;
                }
                Operation v = ops.get(e.getSource()), w = ops.get(e.getTarget());
                long f = w.getTau() - v.getTau() - v.getLatency();
                for (int x = 0; x < e.getD().size(); x++) {
                    long px = ps.get(t.getTileSizes().get(x));
                    long lj = Polynomial.parse(c.getSchedule().getLambdaJ().get(x)).evaluate(ps);
                    long lk = Polynomial.parse(c.getSchedule().getLambdaK().get(x)).evaluate(ps);
                    int th = e.getTheta().isEmpty() ? 0 : e.getTheta().get(x);
                    f += lj * (e.getD().get(x) - px * th) + lk * th;
                }
                assertTrue(f >= 0, pla + e.getId() + " at " + ps + ": " + f);
            }
        }
    }

    private static List<long[]> box(long[] ext) {
        List<long[]> out = new ArrayList<>();
        long[] i = new long[ext.length];
        while (true) {
            out.add(i.clone());
            int x = ext.length - 1;
            while (x >= 0 && ++i[x] >= ext[x]) {
                i[x--] = 0;
            }
            if (x < 0) {
                return out;
            }
        }
    }
}
