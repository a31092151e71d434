package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.Severity;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;

/** The mapping diagnostics of issue 5: each names the file, a line and what to change; never an exception. */
class DiagnosticsTest {
    private static final String TWO_VALUES = """
            param N where N >= 1
            for 0 <= i < N do
              A: a[i] = in[i]
              B: b[i] = in2[i]
              Y: y[i] = a[i] + b[i]
            end
            """;
    private static final String DISTANCE_TWO = """
            param N where N >= 1
            for 0 <= i < N do
              X0: x[i] = in[i] if i < 2
              X1: x[i] = x[i - 2] + 1 if i >= 2
              Y: y[i] = x[i] + 0
            end
            """;

    private static Diagnostic only(TcpaPipeline.Compiled c, Severity s, String text) {
        Diagnostic d = c.diagnostics().list().stream().filter(x -> x.severity() == s && x.message().contains(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + s + " containing '" + text + "' in " + c.diagnostics()));
        assertTrue(d.line() >= 1, d.format());
        assertFalse(d.file() == null || d.file().isEmpty(), d.format());
        return d;
    }

    @Test
    void moreThanTwoDistributedDimensions() {
        var c = Fixtures.compile("matmul.pla", Fixtures.example("matmul.pla"), Fixtures.arch(Fixtures.BITEXT_ARCH), List.of("i", "j", "k"));
        assertTrue(only(c, Severity.ERROR, "more than two distributed").hint().contains("--distribute"));
    }

    @Test
    void dependenceSkippingATile() {
        var c = TcpaPipeline.compile("d2.pla", DISTANCE_TWO, Fixtures.arch(Fixtures.BITEXT_ARCH),
                new MappingState.Options(List.of(), Map.of("p", 1L), Deadline.after(Duration.ofSeconds(30))), Monitor.NULL);
        Diagnostic d = only(c, Severity.ERROR, "skips a tile");
        assertTrue(d.line() == 4, d.format());
        assertTrue(d.hint().contains("p ≥ 2"), d.hint());
    }

    @Test
    void registerOverflow() {
        var c = Fixtures.compile("two.pla", TWO_VALUES, Fixtures.arch(Fixtures.BITEXT_ARCH.replace("rd 8;", "rd 1;")), List.of());
        assertTrue(only(c, Severity.ERROR, "register overflow").message().contains("RD"));
    }

    @Test
    void feedbackDepthOverMaximum() {
        var c = Fixtures.compile("d2.pla", DISTANCE_TWO, Fixtures.arch(Fixtures.BITEXT_ARCH.replace("fd 4 depth 16;", "fd 4 depth 1;")), List.of());
        assertTrue(only(c, Severity.ERROR, "needs depth 2").hint().contains("depth"));
    }

    @Test
    void unroutableChannel() {
        String arch = Fixtures.BITEXT_ARCH.replace("connect pe.out0 -> east.out0, south.out0, west.out0, north.out0;", "connect pe.out0 -> north.out0;")
                .replace("connect pe.out1 -> east.out1, south.out1, west.out1, north.out1;", "connect pe.out1 -> north.out1;")
                .replace("connect north.in0 -> pe.in1, east.out0;", "connect north.in0 -> pe.in1;").replace("connect west.in0 -> pe.in0, south.out0;", "connect west.in0 -> pe.in0;");
        var c = Fixtures.compile("bitext.pla", Fixtures.example("bitext.pla"), Fixtures.arch(arch), List.of());
        assertFalse(c.ok());
        assertTrue(c.diagnostics().hasErrors());
        assertTrue(c.diagnostics().list().stream().anyMatch(d -> d.isError() && d.message().contains("e2.2")), c.diagnostics().toString());
    }

    @Test
    void ioNotAtTheBorder() {
        String pla = """
                param N, M where N >= 1 and M >= 1
                for 0 <= i < N, 0 <= j < M do
                  Y: y[i, j] = a[i, j] + 1
                end
                """;
        var c = Fixtures.compile("inner.pla", pla, Fixtures.arch(Fixtures.BITEXT_ARCH), List.of("i", "j"));
        assertTrue(c.ok(), c.diagnostics().toString());
        only(c, Severity.WARNING, "I/O not at the border");
        assertTrue(c.mapping().config().getAccessMappings().stream().allMatch(a -> a.getBorder().equals("interior")));
    }

    @Test
    void noFunctionalUnitForAnOperation() {
        var c = Fixtures.compile("bitext.pla", Fixtures.example("bitext.pla"),
                Fixtures.arch(Fixtures.BITEXT_ARCH.replace("instr shri implements shr latency 1 (reg, imm);", "")), List.of());
        assertTrue(only(c, Severity.ERROR, "implements").hint().contains("instr"));
    }

    @Test
    void plaErrorsStopBeforeMapping() {
        var c = Fixtures.compile("bad.pla", "for 0 <= i < N do x[i] = ", Fixtures.arch(Fixtures.BITEXT_ARCH), List.of());
        assertNull(c.mapping());
        assertTrue(c.diagnostics().hasErrors());
    }
}
