package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.instantiate.ControlFlow;
import tessera.tcpa.instantiate.ControlSignals;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.InstantiationException;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.instantiate.KernelClasses;
import tessera.tcpa.instantiate.ProgramGeneration;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.concrete.BranchKind;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Instruction;
import tessera.tcpa.tcpa.Architecture;

/**
 * Seed 003 §6.2/§6.3 limits: control-signal codes chosen per node so local signals share colours (P23, Def. 6.4's
 * code freedom and don't-cares) and multi-way branches reduced to the architecture's branch targets (P22, footnote 6).
 */
class BranchReductionTest {
    private static BitSet bits(int... n) {
        BitSet b = new BitSet();
        for (int x : n) {
            b.set(x);
        }
        return b;
    }

    @Test
    void codesArePermutedSoThatTwoNodesShareOneSignal() {
        ControlSignals cs = new ControlSignals(8);
        // node A repeats in 0, 1 and leaves in 2; node B repeats in 2 and leaves in 0, 1: with the layout order (self
        // edge = code 0) their signals are complements and interfere; B's codes swapped make them one signal
        ControlSignals.Allocation a = cs.allocate(List.of(new ControlFlow.Edge(0, 0, bits(0, 1)), new ControlFlow.Edge(0, 1, bits(2))), "A");
        ControlSignals.Allocation b = cs.allocate(List.of(new ControlFlow.Edge(1, 1, bits(2)), new ControlFlow.Edge(1, 0, bits(0, 1))), "B");
        assertArrayEquals(new int[] {0, 1}, a.edgeOfCode());
        assertArrayEquals(new int[] {1, 0}, b.edgeOfCode());
        cs.colour();
        assertEquals(1, cs.globals().size());
        assertEquals(bits(2), cs.globals().get(0).ones());
        assertEquals(cs.name(a.tokens().get(0)), cs.name(b.tokens().get(0)));
    }

    @Test
    void aThreeWayNodeNeedsOnlyOneNewColour() {
        ControlSignals cs = new ControlSignals(8);
        // a first node fixes cs1 = 1 in 5, 0 in 3, 4; the 3-way node's codes are chosen so that one of its two bits joins cs1
        cs.allocate(List.of(new ControlFlow.Edge(0, 0, bits(3, 4)), new ControlFlow.Edge(0, 1, bits(5))), "first");
        ControlSignals.Allocation a = cs.allocate(List.of(new ControlFlow.Edge(1, 1, bits(0)), new ControlFlow.Edge(1, 2, bits(1)),
                new ControlFlow.Edge(1, 3, bits(5))), "three-way");
        cs.colour();
        assertEquals(2, a.tokens().size());
        assertEquals(2, cs.globals().size(), "three-way shares a colour with the first node's signal");
        // every code selects an edge, and each edge is selected by the codes the signals produce in its transition space
        List<Integer> selected = new ArrayList<>();
        for (int e : a.edgeOfCode()) {
            selected.add(e);
        }
        assertTrue(selected.containsAll(List.of(0, 1, 2)), selected.toString());
        assertEquals(4, selected.size());
        assertEquals(3, selected.stream().distinct().count(), "one edge owns two codes: " + selected);
    }

    @Test
    void moreColoursThanTheArchitectureHasIsAnError() {
        ControlSignals cs = new ControlSignals(1);
        cs.allocate(List.of(new ControlFlow.Edge(0, 0, bits(0, 1)), new ControlFlow.Edge(0, 1, bits(2))), "A");
        cs.allocate(List.of(new ControlFlow.Edge(1, 1, bits(0)), new ControlFlow.Edge(1, 0, bits(1, 2))), "B");
        InstantiationException e = assertThrows(InstantiationException.class, cs::colour);
        assertTrue(e.getMessage().contains("need 2 global control signals, the architecture has 1"), e.getMessage());
    }

