package tessera.tcpa.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;

import tessera.core.poly.PolySet;
import tessera.rdg.interp.Inputs;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.sim.Simulator;
import tessera.tcpa.sim.SimResult;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.FdDepth;
import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.concrete.Side;

/** Each register class (RD, FD, ID FIFO, OD), control signals, and every error the simulator reports. */
class RegistersAndErrorsTest {
    /** A 1×n row of PEs of one class running {@code alu0}; every PE: pe0 → east0, west0 → pe0, pe1 → north0. */
    static ConcreteConfiguration row(int n, String alu0, int kernels) {
        ConcreteConfiguration c = BitExtraction.F.createConcreteConfiguration();
        c.setName("test");
        c.getIntraTileDims().add("j");
        c.setPi(1);
        c.getLambdaJ().add(1);
        c.getLambdaK().add(0);
        c.setRegionRows(1);
        c.setRegionCols(n);
        c.setFifoCapacity(2);
        ProcessorClass pc = BitExtraction.processorClass(c, "P", "", "{ [j] : 0 <= j < " + kernels + " }",
                BitExtraction.program("alu0", alu0));
        for (int k = 0; k < n; k++) {
            Processor p = BitExtraction.F.createProcessor();
            p.setCol(k);
            p.getTile().add(k);
            p.setProcessorClass(pc);
            c.getProcessors().add(p);
            BitExtraction.wrapper(c, 0, k, "pe0", "east0", "west0", "pe0", "pe1", "north0");
            BitExtraction.bank(c, "out" + k, BankKind.OUTPUT, "out", 0, k, Side.NORTH, "{ [j] : 0 <= j < " + kernels + " }",
                    List.of(1L), List.of(100L * k));
        }
        return c;
    }

    static void fd(ConcreteConfiguration c, String reg, int depth) {
        FdDepth d = BitExtraction.F.createFdDepth();
        d.setRegister(reg);
        d.setDepth(depth);
        c.getProcessorClasses().get(0).getFdDepths().add(d);
    }

    static SimResult run(ConcreteConfiguration c) {
        return Simulator.run(c, "t.xmi", new Inputs().scalar("x", 7).set("a", new long[] {0}, 5).set("a", new long[] {1}, 6),
                Simulator.Options.tracing(), null);
    }

    static void assertError(SimResult s, String fragment) {
        assertFalse(s.ok(), "expected an error containing '" + fragment + "'");
        assertTrue(s.diagnostics().list().stream().anyMatch(d -> d.isError() && d.message().contains(fragment)), s.diagnostics().toString());
        assertTrue(s.outputs().isEmpty());
    }

    @Test
    void rdWrittenAtCycleCIsReadableAtCPlusOne() {
        SimResult s = run(row(1, """
                move rd0 5 / next
                addi rd0 rd0 1 / next
                add od1 rd0 rd0 / halt
                """, 1));
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(12, s.outputs().get("out").get(0));
        assertEquals(3, s.cycles());
    }

    /** An instruction of latency l issued at c writes at the end of c + l − 1: a reader at c + l − 1 sees the old value. */
    @Test
    void latencyDelaysTheWriteAndIsKeptInTheCompactForm() {
        ConcreteConfiguration c = row(1, """
                move rd0 5 / next
                mul rd0 rd0 rd0 / next
                move rd1 rd0 / next
                move rd2 rd0 / next
                sub od1 rd2 rd1 / halt
                """, 1);
        SimResult oneCycle = run(c);
        assertTrue(oneCycle.ok(), oneCycle.diagnostics().toString());
        assertEquals(0, oneCycle.outputs().get("out").get(0)); // latency 1: both moves read 25
        c.getLatencies().add("alu0 mul 2");
        SimResult twoCycles = run(c);
        assertTrue(twoCycles.ok(), twoCycles.diagnostics().toString());
        assertEquals(25 - 5, twoCycles.outputs().get("out").get(0)); // rd1 = 5 (old value at cycle 2), rd2 = 25
        assertTrue(twoCycles.trace().stream().anyMatch(l -> l.contains("mul rd0 rd0 rd0") && l.contains("written at the end of cycle 2")),
                String.join("\n", twoCycles.trace()));
        assertTrue(ConcreteIO.compact(c).contains("\nL\talu0 mul 2\n"));
        assertTrue(EcoreUtil.equals(c, ConcreteIO.readCompact(ConcreteIO.compact(c))));
        assertTrue(ConcreteIO.listing(c).contains("latencies (result written at the end of cycle issue + l − 1): alu0 mul 2"));
        c.getLatencies().set(0, "alu0 mul two");
        assertError(run(c), "latency entry 'alu0 mul two' is malformed");
    }

