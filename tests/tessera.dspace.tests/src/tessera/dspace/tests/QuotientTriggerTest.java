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
    static final String QUOTIENT = """
            set Loops: end
            set Instructions: end
            choice enum order($loop in Loops, $inst in Instructions):
              value OUT:
              value BEFORE:
            end
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

    @Test
    void quotientAgreesWithSat4j() {
        Candidate c = Fixtures.init(QUOTIENT, Fixtures.json(LOOPS));
        // 2^3 orders × 5 partitions of 3 loops
        assertEquals(40, OracleCheck.check(c, new Random(11), 30, "quotient"));
    }

    static final String TRIGGER = """
            set Variables: end
            set Insts: end
            set MemOps($v in Variables) subsetof Insts: end
            choice enum is_in_memory($v in Variables):
              value TRUE:
              value FALSE:
            end
            choice enum cache_level($i in Insts):
              value L1:
              value L2:
              value NONE:
            end
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
}
