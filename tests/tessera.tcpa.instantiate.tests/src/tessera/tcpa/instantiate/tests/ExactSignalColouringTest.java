package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.tcpa.instantiate.ControlFlow;
import tessera.tcpa.instantiate.ControlSignals;

/**
 * Seed 003 §6.2, Def. 6.4: the exact control-signal colouring (SAT over colours, code options and polarities) against
 * a brute-force oracle over every assignment of k global signals, and the decoding of every branch against the
 * transition spaces it must separate.
 */
class ExactSignalColouringTest {
    private static final int ITERATIONS = 5;

    /** One random CFG node: its out-edges over disjoint transition spaces of {0 … ITERATIONS − 1}. */
    private static List<ControlFlow.Edge> node(Random r, int v, int d) {
        List<ControlFlow.Edge> out = new ArrayList<>();
        for (int e = 0; e < d; e++) {
            out.add(new ControlFlow.Edge(v, e, new BitSet()));
        }
        for (int i = 0; i < ITERATIONS; i++) {
            int e = r.nextInt(d + 1); // d: the node does not branch in iteration i
            if (e < d) {
                out.get(e).transition().set(i);
            }
        }
        return out;
    }

    /** The smallest k ≤ 3 for which some k signals over the iterations serve every two-way node (−1: more than 3). */
    private static int bruteForce(List<List<ControlFlow.Edge>> nodes) {
        for (int k = 0; k <= 3; k++) {
            for (int g = 0; g < 1 << (k * ITERATIONS); g++) {
                final int globals = g, colours = k;
                if (nodes.stream().allMatch(n -> served(n, globals, colours))) {
                    return k;
                }
            }
        }
        return -1;
    }

    /** Some signal (or a constant) is constant on each side and different between them, in either polarity. */
    private static boolean served(List<ControlFlow.Edge> n, int globals, int k) {
        BitSet a = n.get(0).transition(), b = n.get(1).transition();
        if (a.isEmpty() || b.isEmpty()) {
            return true;
        }
        for (int c = 0; c < k; c++) {
            int sig = globals >> (c * ITERATIONS) & ((1 << ITERATIONS) - 1);
            if (constant(sig, a) >= 0 && constant(sig, b) >= 0 && constant(sig, a) != constant(sig, b)) {
                return true;
            }
        }
        return false;
    }

    private static int constant(int sig, BitSet s) {
        int v = -1;
        for (int i = s.nextSetBit(0); i >= 0; i = s.nextSetBit(i + 1)) {
            int x = sig >> i & 1;
            if (v >= 0 && x != v) {
                return -1;
            }
            v = x;
        }
        return v;
    }

    /** Every iteration of every edge's transition space decodes, from the global signals, to that edge. */
    private static void assertDecodes(ControlSignals cs, List<List<ControlFlow.Edge>> nodes, List<ControlSignals.Allocation> as) {
        Map<String, BitSet> ones = new HashMap<>();
        cs.globals().forEach(g -> ones.put(g.name(), g.ones()));
        for (int v = 0; v < nodes.size(); v++) {
            ControlSignals.Allocation a = as.get(v);
            for (int e = 0; e < nodes.get(v).size(); e++) {
                BitSet t = nodes.get(v).get(e).transition();
                for (int i = t.nextSetBit(0); i >= 0; i = t.nextSetBit(i + 1)) {
                    int code = 0;
                    for (int b = 0; b < a.bits(); b++) {
                        String token = a.token(b, code >> (a.bits() - levels(a, b)));
                        String name = cs.name(token);
                        int bit = name == null ? cs.constant(token) : (ones.get(name).get(i) ? 1 : 0) ^ (cs.flipped(token) ? 1 : 0);
                        assertTrue(bit >= 0, "node " + v + " bit " + b + " has neither a signal nor a constant side");
                        code |= bit << (a.bits() - 1 - b);
                    }
                    assertEquals(e, a.edgeOfCode()[code], "node " + v + " iteration " + i + " code " + code);
                }
            }
        }
    }

