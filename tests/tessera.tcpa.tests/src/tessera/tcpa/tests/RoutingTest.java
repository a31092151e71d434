package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.DiagnosticException;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.Port;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.Router;
import tessera.tcpa.routing.RoutingResult;
import tessera.tcpa.tcpa.Architecture;

/** Seed 003 §5.4: the routes of Fig. 4 and of the running example's e4², exact weights (row, col). */
class RoutingTest {
    static final Port PE0_OUT = new Port("pe", true, 0);
    static final Port EAST0_OUT = new Port("east", false, 0);
    static final Port WEST0_IN = new Port("west", true, 0);
    static final Port PE0_IN = new Port("pe", false, 0);
    static final Port SOUTH0_OUT = new Port("south", false, 0);
    static final Port NORTH0_IN = new Port("north", true, 0);
    static final Port PE1_IN = new Port("pe", false, 1);

    /** The wrapper of Fig. 4: exactly the nodes shown, adjacencies as drawn. */
    static ReducedTopology fig4() {
        List<Port> ports = List.of(PE0_OUT, PE0_IN, PE1_IN, EAST0_OUT, WEST0_IN, SOUTH0_OUT, NORTH0_IN);
        List<Port[]> adj = new ArrayList<>();
        adj.add(new Port[] { PE0_OUT, EAST0_OUT });
        adj.add(new Port[] { WEST0_IN, PE0_IN });
        adj.add(new Port[] { WEST0_IN, SOUTH0_OUT });
        adj.add(new Port[] { NORTH0_IN, PE1_IN });
        return ReducedTopology.of(ports, adj);
    }

    @Test
    void topologyOfFig4() {
        ReducedTopology t = fig4();
        assertEquals(9, t.nodeCount());
        // Source→pe0▷, 4 adjacencies, 2 siblings (east0◁→west0▷ (0,1), south0◁→north0▷ (1,0)), 2 PE inputs → Sink
        assertEquals(9, t.edges().size());
        ReducedTopology.Edge east = t.out(t.node(EAST0_OUT)).get(0);
        assertEquals(t.node(WEST0_IN), east.to());
        assertEquals(0, east.dRow());
        assertEquals(1, east.dCol());
        ReducedTopology.Edge south = t.out(t.node(SOUTH0_OUT)).get(0);
        assertEquals(1, south.dRow());
        assertEquals(0, south.dCol());
    }

    @Test
    void fig4BlueAndRedShareTheirFirstThreeNodes() {
        List<ChannelRequest> cs = List.of(new ChannelRequest("blue", new int[] { 0, 1 }, Set.of("red")),
                new ChannelRequest("red", new int[] { 1, 1 }, Set.of()));
        RoutingResult r = Router.route(fig4(), cs, Deadline.after(Duration.ofSeconds(30)));
        RoutingResult.Route blue = r.route("blue").orElseThrow();
        RoutingResult.Route red = r.route("red").orElseThrow();
        assertEquals(List.of(PE0_OUT, EAST0_OUT, WEST0_IN, PE0_IN), blue.nodes());
        assertEquals(List.of(PE0_OUT, EAST0_OUT, WEST0_IN, SOUTH0_OUT, NORTH0_IN, PE1_IN), red.nodes());
        assertEquals(3, blue.sharedPrefix(red));
        assertEquals(0, blue.outputPort());
        assertEquals(0, blue.inputPort());
        assertEquals(1, red.inputPort());
        assertTrue(r.optimal());
    }

