package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.dspace.tests.Fixtures.decide;
import static tessera.dspace.tests.Fixtures.dom;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.dspace.runtime.csp.Candidate;

/** Counters (seed 001a §2.9, §3.7): sum, mul, half, conditions, counter-valued terms; digest §5.6. */
class CounterTest {
    static final String LOCAL_MEM = Spaces.set("Arrays") + Spaces.choice("mem_space($array in Arrays)", "GLOBAL", "LOCAL") + """
            choice %s counter local_mem_used():
              forall $array in Arrays:
                sum "$array.size()" when
                  mem_space($array) is LOCAL
            end
            require local_mem_used() <= "2048"
            """;
    static final String ARRAYS = """
            {"sets": {"Arrays": ["A", "B", "C"]}, "values": {"$a.size()": {"values": {"A": 1024, "B": 2048, "C": 512}}}}""";

    static long[] bounds(Candidate c, String choice, String... objs) {
        return c.counterBounds(c.variable(choice, List.of(objs)));
    }

    @Test
    void digest56LocalMemory() {
        Candidate c = Fixtures.init(LOCAL_MEM.formatted(""), Fixtures.json(ARRAYS));
        assertArrayEquals(new long[] { 0, 3584 }, bounds(c, "local_mem_used"));
        assertTrue(decide(c, "mem_space", "LOCAL", "B"));
        assertEquals(List.of("GLOBAL"), dom(c, "mem_space", "A"));
        assertEquals(List.of("GLOBAL"), dom(c, "mem_space", "C"));
        assertArrayEquals(new long[] { 2048, 2048 }, bounds(c, "local_mem_used"));
        assertTrue(c.isFixed());
    }

    /** Telamon's mem_size: a counter's base snippet names the counter's parameter (base "$mem.base_size()"). */
    @Test
    void aBaseSnippetSeesTheCountersParameters() {
        String space = Spaces.set("Arrays") + Spaces.choice("mem_space($array in Arrays)", "GLOBAL", "LOCAL") + """
                choice counter bytes($array in Arrays):
                  base "$array.size()"
                  forall $other in Arrays:
                    sum "$other.size()" when
                      mem_space($other) is LOCAL
                end
                """;
        Candidate c = Fixtures.init(space, Fixtures.json(ARRAYS));
        // forall bindings are distinct from the parameter: A's base plus B and C, C's base plus A and B
        assertArrayEquals(new long[] { 1024, 1024 + 2048 + 512 }, bounds(c, "bytes", "A"));
        assertArrayEquals(new long[] { 512, 512 + 1024 + 2048 }, bounds(c, "bytes", "C"));
    }

    @Test
    void halfCounterGivesTheSameResultWithoutMaximum() {
        Candidate c = Fixtures.init(LOCAL_MEM.formatted("half"), Fixtures.json(ARRAYS));
        assertEquals(0, bounds(c, "local_mem_used")[0]);
        assertTrue(bounds(c, "local_mem_used")[1] >= Long.MAX_VALUE / 4);
        assertTrue(decide(c, "mem_space", "LOCAL", "B"));
        assertEquals(List.of("GLOBAL"), dom(c, "mem_space", "A"));
        assertEquals(List.of("GLOBAL"), dom(c, "mem_space", "C"));
        assertEquals(2048, bounds(c, "local_mem_used")[0]);
    }

    @Test
    void fiveMemoryPlacementsFitAndSat4jAgrees() {
        assertEquals(5, OracleCheck.check(LOCAL_MEM.formatted(""), ARRAYS, 5, 20, "local memory"));
        assertEquals(5, OracleCheck.check(LOCAL_MEM.formatted("half"), ARRAYS, 6, 20, "local memory, half"));
    }

    static final String TILES = Spaces.set("Logical") + Spaces.set("Dims") + Spaces.set("Tiles($l in Logical) subsetof Dims")
            + Spaces.choice("kind($d in Dims)", "LOOP", "THREAD", "UNROLL") + """
            choice integer size($d in Dims): "$d.sizes()" end
            /// product of the tile sizes: must be one of the allowed strip-minings (Listing 4.3)
            choice counter factor($l in Logical):
              forall $d in Tiles($l):
                mul size($d)
            end
            require forall $l in Logical:
              factor($l) == "$l.strip_minings()"
            /// threads: product of the sizes of THREAD dimensions, with two conditions (eq. 3.6)
            choice half counter threads():
              forall $d in Dims:
                mul size($d) when:
                  kind($d) is THREAD
                  "$d.parallel()"
            end
            require threads() <= "16"
            /// unrolled work counts the thread counter as a term (counter-defined value)
            choice counter work():
              base "1"
              forall $d in Dims:
                sum threads() when kind($d) is UNROLL
            end
            require work() < "40"
            """;
    static final String TILES_INST = """
            {"sets": {"Logical": ["n"], "Dims": ["d0", "d1", "d2"], "Tiles": {"n": ["d0", "d1"]}},
             "values": {"$d.sizes()": {"values": {"d0": [1, 2, 4, 8], "d1": [2, 4], "d2": [4, 8]}},
                        "$l.strip_minings()": {"values": {"n": [8, 16]}},
                        "$d.parallel()": {"default": true, "values": {"d2": false}}}}""";

    @Test
    void mulCounterOverAParametricSetRestrictsSizes() {
        Candidate c = Fixtures.init(TILES, Fixtures.json(TILES_INST));
        // factor(n) = size(d0) * size(d1) ∈ {8, 16}: size(d0)=1 cannot reach 8 with size(d1) ≤ 4
        assertEquals(List.of("2", "4", "8"), dom(c, "size", "d0"));
        assertEquals(List.of("LOOP", "THREAD", "UNROLL"), dom(c, "kind", "d2")); // d2 is never counted (not parallel)
        assertTrue(decide(c, "size", "4", "d1"));
        assertEquals(List.of("2", "4"), dom(c, "size", "d0"));
        assertTrue(decide(c, "kind", "THREAD", "d0"));
        assertTrue(c.copy().decide("size", List.of("d0"), List.of("2")));
        assertTrue(decide(c, "size", "4", "d0"));
        // threads ≥ 4·… ≤ 16 : d1 (size 4) may still be a thread dimension, 4·4 = 16
        assertEquals(16L, c.counterBounds(c.variable("factor", List.of("n")))[0]);
        assertTrue(decide(c, "kind", "THREAD", "d1"));
        assertEquals(16L, c.counterBounds(c.variable("threads", List.of()))[0]);
        assertFalse(c.copy().decide("size", List.of("d0"), List.of("8")), "factor 32 is not a strip-mining of n");
        assertTrue(decide(c, "kind", "UNROLL", "d2"));
        assertEquals(17L, c.counterBounds(c.variable("work", List.of()))[0], "work = 1 + threads()");
    }

    @Test
    void countersAgreeWithSat4j() {
        int n = OracleCheck.check(TILES, TILES_INST, 7, 30, "tiles");
        assertTrue(n > 0);
    }
}
