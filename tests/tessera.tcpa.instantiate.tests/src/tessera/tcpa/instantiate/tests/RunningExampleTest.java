package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import tessera.core.poly.PolySet;
import tessera.rdg.interp.Inputs;
import tessera.tcpa.instantiate.ControlFlow;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.concrete.io.ProgramText;
import tessera.tcpa.sim.SimResult;
import tessera.tcpa.sim.Simulator;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ControlSignal;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.ProcessorClass;

/** Seed 003's running example N = 16, t = 3 instantiated and compared with digest §5.8–5.11 (and the hand-written fixture). */
class RunningExampleTest {
    private static Instantiator.Result r;
    private static ConcreteConfiguration c;

    @BeforeAll
    static void instantiate() {
        r = Fixtures.instantiate("bitext.pla", "bitext-pe.tcpa", Map.of("N", 16L), 1, 3);
        assertTrue(r.ok(), r.diagnostics().toString());
        c = r.config();
    }

    private static String program(ProcessorClass pc, String fu) {
        FuProgram p = pc.getPrograms().stream().filter(x -> x.getFu().equals(fu)).findFirst().orElseThrow();
        return p.getInstructions().stream().map(i -> (i.getLabel() == null || i.getLabel().isEmpty() ? "" : i.getLabel() + ": ") + ProgramText.instruction(i))
                .collect(Collectors.joining("\n"));
    }

    /** Asserts {@code actual} equals the oracle with its (only) branch signal written CS; returns the signal's name. */
    private static String assertProgram(String oracle, String actual) {
        String cs = actual.replaceAll("(?s).*if (cs\\d+) jmp.*", "$1");
        assertEquals(oracle.replace("CS", cs), actual);
        return cs;
    }

    private static String signal(String name) {
        return c.getControlSignals().stream().filter(s -> s.getName().equals(name)).map(ControlSignal::getOneDomain).map(PolySet::text).findFirst().orElseThrow();
    }

    /** §5.8 / §3.8: p = ⌈16/3⌉ = 6, λ = (2, 12) in (J, K) order (P5), fd0 depth λ^J·d/π = 1 (P4). */
    @Test
    void concretization() {
        assertEquals(List.of(6), c.getTileSizes());
        assertEquals(List.of(3), c.getTileCounts());
        assertEquals(2, c.getPi());
        assertEquals(List.of(2), c.getLambdaJ());
        assertEquals(List.of(12), c.getLambdaK());
        for (ProcessorClass pc : c.getProcessorClasses()) {
            assertEquals("fd0", pc.getFdDepths().get(0).getRegister());
            assertEquals(1, pc.getFdDepths().get(0).getDepth());
        }
    }

    /** §5.8: PC = {𝒫1 = {k < 2}, 𝒫2 = {k = 2}}. */
    @Test
    void processorClasses() {
        assertEquals(2, c.getProcessorClasses().size());
        assertEquals(BitSet.valueOf(new long[] {0b011}), r.classes().get(0).tiles());
        assertEquals(BitSet.valueOf(new long[] {0b100}), r.classes().get(1).tiles());
        assertEquals("P1", c.getProcessors().get(1).getProcessorClass().getName());
        assertEquals("P2", c.getProcessors().get(2).getProcessorClass().getName());
    }

    /** §5.8 (erratum P2): kernel classes of 𝒫1/alu1 are {0}, {1..4}, {5}, {6}; Fig. 7's transition spaces as source iterations (P3). */
    @Test
    void kernelClassesAndCfgOfP1Alu1() {
        ControlFlow.Cfg cfg = r.classes().get(0).cfgs().get("alu1");
        assertEquals(List.of(set(0), set(1, 2, 3, 4), set(5), set(6)), cfg.nodes().stream().map(n -> n.iterations()).toList());
        assertEquals(-1, cfg.exit());
        assertEquals(List.of("0->1 " + set(0), "1->1 " + set(1, 2, 3), "1->2 " + set(4), "2->3 " + set(5)),
                cfg.edges().stream().map(e -> e.from() + "->" + e.to() + " " + e.transition()).toList());
    }

