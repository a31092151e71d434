package tessera.tcpa.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.tcpa.arch.Arch;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.Instruction;
import tessera.tcpa.tcpa.OperandKind;

/** The .tcpa language: the examples load with the documented contents; bad input gives file:line diagnostics. */
class ArchitectureTest {
    @TempDir
    Path dir;

    /** The register files of a PE in one line: input, output, general purpose and feedback counts, the deepest FD. */
    static String registers(Architecture a) {
        return "id %d, od %d, rd %d, fd %d (depth %d)".formatted(Arch.idCount(a), Arch.odCount(a), Arch.rdCount(a),
                Arch.fdCount(a), Arch.fdMaxDepth(a));
    }

    @Test
    void runningExamplePe() {
        Architecture a = ArchitectureLoader.load(Fixtures.example("bitext-pe.tcpa"));
        assertEquals(1, a.getGrid().getRows());
        assertEquals(32, a.getGrid().getCols());
        assertEquals(List.of("alu0", "alu1"), Arch.fus(a).stream().map(Fu::getName).toList());
        Fu alu1 = Arch.fus(a).get(1);
        List<Instruction> shr = Arch.instructionsFor(alu1, "shr");
        assertEquals(List.of("shr", "shri"), shr.stream().map(Instruction::getName).toList());
        assertEquals(List.of(OperandKind.REG, OperandKind.IMM), shr.get(1).getOperands());
        assertEquals("andi", Arch.instructionsFor(alu1, "and").get(1).getName());
        assertEquals(1, shr.get(1).getLatency());
        assertEquals("id 1, od 2, rd 4, fd 2 (depth 16)", registers(a));
        assertEquals(4, a.getControl().getSignals());
        assertEquals(2, a.getControl().getBranchTargets());
    }

    @ParameterizedTest
    @ValueSource(strings = { "tcpa4x4.tcpa", "tcpa32x32.tcpa" })
    void realisticArraysCoverEveryPlaOp(String file) {
        Architecture a = ArchitectureLoader.load(Fixtures.example(file));
        int n = file.equals("tcpa4x4.tcpa") ? 4 : 32;
        assertEquals(n, a.getGrid().getRows());
        assertEquals(n, a.getGrid().getCols());
        assertEquals(List.of("alu0", "alu1", "mul0", "cp0"), Arch.fus(a).stream().map(Fu::getName).toList());
        assertEquals("id 4, od 4, rd 16, fd 8 (depth 32)", registers(a));
        assertEquals(4, a.getBuffers().size());
        for (String op : Arch.PLA_OPS) {
            assertTrue(Arch.fus(a).stream().anyMatch(f -> !Arch.instructionsFor(f, op).isEmpty()), op);
        }
        assertEquals(2, Arch.instructionsFor(Arch.fus(a).get(2), "mac").get(0).getLatency());
    }

    @Test
    void bitextCoversEveryPlaOpOnEachAlu() {
        Architecture a = ArchitectureLoader.load(Fixtures.example("bitext-pe.tcpa"));
        for (Fu f : Arch.fus(a)) {
            for (String op : Arch.PLA_OPS) {
                assertFalse(Arch.instructionsFor(f, op).isEmpty(), f.getName() + " " + op);
            }
        }
    }

    private static final String GOOD = """
            architecture t {
                grid rows 2 cols 2;
                futype ALU {
                    instr add implements add latency 1 (reg, reg);
                }
                pe {
                    fu alu0 : ALU;
                    rd 2;
                    fd 1 depth 4;
                }
                layer data {
                    pe in 1 out 1;
                    east in 1 out 1;
                    west in 1 out 1;
                    connect pe.out0 -> east.out0;
                    connect west.in0 -> pe.in0;
                }
                control signals 2 branch targets 2;
            }
            """;

    private Diagnostic error(String text) {
        ArchitectureLoader.Result r = ArchitectureLoader.load(text, "bad.tcpa");
        assertTrue(r.diagnostics().hasErrors(), r.diagnostics().toString());
        return r.diagnostics().list().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
    }

    @Test
    void goodInputHasNoProblems() {
        ArchitectureLoader.Result r = ArchitectureLoader.load(GOOD, "t.tcpa");
        assertTrue(r.ok(), r.diagnostics().toString());
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
    }

    @Test
    void unknownFuType() {
        Diagnostic d = error(GOOD.replace("fu alu0 : ALU;", "fu alu0 : MAC;"));
        assertEquals("unknown FU type MAC", d.message());
        assertEquals(7, d.line());
        assertEquals("bad.tcpa", d.file());
        assertTrue(d.hint().contains("futype MAC"), d.hint());
    }

