package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.dspace.tests.Fixtures.decide;
import static tessera.dspace.tests.Fixtures.dom;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;

/**
 * Behaviours that telamon-gen's compiler tests cover (cc_tests: single_enum, symmetry, antisymmetric_increment,
 * integer_set, filter_strength, multiple_conditions, parametric_subset, unused_set), each on a small space of our own,
 * checked on exact domains and against SAT4J.
 */
class CompilerBehaviourTest {
    @Test
    void singleEnumWithAliasesAndRequires() {
        String s = """
                set S: end
                define enum foo($x in S):
                  value A:
                  value B:
                    requires "$x.allows_b()"
                  value C:
                  value D:
                  alias AB = A | B:
                  alias ABC = AB | C:
                end
                require forall $x in S:
                  foo($x) is ABC
                """;
        String inst = """
                {"sets": {"S": ["x", "y"]}, "values": {"$s.allows_b()": {"values": {"x": true, "y": false}}}}""";
        Candidate c = Fixtures.init(s, Fixtures.json(inst));
        assertEquals(List.of("A", "B", "C"), dom(c, "foo", "x"));
        assertEquals(List.of("A", "C"), dom(c, "foo", "y"));
        assertTrue(c.decide("foo", List.of("x"), List.of("AB")));
        assertEquals(List.of("A", "B"), dom(c, "foo", "x"));
        assertEquals(6, OracleCheck.check(s, inst, 1, 10, "alias"));
    }

    @Test
    void symmetricChoiceStoresHalfAndReadsBothWays() {
        String s = """
                set S: end
                choice enum same($a in S, $b in S):
                  symmetric
                  value YES:
                  value NO:
                end
                choice enum color($a in S):
                  value RED:
                  value BLUE:
                end
                require forall $a in S:
                  forall $b in S:
                    same($b, $a) is NO || color($a) == color($b)
                """;
        String inst = "{\"sets\": {\"S\": [\"p\", \"q\", \"r\"]}}";
        Candidate c = Fixtures.init(s, Fixtures.json(inst));
        assertEquals(-1, c.variable("same", List.of("q", "p")), "only (p, q) is stored");
        assertTrue(decide(c, "same", "YES", "q", "p"));
        assertEquals(List.of("YES"), dom(c, "same", "p", "q"));
        assertTrue(decide(c, "color", "BLUE", "p"));
        assertEquals(List.of("BLUE"), dom(c, "color", "q"));
        assertTrue(OracleCheck.check(s, inst, 2, 20, "symmetric") > 0);
    }

    @Test
    void antisymmetricWithSelfInverseValueAndIncrement() {
        // values not listed in the pairs are self-inverse (MERGED); "increment": a decision on (b,a) restricts (a,b)
        String s = """
                set S: end
                choice enum order($a in S, $b in S):
                  value BEFORE:
                  value AFTER:
                  value MERGED:
                  antisymmetric:
                    BEFORE <-> AFTER
                end
                require forall $a in S:
                  forall $b in S:
                    forall $c in S:
                      order($a, $c) is BEFORE || order($a, $b) is not BEFORE || order($b, $c) is not BEFORE | MERGED
                require forall $a in S:
                  forall $b in S:
                    forall $c in S:
                      order($a, $c) == order($b, $c) || order($a, $b) is not MERGED
                """;
        String inst = "{\"sets\": {\"S\": [\"a\", \"b\", \"c\"]}}";
        Candidate c = Fixtures.init(s, Fixtures.json(inst));
        assertTrue(decide(c, "order", "AFTER", "b", "a"));
        assertEquals(List.of("BEFORE"), dom(c, "order", "a", "b"));
        assertTrue(decide(c, "order", "MERGED", "c", "b"));
        assertEquals(List.of("MERGED"), dom(c, "order", "b", "c"));
        assertEquals(List.of("BEFORE"), dom(c, "order", "a", "c"));
        assertTrue(OracleCheck.check(s, inst, 3, 20, "antisymmetric") > 0);
    }

    @Test
    void integerChoicesAndIntegerSets() {
        String s = Spaces.set("D") + """
                choice integer size($d in D): "$d.sizes()" end
                """ + Spaces.choice("kind($d in D)", "VECTOR", "LOOP") + """
                require forall $d in D:
                  size($d) == "$d.allowed()" || kind($d) is LOOP
                require forall $a in D:
                  forall $b in D:
                    size($a) <= size($b) || "!$a.before($b)"
                """;
        String inst = """
                {"sets": {"D": ["d0", "d1"]}, "values": {"$d.sizes()": {"values": {"d0": [1, 2, 4, 8], "d1": [2, 4, 16]}},
                 "$d.allowed()": {"default": [2, 4]}, "$a.before($b)": {"default": false, "values": {"d0,d1": true}}}}""";
        Candidate c = Fixtures.init(s, Fixtures.json(inst));
        assertEquals(List.of("1", "2", "4", "8"), dom(c, "size", "d0"));
        assertTrue(decide(c, "kind", "VECTOR", "d0"));
        assertEquals(List.of("2", "4"), dom(c, "size", "d0"));
        assertTrue(decide(c, "size", "4", "d1"));
        assertEquals(List.of("2", "4"), dom(c, "size", "d0"));
        assertTrue(decide(c, "size", "4", "d0"));
        assertFalse(c.copy().decide("size", List.of("d1"), List.of("2")));
        assertTrue(OracleCheck.check(s, inst, 4, 20, "integers") > 0);
    }

