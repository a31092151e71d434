package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.dspace.tests.Fixtures.decide;
import static tessera.dspace.tests.Fixtures.dom;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Enumerator;

/** Quotient sets (seed 001a §2.10, §3.8, digest §5.7) and lowering with triggers (§3.4, digest §5.8). */
class QuotientTriggerTest {
    static final String QUOTIENT = Spaces.set("Loops") + Spaces.set("Instructions")
            + Spaces.choice("order($loop in Loops, $inst in Instructions)", "OUT", "BEFORE") + """
            choice enum is_fused($lhs in Loops, $rhs in Loops):
              symmetric
              value TRUE:
              value FALSE:
            end
            /// fusion is an equivalence relation
            require forall $a in Loops:
              forall $b in Loops:
                forall $c in Loops:
                  is_fused($a, $c) is TRUE || is_fused($a, $b) is FALSE || is_fused($b, $c) is FALSE
            quotient OuterLoops($inst in Instructions) of $loop in Loops:
              is_outer_loop = order($loop, $inst) is OUT / is_fused is TRUE
            end
            """;
    static final String LOOPS = """
            {"sets": {"Loops": ["L0", "L1", "L2"], "Instructions": ["i"]}}""";

    @Test
    void digest57Population() {
        Candidate c = Fixtures.init(QUOTIENT, Fixtures.json(LOOPS));
        assertTrue(decide(c, "order", "OUT", "L0", "i"));
        assertTrue(decide(c, "order", "OUT", "L1", "i"));
        assertEquals(List.of("L0"), c.objectsOf("OuterLoops", "i"));
        assertEquals(List.of("TRUE"), dom(c, "is_outer_loop", "i", "L0"));
        assertEquals(List.of("FALSE", "TRUE"), dom(c, "is_outer_loop", "i", "L1"));
        assertTrue(decide(c, "is_fused", "FALSE", "L0", "L1"));
        assertEquals(List.of("L0", "L1"), c.objectsOf("OuterLoops", "i"));
        assertTrue(decide(c, "order", "OUT", "L2", "i"));
        assertTrue(decide(c, "is_fused", "TRUE", "L2", "L0"));
        assertEquals(List.of("FALSE"), dom(c, "is_outer_loop", "i", "L2"));
        assertEquals(List.of("L0", "L1"), c.objectsOf("OuterLoops", "i"));
    }

    /**
     * A loop that joins the class representatives of a second instruction, already one of the first's, gives a
     * counter over both instructions' quotient sets one new term, for the new pair only (seed 001a §3.9 partial_init):
     * the term of the old pair is not counted twice, and the terms are those of a full rebuild.
     */
    @Test
    void quotientMemberOfTwoParametersCountsOnce() {
        String space = QUOTIENT + """
                choice counter outer_pairs():
                  forall $inst in Instructions:
                    forall $loop in OuterLoops($inst):
                      sum "1"
                end
                """;
        Candidate c = Fixtures.init(space, Fixtures.json("""
                {"sets": {"Loops": ["L0", "L1"], "Instructions": ["i", "j"]}}"""));
        int pairs = c.variable("outer_pairs", List.of());
        assertTrue(decide(c, "order", "OUT", "L0", "i"));
        assertEquals(List.of("L0"), c.objectsOf("OuterLoops", "i"));
        assertEquals(1L, c.counterBounds(pairs)[0]);
        assertTrue(decide(c, "order", "OUT", "L0", "j"));
        assertEquals(List.of("L0"), c.objectsOf("OuterLoops", "j"));
        assertEquals(2L, c.counterBounds(pairs)[0], "(i, L0) and (j, L0), once each");
        assertEquals(show(tessera.dspace.runtime.csp.Access.sortedTerms(c, true).get(pairs)),
                show(tessera.dspace.runtime.csp.Access.sortedTerms(c, false).get(pairs)));
    }

    private static String show(List<long[]> terms) {
        StringBuilder sb = new StringBuilder();
        terms.forEach(t -> sb.append(java.util.Arrays.toString(t)));
        return sb.toString();
    }

    @Test
    void quotientAgreesWithSat4j() {
        // 2^3 orders × 5 partitions of 3 loops
        assertEquals(40, OracleCheck.check(QUOTIENT, LOOPS, 11, 30, "quotient"));
    }