    /** §6.3's program of 𝒫1/alu1 with the PST's registers (digest's register-consistent oracle; fd0 for the PST's rd1, P1) and cs = 1 at j = 4. */
    @Test
    void programOfP1Alu1() {
        String alu1 = program(c.getProcessorClasses().get(0), "alu1");
        String cs = assertProgram("""
                q1: nop / next
                shri fd0 rd0 1 / goto q2
                q2: andi od1 rd0 1 / next
                shri fd0 rd0 1 / if CS jmp q3, q2
                q3: andi od1 rd0 1 / next
                shri od0 rd0 1 / goto q4
                q4: andi od1 rd0 1 / next
                nop / halt""", alu1);
        assertEquals("{ [j] : j == 4 }", signal(cs));
    }

    /** alu0 (not printed by the seed): q1 = {0} move rd0 id0, q2 = {1..5} move rd0 fd0, and the virtual exit of P14 after j = 5. */
    @Test
    void programOfP1Alu0NeedsTheVirtualExit() {
        String alu0 = program(c.getProcessorClasses().get(0), "alu0");
        String cs = assertProgram("""
                q1: move rd0 id0 / next
                nop / goto q2
                q2: move rd0 fd0 / next
                nop / if CS jmp qx, q2
                qx: nop / halt""", alu0);
        assertEquals("{ [j] : j == 5 }", signal(cs));
        assertEquals(0, r.classes().get(0).cfgs().get("alu0").nodes().size() - 2);
    }

    /**
     * P17: 𝒫2 runs its real domain j = 0..3 plus the epilog j = 4, no empty kernels for j = 4, 5; no od0 at k = t − 1.
     * P12/P21: fd0's write at j = 3 (i = N − 1) has no reader, so it is dropped and with it the dead shri: cs = 1 at j = 2.
     */
    @Test
    void partialTileClass() {
        ProcessorClass p2 = c.getProcessorClasses().get(1);
        assertEquals("{ [j] : 0 <= j <= 4 }", p2.getKernelSpace().text());
        String alu1 = program(p2, "alu1");
        String cs = assertProgram("""
                q1: nop / next
                shri fd0 rd0 1 / goto q2
                q2: andi od1 rd0 1 / next
                shri fd0 rd0 1 / if CS jmp q3, q2
                q3: andi od1 rd0 1 / next
                nop / goto q4
                q4: andi od1 rd0 1 / next
                nop / halt""", alu1);
        assertEquals("{ [j] : j == 2 }", signal(cs));
        // the four local signals (1 at j = 5, 4, 3, 2 with 0 before) interfere pairwise: four global signals
        assertEquals(4, c.getControlSignals().size());
    }

    /** Fig. 8: west bank in (enable j = 0), output banks bits[j + 6k] (enable j < 6, j < 4 for k = 2); e4²'s route replicated. */
    @Test
    void ioAndInterconnect() {
        assertEquals(List.of("in_0_0 { [j] : j == 0 } []", "bits_0_0 { [j] : 0 <= j <= 5 } [0]", "bits_0_1 { [j] : 0 <= j <= 5 } [6]",
                "bits_0_2 { [j] : 0 <= j <= 3 } [12]"),
                c.getBanks().stream().map(b -> b.getName() + " " + b.getEnable() + " " + b.getIndexOffset()).toList());
        assertEquals("WEST", c.getBanks().get(0).getSide().getName());
        for (var w : c.getWrappers()) {
            List<String> con = w.getConnections().stream().map(x -> x.getSource() + "->" + x.getSink()).toList();
            assertTrue(con.containsAll(List.of("pe0->east0", "west0->pe0")), con.toString());
        }
    }

    /** §5.11: tile k starts at 12k, andi of j at 2j + 12k + 2; 34 cycles as the hand-written fixture (Alg. 4's trailing nop / halt). */
    @Test
    void simulationEqualsTheInterpreterAndTheDerivedTiming() {
        SimResult s = Simulator.run(c, "bitext", new Inputs().scalar("in", 13), Simulator.Options.tracing(), null);
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(34, s.cycles());
        for (int k = 0; k < 3; k++) {
            for (int j = 0; j < (k < 2 ? 6 : 4); j++) {
                String andi = (2 * j + 12 * k + 2) + ": PE (0," + k + ") alu1 andi od1 rd0 1";
                assertTrue(s.trace().stream().anyMatch(l -> l.startsWith(andi)), andi);
            }
        }
        for (int i = 0; i < 16; i++) {
            assertEquals((13 >> i) & 1, s.outputs().get("bits").get(i), "bits[" + i + "]");
        }
    }

    private static BitSet set(int... n) {
        BitSet b = new BitSet();
        for (int x : n) {
            b.set(x);
        }
        return b;
    }

}
