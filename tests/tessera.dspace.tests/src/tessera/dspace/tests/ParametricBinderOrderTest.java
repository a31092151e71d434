package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.List;
import org.junit.jupiter.api.Test;
import tessera.dspace.runtime.csp.Candidate;

/**
 * A propagator group lists its target's binders first, so a binder over a parametric set (Src($p)) can come before its
 * parameter's binder ($p); bindings must still be enumerated (the constraint was silently never checked before).
 */
class ParametricBinderOrderTest {
    @Test
    void aConstraintOverParametricSetsPropagatesFromEitherSide() {
        String space = """
                set D: end
                set P: end
                set Src($p in P) subsetof D: end
                set Dst($p in P) subsetof D: end
                define integer size($d in D): "$d.sizes()" end
                require forall $p in P:
                  forall $s in Src($p):
                    forall $t in Dst($p):
                      size($s) == size($t)
                """;
        String inst = """
                {"sets": {"D": ["a", "b"], "P": ["p"], "Src": {"p": ["a"]}, "Dst": {"p": ["b"]}},
                 "values": {"$d.sizes()": {"default": [1, 2, 4]}}}""";
        Candidate c = Fixtures.init(space, Fixtures.json(inst));
        assertTrue(c.decide("size", List.of("a"), List.of("1")));
        assertEquals(List.of("1"), c.values(c.variable("size", List.of("b"))));
        Candidate d = Fixtures.init(space, Fixtures.json(inst));
        assertTrue(d.decide("size", List.of("b"), List.of("4")));
        assertEquals(List.of("4"), d.values(d.variable("size", List.of("a"))));
        assertEquals(3, OracleCheck.check(space, inst, 3, 20, "parametric binders"));
    }
}