    /** Bits of the earlier branch levels, which select the placeholder of bit b (none in Def. 6.4's one-branch form). */
    private static int levels(ControlSignals.Allocation a, int b) {
        return b / a.perBranch() * a.perBranch();
    }

    @Test
    void twoWayNodesGetTheMinimumNumberOfSignalsOfTheBruteForceOracle() {
        Random r = new Random(20261125);
        int beaten = 0;
        for (int round = 0; round < 150; round++) {
            List<List<ControlFlow.Edge>> nodes = new ArrayList<>();
            int count = 2 + r.nextInt(6);
            for (int v = 0; v < count; v++) {
                nodes.add(node(r, v, 2));
            }
            ControlSignals cs = new ControlSignals(16, ControlSignals.EXACT_LIMIT, true);
            List<ControlSignals.Allocation> as = new ArrayList<>();
            for (int v = 0; v < count; v++) {
                as.add(cs.allocate(nodes.get(v), "q" + v));
            }
            cs.colour();
            assertDecodes(cs, nodes, as);
            int oracle = bruteForce(nodes);
            if (oracle >= 0) {
                assertEquals(oracle, cs.globals().size(), "round " + round);
            } else {
                assertTrue(cs.globals().size() > 3, "round " + round);
            }
            assertTrue(cs.globals().size() <= cs.greedyColours());
            if (cs.globals().size() < cs.greedyColours()) {
                beaten++;
                // the instantiation's mode: the exact step runs because the greedy count exceeds C = the minimum
                ControlSignals fit = new ControlSignals(cs.globals().size());
                List<ControlSignals.Allocation> fas = new ArrayList<>();
                for (int v = 0; v < count; v++) {
                    fas.add(fit.allocate(nodes.get(v), "q" + v));
                }
                fit.colour();
                assertEquals(cs.globals().size(), fit.globals().size(), "round " + round);
                assertDecodes(fit, nodes, fas);
            }
            assertTrue(cs.warnings().isEmpty(), cs.warnings().toString());
        }
        assertTrue(beaten > 0, "some instance needs the exact step (else this test checks only the greedy colouring)");
    }

    @Test
    void multiWayNodesDecodeToTheirEdgesUnderEveryBranchWidth() {
        Random r = new Random(7);
        for (int round = 0; round < 120; round++) {
            int perBranch = 1 + r.nextInt(2);
            List<List<ControlFlow.Edge>> nodes = new ArrayList<>();
            int count = 1 + r.nextInt(5);
            ControlSignals cs = new ControlSignals(32, ControlSignals.EXACT_LIMIT, true);
            List<ControlSignals.Allocation> as = new ArrayList<>();
            for (int v = 0; v < count; v++) {
                nodes.add(node(r, v, 2 + r.nextInt(4)));
                as.add(cs.allocate(nodes.get(v), "q" + v, perBranch));
            }
            cs.colour();
            assertDecodes(cs, nodes, as);
            assertTrue(cs.globals().size() <= cs.greedyColours(), "round " + round);
        }
    }

    @Test
    void aSpentTimeLimitKeepsTheGreedyColouringAndSaysSo() {
        Random r = new Random(3);
        List<List<ControlFlow.Edge>> nodes = new ArrayList<>();
        ControlSignals cs = new ControlSignals(32, Duration.ofNanos(1), true);
        List<ControlSignals.Allocation> as = new ArrayList<>();
        for (int v = 0; v < 8; v++) {
            nodes.add(node(r, v, 3));
            as.add(cs.allocate(nodes.get(v), "q" + v));
        }
        cs.colour();
        assertTrue(cs.greedyColours() > 1, "the instance needs more than one colour, so the exact step runs");
        assertEquals(cs.greedyColours(), cs.globals().size());
        assertEquals(1, cs.warnings().size(), cs.warnings().toString());
        assertTrue(cs.warnings().get(0).contains("time limit"), cs.warnings().get(0));
        assertDecodes(cs, nodes, as);
    }
}