    static final String TRIGGER = Spaces.set("Variables") + Spaces.set("Insts") + Spaces.set("MemOps($v in Variables) subsetof Insts")
            + Spaces.choice("is_in_memory($v in Variables)", "TRUE", "FALSE")
            + Spaces.choice("cache_level($i in Insts)", "L1", "L2", "NONE") + """
            require forall $i in Insts:
              forall $j in Insts:
                cache_level($i) is not L1 || cache_level($j) is not L1
            """;
    static final String LOWERED = TRIGGER + """
            trigger forall $v in Variables:
              "$fun.gen_store_load($v)" when is_in_memory($v) is TRUE
            """;
    static final String UPFRONT = TRIGGER.replace("value NONE:", "value NONE:\n  value ABSENT:") + """
            require forall $v in Variables:
              forall $i in MemOps($v):
                is_in_memory($v) is TRUE || cache_level($i) is ABSENT
            require forall $v in Variables:
              forall $i in MemOps($v):
                is_in_memory($v) is FALSE || cache_level($i) is not ABSENT
            """;
    static final String LOWERED_INST = """
            {"sets": {"Variables": ["v0", "v1"], "Insts": []},
             "triggers": {"$fun.gen_store_load($v)": {
                "v0": {"sets": {"Insts": ["st0", "ld0"], "MemOps": {"v0": ["st0", "ld0"]}}},
                "v1": {"sets": {"Insts": ["st1", "ld1"], "MemOps": {"v1": ["st1", "ld1"]}}}}}}""";
    static final String UPFRONT_INST = """
            {"sets": {"Variables": ["v0", "v1"], "Insts": ["st0", "ld0", "st1", "ld1"],
                      "MemOps": {"v0": ["st0", "ld0"], "v1": ["st1", "ld1"]}}}""";

    @Test
    void triggerAddsObjectsAndVariables() {
        Candidate c = Fixtures.init(LOWERED, Fixtures.json(LOWERED_INST));
        assertEquals(-1, c.variable("cache_level", List.of("st0")));
        assertTrue(decide(c, "is_in_memory", "TRUE", "v0"));
        assertEquals(List.of("st0", "ld0"), c.objectsOf("Insts", null));
        assertEquals(List.of("L1", "L2", "NONE"), dom(c, "cache_level", "st0"));
        assertTrue(decide(c, "cache_level", "L1", "st0"));
        assertEquals(List.of("L2", "NONE"), dom(c, "cache_level", "ld0"));
        // the new instructions are constrained against those a later lowering adds
        assertTrue(decide(c, "is_in_memory", "TRUE", "v1"));
        assertEquals(List.of("L2", "NONE"), dom(c, "cache_level", "ld1"));
    }

    /**
     * Copies share their kernel's variable tables until one of them adds a variable: two branches whose lowerings give
     * the same new object index different objects (st0, then st1) each find their own variables, and their parent,
     * lowered last, its own.
     */
    @Test
    void branchesIndexTheirOwnVariables() {
        Candidate parent = Fixtures.init(LOWERED, Fixtures.json(LOWERED_INST));
        Candidate a = parent.copy(), b = parent.copy();
        assertTrue(decide(a, "is_in_memory", "TRUE", "v0"));
        assertTrue(decide(b, "is_in_memory", "TRUE", "v1"));
        assertEquals(List.of("L1", "L2", "NONE"), dom(b, "cache_level", "st1"));
        assertEquals(-1, b.variable("cache_level", List.of("st0")));
        assertEquals(-1, a.variable("cache_level", List.of("st1")));
        assertEquals(-1, parent.variable("cache_level", List.of("st0")));
        assertTrue(decide(a, "cache_level", "L1", "st0"));
        assertEquals(List.of("L1", "L2", "NONE"), dom(b, "cache_level", "ld1"));
        assertTrue(decide(parent, "is_in_memory", "TRUE", "v1"));
        assertTrue(decide(parent, "is_in_memory", "TRUE", "v0"));
        assertEquals(List.of("L1", "L2", "NONE"), dom(parent, "cache_level", "st0"));
        assertEquals(List.of("L2", "NONE"), dom(a, "cache_level", "ld0"));
    }