    @Test
    void adjacencyBetweenSameOrientationPorts() {
        Diagnostic d = error(GOOD.replace("connect pe.out0 -> east.out0;", "connect pe.out0 -> west.in0;"));
        assertTrue(d.message().startsWith("adjacency between same-orientation ports: pe.out0 and west.in0 are both "
                + "sources"), d.message());
        assertEquals(15, d.line());
        Diagnostic s = error(GOOD.replace("connect west.in0 -> pe.in0;", "connect east.out0 -> pe.in0;"));
        assertTrue(s.message().contains("east.out0 is a sink"), s.message());
    }

    @ParameterizedTest
    @ValueSource(strings = { "0", "-3" })
    void fdDepthMustBePositive(String depth) {
        Diagnostic d = error(GOOD.replace("depth 4", "depth " + depth));
        assertEquals("the maximum FD depth must be at least 1, not " + depth, d.message());
        assertEquals(9, d.line());
    }

    @Test
    void otherChecks() {
        assertEquals("feedback registers need a maximum depth", error(GOOD.replace(" depth 4", "")).message());
        assertTrue(error(GOOD.replace("connect pe.out0 -> east.out0;", "connect pe.out0 -> east.out3;")).message()
                .startsWith("port east.out3 does not exist"));
        assertTrue(error(GOOD.replace("west in 1 out 1;", "west in 0 out 1;")).message()
                .startsWith("east.out0 has no sibling west.in0"));
        assertTrue(error(GOOD.replace("(reg, reg)", "(reg)")).message()
                .contains("implements add with 2 source operands but lists 1"));
        assertTrue(error(GOOD.replace("implements add", "implements frobnicate")).message()
                .startsWith("unknown PLA operation frobnicate"));
        assertTrue(error(GOOD.replace("targets 2", "targets 1")).message().startsWith("a conditional branch needs"));
        assertEquals("a bank needs at least one word, not 0", error(GOOD.replace("control", "buffer west banks 1 words 0; "
                + "control")).message());
        assertEquals("the grid needs at least one row, not 0", error(GOOD.replace("rows 2", "rows 0")).message());
        assertEquals("the wrapper has no data layer", error(GOOD.replaceAll("(?s)layer data \\{.*?\\}\\n", ""))
                .message());
        assertEquals("FU alu0 is declared twice",
                error(GOOD.replace("fu alu0 : ALU;", "fu alu0 : ALU; fu alu0 : ALU;")).message());
    }

    @Test
    void formatterLaysOutOneStatementPerLine() throws Exception {
        String messy = "architecture t{grid rows 1 cols 2 ;futype ALU{instr add implements add latency 1( reg ,reg );}"
                + "pe{fu alu0:ALU;rd 2;}layer data{pe in 1 out 1;connect pe . out0->pe.in0 ;}}";
        String expected = """
                architecture t {
                    grid rows 1 cols 2;
                    futype ALU {
                        instr add implements add latency 1 (reg, reg);
                    }
                    pe {
                        fu alu0 : ALU;
                        rd 2;
                    }
                    layer data {
                        pe in 1 out 1;
                        connect pe.out0 -> pe.in0;
                    }
                }""";
        assertEquals(expected, ArchitectureLoader.format(messy).strip());
        String example = Files.readString(Fixtures.example("fig4.tcpa"));
        assertEquals(example, ArchitectureLoader.format(example));
    }

    @Test
    void loadThrowsWithFileAndLine() throws Exception {
        Path f = dir.resolve("bad.tcpa");
        Files.writeString(f, GOOD.replace("depth 4", "depth 0").replace("fu alu0 : ALU;", "fu alu0 : MAC;"));
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> ArchitectureLoader.load(f));
        assertEquals(7, e.diagnostic().line());
        assertTrue(e.diagnostic().file().endsWith("bad.tcpa"));
        assertTrue(e.getMessage().contains("unknown FU type MAC"), e.getMessage());
        assertTrue(e.getMessage().contains(":9: the maximum FD depth must be at least 1, not 0"), e.getMessage());
        DiagnosticException missing = assertThrows(DiagnosticException.class,
                () -> ArchitectureLoader.load(dir.resolve("none.tcpa")));
        assertTrue(missing.getMessage().contains("cannot read the architecture file"), missing.getMessage());
        Files.writeString(f, "architecture t { grid rows 1 cols ; }");
        DiagnosticException syntax = assertThrows(DiagnosticException.class, () -> ArchitectureLoader.load(f));
        assertEquals(1, syntax.diagnostic().line());
    }
}