    private static Architecture arch(int branchTargets) throws Exception {
        String text = Files.readString(Fixtures.root().resolve("examples/tcpa/tcpa4x4.tcpa")).replace("branch targets 2", "branch targets " + branchTargets);
        return ArchitectureLoader.orThrow(ArchitectureLoader.load(text, "bt" + branchTargets + ".tcpa"));
    }

    /** Node 0 of π = 2 slots branches to four successors (itself, 1, 2, 3), which each halt. */
    private static ControlFlow.Cfg fourWay() {
        List<KernelClasses.KernelClass> nodes = new ArrayList<>();
        for (int v = 0; v < 4; v++) {
            nodes.add(new KernelClasses.KernelClass(bits(v), List.of(List.of("addi", "rd" + v, "rd" + v, "1"), List.of("nop"))));
        }
        return new ControlFlow.Cfg(nodes, List.of(new ControlFlow.Edge(0, 0, bits(0)), new ControlFlow.Edge(0, 1, bits(1)),
                new ControlFlow.Edge(0, 2, bits(2)), new ControlFlow.Edge(0, 3, bits(3))), -1);
    }

    @Test
    void aFourWayBranchBecomesADecisionTreeOverTheKernelsLastTwoSlots() throws Exception {
        FuProgram p = ProgramGeneration.generate(arch(2), "alu0", fourWay(), 2, new ControlSignals(8), "test");
        List<String> labels = p.getInstructions().stream().map(Instruction::getLabel).filter(l -> l != null).toList();
        assertTrue(labels.containsAll(List.of("q1", "q1_0", "q1_1")), labels.toString());
        for (Instruction in : p.getInstructions()) {
            if (in.getBranch().getKind() == BranchKind.IF) {
                assertEquals(1, in.getBranch().getSignals().size());
                assertEquals(2, in.getBranch().getTargets().size());
            }
        }
        // with four branch targets the same node keeps one two-signal branch
        FuProgram wide = ProgramGeneration.generate(arch(4), "alu0", fourWay(), 2, new ControlSignals(8), "test");
        assertTrue(wide.getInstructions().stream().anyMatch(in -> in.getBranch().getTargets().size() == 4));
        // π = 1 leaves no slot for the second level: reported
        InstantiationException e = assertThrows(InstantiationException.class,
                () -> ProgramGeneration.generate(arch(2), "alu0", fourWay(), 1, new ControlSignals(8), "test"));
        assertTrue(e.getMessage().contains("need 2 branch slots, but a kernel has π = 1"), e.getMessage());
    }

    /** FIR's CFGs have nodes of out-degree 3 and 4: reduced to binary branches, the simulation still equals the interpreter. */
    @Test
    void reducedBranchesSimulateLikeTheInterpreter() {
        TcpaPipeline.Compiled c = TcpaPipeline.compile("fir.pla", Fixtures.example("fir.pla"), Fixtures.arch("tcpa4x4.tcpa"),
                new MappingState.Options(List.of("i"), Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL);
        Map<String, Long> bounds = new LinkedHashMap<>();
        bounds.put("N", 8L);
        bounds.put("M", 4L);
        Instantiator.Result r = Instantiator.run(c.mapping().config(), Fixtures.arch("tcpa4x4.tcpa"), new Instantiator.Parameters(bounds, 1, 1), "fir.pla",
                Monitor.NULL);
        assertTrue(r.ok(), r.diagnostics().toString());
        boolean tree = false;
        for (var pc : r.config().getProcessorClasses()) {
            for (FuProgram p : pc.getPrograms()) {
                for (Instruction in : p.getInstructions()) {
                    assertTrue(in.getBranch().getTargets().size() <= 2, in.toString());
                    tree |= in.getLabel() != null && in.getLabel().contains("_");
                }
            }
        }
        assertTrue(tree, "FIR 1x1 has a node with more than two successors");
        assertTrue(r.config().getControlSignals().size() <= 8);
        for (long seed = 1; seed <= 3; seed++) {
            Equivalence.Outcome o = Equivalence.check(c.pla().rdg(), r.config(), bounds, seed);
            assertTrue(o.equal(), o.mismatch());
        }
    }
}