    /**
     * Snippet values of objects a lowering adds belong to its kernel: two branches whose lowerings give the same new
     * object index different objects (st0, then st1) read their own values, through atoms (one from the instance's
     * table, one from the lowering's values) and a composite snippet, while the initial object keeps its values.
     */
    @Test
    void loweredObjectsReadTheirOwnSnippetValues() {
        String space = LOWERED + """
                require forall $i in Insts:
                  cache_level($i) is not L1 || "$i.cacheable()"
                  cache_level($i) is not L2 || "!($i.cacheable())"
                  cache_level($i) is not NONE || "$i.slow()"
                """;
        String inst = """
                {"sets": {"Variables": ["v0", "v1"], "Insts": ["a"]},
                 "values": {"$i.cacheable()": {"values": {"a": true, "st0": false, "st1": true}},
                            "$i.slow()": {"values": {"a": true}}},
                 "triggers": {"$fun.gen_store_load($v)": {
                    "v0": {"sets": {"Insts": ["st0"], "MemOps": {"v0": ["st0"]}}, "values": {"$i.slow()": {"values": {"st0": false}}}},
                    "v1": {"sets": {"Insts": ["st1"], "MemOps": {"v1": ["st1"]}}, "values": {"$i.slow()": {"values": {"st1": true}}}}}}}""";
        Candidate root = Fixtures.init(space, Fixtures.json(inst));
        assertEquals(List.of("L1", "NONE"), dom(root, "cache_level", "a"));
        Candidate b0 = root.copy();
        assertTrue(decide(b0, "is_in_memory", "TRUE", "v0"));
        assertEquals(List.of("L2"), dom(b0, "cache_level", "st0"));
        Candidate b1 = root.copy();
        assertTrue(decide(b1, "is_in_memory", "TRUE", "v1"));
        assertEquals(List.of("L1", "NONE"), dom(b1, "cache_level", "st1"));
        assertTrue(decide(b1, "is_in_memory", "TRUE", "v0"));
        assertEquals(List.of("L2"), dom(b1, "cache_level", "st0"));
        assertEquals(List.of("L1", "NONE"), dom(b1, "cache_level", "a"));
    }

    /**
     * A lowering that gives an initial object a snippet value gives it to its own kernel only: branch b0's lowering
     * makes {@code slow(a)} false, so a later run there forbids NONE for {@code a}; branch b1 and the root keep the
     * instance's value, read before from the values all kernels share.
     */
    @Test
    void loweringsGiveInitialObjectsValuesOfTheirOwn() {
        String space = LOWERED + """
                require forall $i in Insts:
                  forall $v in Variables:
                    cache_level($i) is not NONE || "$i.slow()" || is_in_memory($v) is not TRUE
                """;
        String inst = """
                {"sets": {"Variables": ["v0", "v1"], "Insts": ["a"]},
                 "values": {"$i.slow()": {"values": {"a": true, "st0": true, "st1": true}}},
                 "triggers": {"$fun.gen_store_load($v)": {
                    "v0": {"sets": {"Insts": ["st0"], "MemOps": {"v0": ["st0"]}}, "values": {"$i.slow()": {"values": {"a": false}}}},
                    "v1": {"sets": {"Insts": ["st1"], "MemOps": {"v1": ["st1"]}}}}}}""";
        Candidate root = Fixtures.init(space, Fixtures.json(inst));
        assertEquals(List.of("L1", "L2", "NONE"), dom(root, "cache_level", "a"));
        Candidate b1 = root.copy();
        assertTrue(decide(b1, "is_in_memory", "TRUE", "v1"));
        assertEquals(List.of("L1", "L2", "NONE"), dom(b1, "cache_level", "a"));
        Candidate b0 = root.copy();
        assertTrue(decide(b0, "is_in_memory", "TRUE", "v0")); // the lowering: slow(a) false from here on
        assertTrue(decide(b0, "is_in_memory", "TRUE", "v1")); // wakes the rule on (a, v1)
        assertEquals(List.of("L1", "L2"), dom(b0, "cache_level", "a"));
        assertEquals(List.of("L1", "L2", "NONE"), dom(root, "cache_level", "a"));
    }