    @Test
    void fig4WithoutLifetimeDisjointnessIsUnroutable() {
        List<ChannelRequest> cs = List.of(new ChannelRequest("blue", 0, 1), new ChannelRequest("red", 1, 1));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> Router.route(fig4(), cs, Deadline.after(Duration.ofSeconds(30))));
        assertTrue(e.getMessage().contains("blue (δ = (0, 1)), red (δ = (1, 1)) cannot be routed node-disjointly"),
                e.getMessage());
    }

    @Test
    void runningExampleE4Squared() {
        Architecture a = ArchitectureLoader.load(Fixtures.example("bitext-pe.tcpa"));
        RoutingResult r = Router.route(a, List.of(new ChannelRequest("e4^2", 0, 1)),
                Deadline.after(Duration.ofSeconds(30)));
        RoutingResult.Route e4 = r.routes().get(0);
        assertEquals(List.of(PE0_OUT, EAST0_OUT, WEST0_IN, PE0_IN), e4.nodes());
        assertEquals("[pe0▷, east0◁, west0▷, pe0◁]", e4.nodes().toString());
        assertEquals(0, e4.outputPort()); // od0 = reg^write[e4²]
        assertEquals(0, e4.inputPort()); // id0 = reg^read[e4²]
    }

    @Test
    void unroutableChannelIsNamedWithFileAndHint() {
        Architecture a = ArchitectureLoader.load(Fixtures.example("bitext-pe.tcpa"));
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Router.route(a,
                List.of(new ChannelRequest("ok", 0, 1), new ChannelRequest("far", 0, 2)),
                Deadline.after(Duration.ofSeconds(30))));
        assertTrue(e.getMessage().contains("unroutable propagation channel far (δ = (0, 2))"), e.getMessage());
        assertTrue(e.diagnostic().file().endsWith("bitext-pe.tcpa"), e.diagnostic().file());
        assertTrue(e.diagnostic().line() > 0);
        assertTrue(e.diagnostic().hint().contains("connect"), e.diagnostic().hint());
    }

    /** Diagnostics name the file as written: a space (or a folder) in the name is not shown URL-encoded (%20, %2F). */
    @Test
    void unroutableChannelNamesAFileWithASpaceReadably() throws Exception {
        Architecture a = ArchitectureLoader.orThrow(ArchitectureLoader.load(Files.readString(Fixtures.example("bitext-pe.tcpa")), "my arch/bit ext.tcpa"));
        assertEquals("my arch/bit ext.tcpa", ReducedTopology.of(a).file());
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Router.route(a,
                List.of(new ChannelRequest("far", 0, 2)), Deadline.after(Duration.ofSeconds(30))));
        assertEquals("my arch/bit ext.tcpa", e.diagnostic().file());
        assertTrue(e.getMessage().contains("my arch/bit ext.tcpa"), e.getMessage());
        assertTrue(!e.getMessage().contains("%20") && !e.getMessage().contains("%2F"), e.getMessage());
    }

    @Test
    void realisticArrayRoutesFourChannelsButNotFive() {
        Architecture a = ArchitectureLoader.load(Fixtures.example("tcpa4x4.tcpa"));
        List<ChannelRequest> cs = new ArrayList<>(List.of(new ChannelRequest("e", 0, 1), new ChannelRequest("s", 1, 0),
                new ChannelRequest("se", 1, 1), new ChannelRequest("nw", -1, -1)));
        RoutingResult r = Router.route(a, cs, Deadline.after(Duration.ofSeconds(60)));
        RoutingProperties.check(ReducedTopology.of(a), cs, r);
        assertEquals(6, r.route("se").orElseThrow().nodes().size());
        // 4 PE output ports (od0..od3): a fifth channel alive at the same time cannot get one
        cs.add(new ChannelRequest("w", 0, -1));
        DiagnosticException e = assertThrows(DiagnosticException.class,
                () -> Router.route(a, cs, Deadline.after(Duration.ofSeconds(60))));
        assertTrue(e.getMessage().contains("cannot be routed node-disjointly together"), e.getMessage());
        // a fifth channel never alive with e and with the same δ shares e's whole route (prefix closure up to pe_i◁)
        cs.set(4, new ChannelRequest("e2", new int[] { 0, 1 }, Set.of("e")));
        RoutingResult shared = Router.route(a, cs, Deadline.after(Duration.ofSeconds(60)));
        RoutingProperties.check(ReducedTopology.of(a), cs, shared);
        assertEquals(shared.route("e").orElseThrow().nodes(), shared.route("e2").orElseThrow().nodes());
    }

    @Test
    void timeLimitGivesAClearMessage() {
        Architecture a = ArchitectureLoader.load(Fixtures.example("tcpa4x4.tcpa"));
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> Router.route(a,
                List.of(new ChannelRequest("x", 1, 1)), Deadline.after(Duration.ZERO)));
        assertTrue(e.getMessage().contains("ran out of time"), e.getMessage());
    }
}
