package tessera.tcpa.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.Rdg;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.RunResult;
import tessera.tcpa.sim.Simulator;
import tessera.tcpa.sim.SimResult;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.FuProgram;

/** The running example N = 16, t = 3, p = 6 (digest §5.8–5.11) simulated against the PLA reference interpreter. */
class BitExtractionSimTest {
    private static final Rdg RDG = PlaCompiler.compile("bitext.pla", BitExtraction.pla()).rdg();

    static SimResult simulate(ConcreteConfiguration c, int in, Simulator.Options o) {
        return Simulator.run(c, "bitext.concrete.xmi", new Inputs().scalar("in", in), o, null);
    }

    static Map<String, ArrayData> interpret(int in) {
        RunResult r = Interpreter.run(RDG, Map.of("N", 16L), new Inputs().scalar("in", in));
        assertTrue(r.ok(), r.diagnostics().toString());
        return r.outputs();
    }

    @ParameterizedTest
    @ValueSource(ints = {13, 0, -1, 0x5555, 0xAAAA, 1 << 15, Integer.MIN_VALUE, 40961})
    void bitsEqualTheInterpreter(int in) {
        SimResult s = simulate(BitExtraction.configuration(), in, Simulator.Options.DEFAULT);
        assertTrue(s.ok(), s.diagnostics().toString());
        assertTrue(s.diagnostics().isEmpty(), s.diagnostics().toString());
        ArrayData bits = s.outputs().get("bits");
        assertEquals(16, bits.size());
        assertEquals(interpret(in).get("bits").values(), bits.values());
        for (int i = 0; i < 16; i++) {
            assertEquals((in >> i) & 1, bits.get(i), "bits[" + i + "]");
        }
    }

    @Test
    void randomInputsEqualTheInterpreter() {
        Random r = new Random(6);
        for (int n = 0; n < 50; n++) {
            int in = r.nextInt();
            assertEquals(interpret(in).get("bits").values(), simulate(BitExtraction.configuration(), in, Simulator.Options.DEFAULT)
                    .outputs().get("bits").values(), "in = " + in);
        }
    }

    /** Digest §5.11: tile k starts at 12k; andi of iteration j at 2j + 12k + 2; the last op (k = 2, j = 3) ends at 33. */
    @Test
    void timingMatchesTheDerivedSchedule() {
        SimResult s = simulate(BitExtraction.configuration(), 13, Simulator.Options.tracing());
        // Algorithm 4's trailing "nop / halt" adds one slot after the last andi (issued at 32): 34 cycles
        assertEquals(34, s.cycles());
        for (int k = 0; k < 3; k++) {
            for (int j = 0; j < (k < 2 ? 6 : 4); j++) {
                String andi = (2 * j + 12 * k + 2) + ": PE (0," + k + ") alu1 andi od1 rd0 1";
                assertTrue(s.trace().stream().anyMatch(l -> l.startsWith(andi)), andi);
                String shri = (2 * j + 12 * k + 1) + ": PE (0," + k + ") alu1 shri";
                assertTrue(s.trace().stream().anyMatch(l -> l.startsWith(shri)), shri);
                String move = (2 * j + 12 * k) + ": PE (0," + k + ") alu0 move rd0";
                assertTrue(s.trace().stream().anyMatch(l -> l.startsWith(move)), move);
            }
        }
        // PE0 j = 5 shri writes od0 at 11, PE1 reads id0 at 12: the tight inter-tile dependence
        assertTrue(s.trace().contains("11: PE (0,0) alu1 shri od0 rd0 1 / goto q4  od0 = 0"), String.join("\n", s.trace()));
        assertTrue(s.trace().contains("12: PE (0,1) id0 <- 0 from PE (0,0) od0"));
        assertTrue(s.trace().contains("12: PE (0,1) alu0 move rd0 id0 / next  rd0 = 0"));
        assertTrue(s.trace().contains("33: bank bits2 writes bits[15] = 0 (address 271)"), String.join("\n", s.trace()));
    }

    /** §6.3 allows merging the trailing nop / halt into the previous instruction: then the count is the digest's L = 33. */
    @Test
    void mergedHaltGivesTheDigestLatency() {
        ConcreteConfiguration c = BitExtraction.configuration();
        for (var pc : c.getProcessorClasses()) {
            for (FuProgram p : pc.getPrograms()) {
                var list = p.getInstructions();
                var last = list.get(list.size() - 1);
                var prev = list.get(list.size() - 2);
                if (p.getFu().equals("alu1") && last.getMnemonic().equals("nop")) {
                    prev.getBranch().setKind(last.getBranch().getKind());
                    list.remove(last);
                }
            }
        }
        SimResult s = simulate(c, 0x1234, Simulator.Options.DEFAULT);
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(33, s.cycles());
        assertEquals(interpret(0x1234).get("bits").values(), s.outputs().get("bits").values());
    }

    /** Digest P1: the loop-carried value in fd0 of depth λ^J·d/π = 1 (Fig. 3) instead of rd1 (PST) gives the same bits. */
    @Test
    void feedbackRegisterVariantOfFigure3() {
        ConcreteConfiguration c = BitExtraction.configuration();
        for (var pc : c.getProcessorClasses()) {
            var d = BitExtraction.F.createFdDepth();
            d.setRegister("fd0");
            d.setDepth(1);
            pc.getFdDepths().add(d);
            for (FuProgram p : pc.getPrograms()) {
                for (var in : p.getInstructions()) {
                    in.getOperands().replaceAll(o -> o.equals("rd1") ? "fd0" : o);
                }
            }
        }
        int in = 0xBEEF;
        SimResult s = simulate(c, in, Simulator.Options.DEFAULT);
        // P2's last shri writes fd0 at j = 3 with no reader: harmless (digest P12)
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(interpret(in).get("bits").values(), s.outputs().get("bits").values());
    }
}