    /**
     * partial_init looks for new choice instances only among the bindings of objects a lowering added, and numbers
     * them as a full enumeration does: per choice, in the order of the objects' positions in their sets.
     */
    @Test
    void loweringNumbersNewInstancesAsAFullEnumeration() {
        String space = LOWERED + Spaces.choice("pair($i in Insts, $j in Insts)", "NEAR", "FAR")
                + Spaces.choice("slot($v in Variables, $i in MemOps($v))", "LOW", "HIGH");
        String inst = LOWERED_INST.replace("\"Insts\": []", "\"Insts\": [\"a\", \"b\"]");
        Candidate c = Fixtures.init(space, Fixtures.json(inst));
        int before = c.variableCount();
        assertTrue(decide(c, "is_in_memory", "TRUE", "v0"));
        List<String> made = new ArrayList<>();
        for (int v = before; v < c.variableCount(); v++) {
            made.add(c.choiceOf(v) + c.argsOf(v));
        }
        assertEquals(List.of("cache_level[st0]", "cache_level[ld0]",
                "pair[a, st0]", "pair[a, ld0]", "pair[b, st0]", "pair[b, ld0]", "pair[st0, a]", "pair[st0, b]",
                "pair[st0, ld0]", "pair[ld0, a]", "pair[ld0, b]", "pair[ld0, st0]",
                "slot[v0, st0]", "slot[v0, ld0]"), made);
    }

    @Test
    void loweringEqualsUpFrontExposure() {
        // digest §5.8: the trigger path and the ABSENT path have the same fixed implementations
        Candidate low = Fixtures.init(LOWERED, Fixtures.json(LOWERED_INST));
        Candidate up = Fixtures.init(UPFRONT, Fixtures.json(UPFRONT_INST));
        Enumerator.Result a = Enumerator.run(low, Fixtures.deadline(), Monitor.NULL, 100_000, false);
        Enumerator.Result b = Enumerator.run(up, Fixtures.deadline(), Monitor.NULL, 100_000, false);
        assertEquals(b.leaves(), a.leaves());
        // v0, v1 in memory: 3·3·3·3 minus placements with two L1 (= 81 - 33 = 48); one in memory: 9 - 1 = 8 each; none: 1
        assertEquals(48 + 8 + 8 + 1, a.leaves());
        assertEquals(0, a.deadEnds());
    }

    @Test
    void triggersCommute() {
        Random rnd = new Random(3);
        TreeSet<String> first = null;
        for (int trial = 0; trial < 6; trial++) {
            Candidate c = Fixtures.init(LOWERED, Fixtures.json(LOWERED_INST));
            List<String> vars = new ArrayList<>(List.of("v0", "v1"));
            Collections.shuffle(vars, rnd);
            for (String v : vars) {
                assertTrue(decide(c, "is_in_memory", "TRUE", v));
            }
            TreeSet<String> state = new TreeSet<>(c.objectsOf("Insts", null));
            for (String i : c.objectsOf("Insts", null)) {
                state.add(i + "=" + dom(c, "cache_level", i));
            }
            if (first == null) {
                first = state;
            }
            assertEquals(first, state, "the order in which triggers fire changed the result");
        }
    }

    @Test
    void loweringAgreesWithSat4j() {
        // the oracle exposes the lowerings up front (docs/dspace.md §5); counts, fixed candidates and soundness agree
        Candidate c = Fixtures.init(LOWERED, Fixtures.json(LOWERED_INST));
        assertEquals(65, OracleCheck.checkLowered(c, new Random(5), 40, "lowered"));
    }