    @Test
    void readBeforeWriteIsAnError() {
        assertError(run(row(1, "add od1 rd3 rd2 / halt", 1)), "reads rd3 before any write");
    }

    /** Feedback registers rotate: read and write pointers advance independently, wrapping at the depth. */
    @Test
    void feedbackRegisterRotates() {
        ConcreteConfiguration c = row(1, """
                move fd0 1 / next
                move fd0 2 / next
                move od1 fd0 / next
                move fd0 3 / next
                move od1 fd0 / next
                move od1 fd0 / halt
                """, 3);
        fd(c, "fd0", 2);
        SimResult s = run(c);
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(List.of(1, 2, 3), List.copyOf(s.outputs().get("out").values().values()));
    }

    @Test
    void feedbackUnderflowAndOverflow() {
        ConcreteConfiguration under = row(1, "move od1 fd0 / halt", 1);
        fd(under, "fd0", 1);
        assertError(run(under), "FD underflow");
        ConcreteConfiguration over = row(1, """
                move fd0 1 / next
                move fd0 2 / halt
                """, 1);
        fd(over, "fd0", 1);
        assertError(run(over), "FD overflow");
        assertError(run(row(1, "move fd1 1 / halt", 1)), "fd1 has no depth configured");
    }

    /** ID registers are FIFOs: values from the west neighbour arrive in order, one cycle after the od write. */
    @Test
    void odToNeighbourFifoInOrder() {
        ConcreteConfiguration c = row(2, """
                move od0 10 / next
                move od0 20 / next
                move od1 id0 / next
                move od1 id0 / halt
                """, 2);
        // PE (0,0) has no west neighbour: give it an input bank so its reads succeed
        BitExtraction.bank(c, "a", BankKind.INPUT, "a", 0, 0, Side.WEST, "{ [j] : 0 <= j < 2 }", List.of(1L), List.of(0L));
        // PE (0,1) sends east into nothing: route its pe0 nowhere
        c.getWrappers().get(1).getConnections().remove(0);
        c.getProcessorClasses().get(0).getPrograms().clear();
        c.getProcessorClasses().get(0).getPrograms().add(BitExtraction.program("alu0", """
                move od1 id0 / next
                move od1 id0 / halt
                """));
        ProcessorClass sender = BitExtraction.processorClass(c, "S", "", "{ [j] : 0 <= j < 2 }", BitExtraction.program("alu0", """
                move od0 id0 / next
                move od0 id0 / next
                nop / halt
                """));
        c.getProcessors().get(0).setProcessorClass(sender);
        c.getProcessors().get(1).getTile().set(0, 0);
        c.getLambdaK().set(0, 2);
        c.getProcessors().get(1).getTile().set(0, 1);
        SimResult s = run(c);
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(5, s.outputs().get("out").get(100));
        assertEquals(6, s.outputs().get("out").get(101));
        assertTrue(s.trace().contains("1: PE (0,1) id0 <- 5 from PE (0,0) od0"), String.join("\n", s.trace()));
        assertTrue(s.trace().contains("2: PE (0,1) alu0 move od1 id0 / next  od1 = 5"));
    }

    @Test
    void hopLatencyDelaysArrivalAndCausesUnderflow() {
        ConcreteConfiguration c = row(2, "move od1 id0 / halt", 1);
        ProcessorClass sender = BitExtraction.processorClass(c, "S", "", "{ [j] : j = 0 }",
                BitExtraction.program("alu0", "move od0 7 / halt"));
        c.getProcessors().get(0).setProcessorClass(sender);
        c.getLambdaK().set(0, 1);
        c.getBanks().remove(0);
        assertTrue(run(c).ok(), run(c).diagnostics().toString());
        c.setHopLatency(2);
        assertError(run(c), "FIFO is empty");
    }

    @Test
    void fifoOverflow() {
        ConcreteConfiguration c = row(2, "nop / next\nnop / next\nnop / halt", 3);
        ProcessorClass sender = BitExtraction.processorClass(c, "S", "", "{ [j] : 0 <= j < 3 }",
                BitExtraction.program("alu0", "move od0 1 / next\nmove od0 2 / next\nmove od0 3 / halt"));
        c.getProcessors().get(0).setProcessorClass(sender);
        assertError(run(c), "FIFO overflow");
    }

