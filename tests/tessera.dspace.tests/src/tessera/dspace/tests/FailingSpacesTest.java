package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.csp.Engine;

/** Spaces and instances that must be rejected with a clear diagnostic (seed 001a §4.6, §4.4 errata). */
class FailingSpacesTest {
    static final String HEAD = """
            set S: end
            set T: end
            set U subsetof S: end
            choice enum e($x in S):
              value A:
              value B:
            end
            choice integer n($x in S): "$x.ns()" end
            choice half counter h():
              forall $x in S:
                sum "$x.w()"
            end
            """;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            unknown set           | require forall $x in Nope: e($x) is A                              | Couldn't resolve reference to SetLike 'Nope'
            unknown choice        | require forall $x in S: f($x) is A                                 | Couldn't resolve reference to Choice 'f'
            unknown value         | require forall $x in S: e($x) is C                                 | Couldn't resolve reference to ValueLike 'C'
            arity                 | require forall $x in S: e($x, $x) is A                             | e takes 1 argument but is given 2
            disjoint argument     | require forall $t in T: e($t) is A                                 | disjoint from S
            is on integer         | require forall $x in S: n($x) is A                                 | 'is' needs an enum choice
            enum vs snippet       | require forall $x in S: e($x) == "1"                               | an enum choice cannot be compared with a snippet
            enum vs integer       | require forall $x in S: e($x) == n($x)                             | one is an enum, the other a number
            enum order            | require forall $x in S: forall $y in S: e($x) < e($y)              | enum values have no order
            half counter lower    | require h() >= "3"                                                 | stores only its minimum
            unbound snippet var   | require forall $x in S: e($x) is A OR "$y.ok()"                    | mentions $y, which is not bound here
            shadowing             | require forall $x in S: forall $x in S: e($x) is A                 | shadows a variable
            listing 4.3 no in     | choice counter f($l): forall $d in S: mul n($d) end                | mismatched input
            listing 4.6 no in     | quotient Q of $d S: r = e($d) is A / e is A end                    | missing 'in' at 'S'
            duplicate choice      | choice enum e($x in S): value A: end                               | the choice e is declared twice
            counter of enum       | choice counter k(): forall $x in S: sum e($x) end                  | a counter adds snippets, integer choices or counters
            missing include       | include "nowhere.exh"                                              | cannot include "nowhere.exh"
            """)
    void rejected(String name, String tail, String expected) {
        DspaceLoader.Result r = DspaceLoader.loadText("/t/space.exh", HEAD + tail.replace("\\n", "\n").replace(" OR ", " || "), p -> Optional.empty());
        assertFalse(r.ok(), name + " should not compile");
        assertTrue(r.diagnostics().list().stream().anyMatch(d -> d.isError() && d.message().contains(expected)),
                () -> name + ": expected an error containing '" + expected + "', got\n" + r.diagnostics());
        for (Diagnostic d : r.diagnostics()) {
            assertTrue(d.line() > 0 || d.code().equals("dspace.include") || !d.isError() || d.message().contains("include"),
                    () -> "diagnostic without a line: " + d);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            symmetric over two sets | choice enum r($a in S, $b in T):\\n symmetric\\n value X:\\nend                     | needs exactly two parameters over the same set
            involution              | choice enum r($a in S, $b in S):\\n value X:\\n value Y:\\n value Z:\\n antisymmetric:\\n X -> Y\\n Y -> Z\\nend | has two inverses
            quotient not symmetric  | choice enum r($a in S, $b in S):\\n value X:\\n value Y:\\nend\\nquotient Q of $x in S:\\n q = e($x) is A / r is X\\nend | must be symmetric
            quotient row 14         | set L: end\\nchoice enum r($a in T, $b in T):\\n symmetric\\n value X:\\nend\\nquotient Q of $x in L:\\n q = true / r is X\\nend | the quotient ranges over L but r relates T
            quotient antisym value  | choice enum r($a in S, $b in S):\\n value X:\\n value Y:\\n value M:\\n antisymmetric:\\n X <-> Y\\nend\\nquotient Q of $x in S:\\n q = true / r is X\\nend | is not its own inverse
            duplicate value         | choice enum r($a in S):\\n value X:\\n value X:\\nend                             | value X is declared twice
            duplicate entry         | set V:\\n type = "a"\\n type = "b"\\nend                                           | entry 'type' appears twice
            """)
    void rejectedDeclarations(String name, String tail, String expected) {
        rejected(name, tail, expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            not json           | {"sets": [                                                   | instance is not valid JSON
            unknown set        | {"sets": {"Nope": ["a"]}}                                     | which the space does not declare
            missing snippet    | {"sets": {"S": ["a"]}, "values": {"$x.w()": 1}}               | no value for the snippet "$0.ns()"
            empty universe     | {"sets": {"S": ["a"]}, "values": {"$x.w()": 1, "$x.ns()": []}} | has 0 values
            negative universe  | {"sets": {"S": ["a"]}, "values": {"$x.w()": 1, "$x.ns()": [0, 2]}} | integer choices take positive values
            negative term      | {"sets": {"S": ["a"]}, "values": {"$x.w()": -1, "$x.ns()": [2]}} | sum terms must be ≥ 0
            bad value type     | {"sets": {"S": ["a"]}, "values": {"$x.w()": "x", "$x.ns()": [2]}} | must be a boolean, a whole number or a list
            duplicate object   | {"sets": {"S": ["a", "a"]}}                                   | is listed twice
            """)
    void badInstances(String name, String json, String expected) {
        DspaceLoader.Result r = Fixtures.load(HEAD);
        assertTrue(r.ok(), r.diagnostics()::toString);
        Diagnostics d = new Diagnostics();
        var inst = tessera.dspace.runtime.instance.InstanceJson.parse("inst.json", json, d);
        Engine e = inst == null ? null : Engine.instantiate(r.program(), inst, "inst.json", d);
        assertNull(e, name + " should be rejected");
        assertTrue(d.list().stream().anyMatch(x -> x.isError() && x.format().contains(expected)),
                () -> name + ": expected '" + expected + "', got\n" + d);
    }
}
