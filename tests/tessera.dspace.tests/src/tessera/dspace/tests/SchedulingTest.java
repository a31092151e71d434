package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.dspace.tests.Fixtures.decide;
import static tessera.dspace.tests.Fixtures.dom;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.explore.Explorer;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.oracle.SatOracle;

/** Seed 001a Listing 3.12 on three instructions (digest §5.3), its erratum, and the Fig. 2.1 search tree (§5.1). */
class SchedulingTest {
    static final String SPACE = Fixtures.read("examples/dspace/scheduling.exh");
    static final String INSTANCE = Fixtures.read("examples/dspace/scheduling-3.json");
    /** Fig. 2.1: three independent instructions. */
    static final String FIGURE_21 = """
            {"sets": {"Instructions": ["a", "b", "c"]}, "values": {"$x.depends_on($y)": {"default": false}}}""";

    @Test
    void initialDomainsFollowTheDependency() {
        Candidate c = Fixtures.init(SPACE, Fixtures.json(INSTANCE));
        assertEquals(List.of("BEFORE"), dom(c, "order", "i0", "i2"));
        assertEquals(List.of("AFTER"), dom(c, "order", "i2", "i0"));
        assertEquals(List.of("BEFORE", "AFTER"), dom(c, "order", "i0", "i1"));
        assertEquals(List.of("BEFORE", "AFTER"), dom(c, "order", "i1", "i2"));
    }

    @Test
    void decidingI1BeforeI0FixesTheSchedule() {
        assertBeforeFixesTheSchedule("i1", "i0", "i1", "i2");
    }

    @Test
    void decidingI2BeforeI1ForcesI0BeforeI1() {
        assertBeforeFixesTheSchedule("i2", "i1", "i0", "i1");
    }

    private static Enumerator.Result enumerate(Candidate c) {
        return Enumerator.run(c, Fixtures.deadline(), Monitor.NULL, 1000, false);
    }

    /** Deciding order(a, b) = BEFORE forces order(x, y) = BEFORE and fixes every choice. */
    private static void assertBeforeFixesTheSchedule(String a, String b, String x, String y) {
        Candidate c = Fixtures.init(SPACE, Fixtures.json(INSTANCE));
        assertTrue(decide(c, "order", "BEFORE", a, b));
        assertEquals(List.of("BEFORE"), dom(c, "order", x, y));
        assertTrue(c.isFixed());
    }

    @Test
    void contradictoryDecisionFails() {
        Candidate c = Fixtures.init(SPACE, Fixtures.json(INSTANCE));
        assertFalse(decide(c, "order", "AFTER", "i0", "i2"));
        assertTrue(c.failed());
        assertTrue(c.failure().contains("order"), c.failure());
    }

    @Test
    void threeSchedulesRespectTheDependencyAndSat4jAgrees() {
        Candidate c = Fixtures.init(SPACE, Fixtures.json(INSTANCE));
        Enumerator.Result r = enumerate(c);
        assertEquals(3, r.leaves());
        assertEquals(0, r.deadEnds());
        assertEquals(3, SatOracle.of(c).solutions(1000, Fixtures.deadline()).size());
    }

    @Test
    void verbatimListingSchedulesTheConsumerFirst() {
        // digest §4.4 row 18: the thesis's `requires " !$lhs.depends_on($rhs) "` under AFTER inverts the dependency
        String verbatim = SPACE.replace("requires \"!$rhs.depends_on($lhs)\"", "requires \" !$lhs.depends_on($rhs) \"");
        Candidate c = Fixtures.init(verbatim, Fixtures.json(INSTANCE));
        assertEquals(List.of("BEFORE"), dom(c, "order", "i2", "i0"));
    }

    @Test
    void figure21SearchTreeHasSixLeavesFiveInnerNodesAndNoDeadEnd() {
        Enumerator.Result r = enumerate(Fixtures.init(SPACE, Fixtures.json(FIGURE_21)));
        assertEquals(6, r.leaves());
        assertEquals(5, r.internalNodes());
        assertEquals(0, r.deadEnds());
    }

    @Test
    void figure21SearchTreeInTheExplorer() {
        Candidate c = Fixtures.init(SPACE, Fixtures.json(FIGURE_21));
        Explorer ex = new Explorer(c);
        Explorer.Node full = ex.tree(100, Fixtures.deadline(), Monitor.NULL);
        assertTrue(full.complete());
        assertEquals(6, full.leaves());
        assertEquals(List.of("order(a, b) = BEFORE", "order(a, b) = AFTER"),
                full.children().stream().map(Explorer.Node::decision).toList());
        // a budget of 3 nodes expands breadth first: the root's two children, cut
        Explorer.Node cut = ex.tree(3, Fixtures.deadline(), Monitor.NULL);
        assertEquals(2, cut.children().size());
        assertTrue(cut.children().stream().allMatch(n -> n.children().isEmpty() && !n.fixed() && !n.failed()));
        assertFalse(cut.complete());
    }

    @Test
    void transitivityTruthTableOfListing38() {
        Program p = Fixtures.program("set Instructions: end\n" + ListingsTest.ORDER + ListingsTest.TRANSITIVITY);
        // the propagator restricting order($a,$c): inputs order($a,$b), order($b,$c) (digest §5.4)
        Program.Group g = p.groups.stream().filter(x -> x.target().args()[0] == 0 && x.inputs().length == 2
                && x.binders()[x.target().args()[1]].name().equals("$c")).findFirst().orElseThrow();
        long all = 3, after = 2;
        int ab = -1;
        for (int i = 0; i < 2; i++) {
            Program.ChoiceInput in = (Program.ChoiceInput) g.inputs()[i];
            if (g.binders()[in.p().args()[1]].name().equals("$b")) {
                ab = i;
            }
        }
        for (int cell = 0; cell < 4; cell++) {
            int vab = ab == 0 ? cell % 2 : cell / 2, vbc = ab == 0 ? cell / 2 : cell % 2;
            long expected = vab == 1 && vbc == 1 ? after : all;
            assertEquals(expected, g.table()[cell].base(), "cell order(a,b)=" + vab + " order(b,c)=" + vbc);
        }
        // the if-tree yields {AFTER} only when both inputs are exactly {AFTER}
        assertTrue(g.tree() instanceof Program.Split);
    }
}