    @Test
    void filtersWithTheSameInputsAreMergedAndStronger() {
        String s = Spaces.set("S") + Spaces.choice("c($x in S)", "A", "B", "C") + Spaces.choice("d($x in S)", "P", "Q") + """
                require forall $x in S:
                  c($x) is A || d($x) is not P
                require forall $y in S:
                  c($y) is B || d($y) is not Q
                """;
        Program p = Fixtures.program(s);
        Program.Group g = p.groups.stream().filter(x -> p.choices.get(x.target().choice()).name().equals("c")).findFirst()
                .orElseThrow();
        assertEquals(2, g.rules(), "both constraints restrict c($x) from d($x): one group");
        Candidate c = Fixtures.init(p, Fixtures.json("{\"sets\": {\"S\": [\"x\"]}}"));
        // each rule alone needs d fixed; the merged truth table already excludes C
        assertEquals(List.of("A", "B"), dom(c, "c", "x"));
    }

    @Test
    void multipleConditionsAndOnChange() {
        String s = Spaces.set("S") + Spaces.choice("a($x in S)", "ON", "OFF") + Spaces.choice("b($x in S)", "ON", "OFF")
                + Spaces.choice("r($x in S)", "X", "Y", "Z") + """
                require forall $x in S:
                  r($x) is X || a($x) is OFF || b($x) is OFF || "$x.flag()"
                require forall $x in S:
                  r($x) is not Z || a($x) is ON
                """;
        String inst = "{\"sets\": {\"S\": [\"s\", \"t\"]}, \"values\": {\"$x.flag()\": {\"values\": {\"s\": false, \"t\": true}}}}";
        Candidate c = Fixtures.init(s, Fixtures.json(inst));
        assertTrue(decide(c, "a", "ON", "s"));
        assertEquals(List.of("X", "Y", "Z"), dom(c, "r", "s"), "b(s) still open");
        assertTrue(decide(c, "b", "ON", "s"));
        assertEquals(List.of("X"), dom(c, "r", "s"), "changing b(s) re-ran the propagator of r(s)");
        assertTrue(decide(c, "a", "ON", "t"));
        assertTrue(decide(c, "b", "ON", "t"));
        assertEquals(List.of("X", "Y", "Z"), dom(c, "r", "t"), "the snippet holds for t");
        assertTrue(decide(c, "r", "Z", "t"));
        assertTrue(OracleCheck.check(s, inst, 5, 20, "conditions") > 0);
    }

    @Test
    void parametricSubsetsAndSupersetVariables() {
        String s = Spaces.set("Insts") + Spaces.set("Loads subsetof Insts") + Spaces.set("Operands($i in Insts) subsetof Insts")
                + Spaces.choice("cache($l in Loads)", "CACHED", "BYPASS")
                + Spaces.choice("placed($i in Insts)", "EARLY", "LATE") + """
                /// a superset variable passed to a subset parameter: only loads have a cache instance
                require forall $i in Insts:
                  forall $o in Operands($i):
                    cache($o) is CACHED || placed($i) is LATE
                """;
        String inst = """
                {"sets": {"Insts": ["add", "mul"], "Loads": ["ld0", "ld1"], "Operands": {"add": ["ld0", "mul"], "mul": ["ld1"]}}}""";
        Candidate c = Fixtures.init(s, Fixtures.json(inst));
        assertEquals(List.of("add", "mul", "ld0", "ld1"), c.objectsOf("Insts", null));
        assertTrue(decide(c, "placed", "EARLY", "add"));
        assertEquals(List.of("CACHED"), dom(c, "cache", "ld0"));
        assertEquals(List.of("CACHED", "BYPASS"), dom(c, "cache", "ld1"));
        assertTrue(OracleCheck.check(s, inst, 6, 20, "parametric") > 0);
    }

    @Test
    void unusedSetsAreAllowed() {
        String s = Spaces.set("Unused") + Spaces.set("S") + Spaces.choice("c($x in S)", "A", "B");
        Candidate c = Fixtures.init(s, Fixtures.json("{\"sets\": {\"S\": [\"x\"]}}"));
        assertEquals(List.of("A", "B"), dom(c, "c", "x"));
        assertTrue(c.objectsOf("Unused", null).isEmpty());
    }
}