    /** Random spaces with triggers: nested lowerings, two-condition triggers, counters over lowered objects. */
    @Test
    void randomLoweredSpacesAgreeWithSat4j() {
        Random rnd = new Random(2026);
        int checked = 0;
        for (int trial = 0; trial < 40; trial++) {
            boolean nested = rnd.nextBoolean(), spill = rnd.nextBoolean(), counter = rnd.nextBoolean();
            int k = 1 + rnd.nextInt(2), limit = rnd.nextInt(3);
            StringBuilder sp = new StringBuilder(TRIGGER).append(Spaces.set("Syncs"));
            sp.append(Spaces.choice("spill($v in Variables)", "YES", "NO"));
            sp.append(Spaces.choice("sync_kind($s in Syncs)", "BAR", "FENCE"));
            sp.append("""
                    require forall $s in Syncs:
                      forall $t in Syncs:
                        sync_kind($s) is not FENCE || sync_kind($t) is not FENCE
                    """);
            sp.append("trigger forall $v in Variables:\n  \"$fun.gen_store_load($v)\" when is_in_memory($v) is TRUE")
                    .append(spill ? " && spill($v) is YES\n" : "\n");
            if (nested) {
                sp.append("trigger forall $i in Insts:\n  \"$fun.gen_sync($i)\" when cache_level($i) is L2\n");
            }
            if (counter) {
                sp.append("""
                        choice counter l2_count():
                          forall $i in Insts:
                            sum "1" when
                              cache_level($i) is L2
                        end
                        require l2_count() <= "%d"
                        """.formatted(limit));
            }
            StringBuilder in = new StringBuilder("{\"sets\": {\"Variables\": [");
            StringBuilder eff = new StringBuilder(), sync = new StringBuilder();
            for (int v = 0; v < k; v++) {
                in.append(v > 0 ? ", " : "").append("\"v").append(v).append('"');
                eff.append(v > 0 ? ", " : "").append("\"v%d\": {\"sets\": {\"Insts\": [\"st%d\", \"ld%d\"], \"MemOps\": {\"v%d\": [\"st%d\", \"ld%d\"]}}}"
                        .formatted(v, v, v, v, v, v));
                for (String i : List.of("st" + v, "ld" + v)) {
                    sync.append(sync.isEmpty() ? "" : ", ").append("\"%s\": {\"sets\": {\"Syncs\": [\"sync_%s\"]}}".formatted(i, i));
                }
            }
            in.append("], \"Insts\": [], \"Syncs\": []}, \"triggers\": {\"$fun.gen_store_load($v)\": {").append(eff)
                    .append("}, \"$fun.gen_sync($i)\": {").append(sync).append("}}}");
            String what = "trial " + trial + "\n" + sp + "\n" + in;
            Candidate c = Fixtures.init(sp.toString(), Fixtures.json(in.toString()));
            if (OracleCheck.checkLowered(c, rnd, 6, what) >= 0) {
                checked++;
            }
        }
        assertTrue(checked >= 30, "most random spaces are small enough to compare: " + checked);
    }

    /**
     * Tessera's GPU space on axpy (n = 64) lowers point-to-point communications into temporary arrays; random descents
     * to fixed candidates (lowered ones among them) are accepted by SAT4J under assumptions (each one a model, so
     * the oracle's encoding of the space with its lowerings exposed up front is satisfiable).
     */
    @Test
    void gpuSpaceOracleCoversItsTrigger() {
        Candidate init = Fixtures.init(Fixtures.gpuSpace().program(), Fixtures.gpuInstance("axpy-64"));
        tessera.dspace.runtime.oracle.SatOracle oracle = tessera.dspace.runtime.oracle.SatOracle.of(init);
        Random rnd = new Random(7);
        int fixed = 0, lowered = 0;
        for (int trial = 0; trial < 40 && fixed < 3; trial++) { // most descents of axpy end in a dead end
            Candidate c = init.copy();
            while (!c.failed() && c.firstOpen() >= 0) {
                int v = c.firstOpen();
                long d = c.domain(v);
                int k = rnd.nextInt(Long.bitCount(d));
                for (int j = 0; j < k; j++) {
                    d &= d - 1;
                }
                c.restrict(v, Long.lowestOneBit(d));
            }
            if (!c.failed()) {
                fixed++;
                lowered += c.objectsOf("Arrays", null).stream().anyMatch(a -> a.startsWith("tmp_")) ? 1 : 0;
                assertTrue(oracle.accepts(c, Fixtures.deadline()), () -> "SAT4J rejects " + OracleCheck.named(c));
            }
        }
        assertTrue(fixed >= 3 && lowered >= 1, fixed + " fixed candidates, " + lowered + " lowered");
    }

    /**
     * Where the GPU space is small enough to enumerate (Table 4.2's outer product, 2 dimensions and 3 instructions),
     * the runtime and SAT4J count the same solutions, SAT4J accepts every one, and propagation along random decision
     * paths never removes a value of a solution ({@link OracleCheck}; scal and axpy have too many solutions).
     */
    @Test
    void gpuSpaceAgreesWithSat4jOnTheOuterProduct() {
        Candidate outer = Fixtures.init(Fixtures.gpuSpace().program(), Fixtures.gpuInstance("outer_product"));
        int n = OracleCheck.check(outer, new Random(11), 8, "outer_product.json");
        assertTrue(n > 1, "outer_product: " + (n < 0 ? "more than " + OracleCheck.MAX + " solutions" : n + " solutions"));
    }
}