    @Test
    void unconnectedPortBorderWithoutBankAndExhaustedBank() {
        ConcreteConfiguration c = row(1, "move od2 1 / halt", 1);
        assertError(run(c), "which its wrapper connects to nothing");
        assertError(run(row(1, "move od0 1 / halt", 1)), "no output bank is configured");
        assertError(run(row(1, "move od1 1 / next\nmove od1 2 / halt", 1)), "has only 1 iterations");
    }

    @Test
    void inputBankFeedsFifoAndMissingInputIsReported() {
        ConcreteConfiguration c = row(1, "addi od1 id0 1 / halt", 1);
        BitExtraction.bank(c, "x", BankKind.INPUT, "x", 0, 0, Side.WEST, "{ [j] : j = 0 }", List.of(), List.of());
        SimResult s = run(c);
        assertTrue(s.ok(), s.diagnostics().toString());
        assertEquals(8, s.outputs().get("out").get(0));
        c.getBanks().get(1).setVariable("y");
        assertError(run(c), "no value for input y[]");
    }

    /** Two signals select one of four targets, listed for codes 3, 2, 1, 0 (Algorithm 4's MAKE_BRANCH). */
    @Test
    void controlSignalsSelectBranchTargets() {
        String prog = """
                q0: nop / if s1, s2 jmp q3, q2, q1, q0x
                q0x: move od1 0 / halt
                q1: move od1 1 / halt
                q2: move od1 2 / halt
                q3: move od1 3 / halt
                """;
        for (int code = 0; code < 4; code++) {
            ConcreteConfiguration c = row(1, prog, 2);
            BitExtraction.signal(c, "s1", (code & 2) != 0 ? "{ [j] : j = 0 }" : "{ [j] : j = 5 }");
            BitExtraction.signal(c, "s2", (code & 1) != 0 ? "{ [j] : j = 0 }" : "{ [j] : j = 5 }");
            c.getBanks().get(0).setEnable(PolySet.valueOf("{ [j] : j = 0 }"));
            SimResult s = run(c);
            assertTrue(s.ok(), s.diagnostics().toString());
            assertEquals(code, s.outputs().get("out").get(0), "code " + code);
        }
    }

    @Test
    void cycleLimitAndBadPrograms() {
        SimResult loop = Simulator.run(row(1, "q: nop / goto q", 1), "t.xmi", new Inputs(), new Simulator.Options(500, false, 0), null);
        assertError(loop, "did not finish within 500 cycles");
        assertError(run(row(1, "frob rd0 rd1 / halt", 1)), "unknown instruction frob");
        assertError(run(row(1, "nop / goto nowhere", 1)), "branch target nowhere is not a label");
        assertError(run(row(1, "nop / if cs9 jmp a, b\na: nop / halt\nb: nop / halt", 1)), "control signal cs9 is not configured");
        assertError(run(row(1, "add od1 rd0 / halt", 1)), "takes a destination and 2 source(s)");
        assertError(run(row(1, "move id0 1 / halt", 1)), "cannot write id0");
        assertError(run(row(1, "move rd0 od1 / halt", 1)), "write-only");
        assertError(run(row(1, "shri rd0 rd1 rd2 / halt", 1)), "needs a literal");
        assertError(run(row(1, "nop / next", 1)), "runs past its last instruction");
        ConcreteConfiguration clash = row(1, "move rd0 1 / halt", 1);
        clash.getProcessorClasses().get(0).getPrograms().add(BitExtraction.program("alu1", "move rd0 2 / halt"));
        assertError(run(clash), "two FUs write rd0 at cycle 0");
    }

    @Test
    void configurationErrors() {
        ConcreteConfiguration c = row(1, "nop / halt", 1);
        c.getProcessorClasses().get(0).setDomain(PolySet.valueOf("{ [k] : k >= 5 }"));
        assertError(run(c), "is not in the domain");
        ConcreteConfiguration bad = row(1, "nop / halt", 1);
        bad.getProcessorClasses().get(0).setKernelSpace(PolySet.valueOf("{ [i] : 0 <= i < 2 }"));
        assertError(run(bad), "not the intra-tile dimensions");
        ConcreteConfiguration syntax = row(1, "nop / halt", 1);
        syntax.getBanks().get(0).setEnable(PolySet.valueOf("{ [j] : j <<< 2 }"));
        assertError(run(syntax), "cannot read the enable domain");
        ConcreteConfiguration inner = row(2, "nop / halt", 1);
        inner.getBanks().get(0).setSide(Side.EAST);
        assertError(run(inner), "not at the border");
    }
}
