package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tessera.tcpa.mapping.Instances;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.passes.PstChecker;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.symconf.SymbolicConfiguration;

/**
 * The FIR, MM and convolution PLAs (examples/pla) compile on the 4×4 TCPA (examples/tcpa/tcpa4x4.tcpa). FIR is mapped
 * onto one row (distributing i): its 2-D mapping needs five PE input ports (w, s, and v from three neighbours).
 */
class ExamplesTest {
    @ParameterizedTest
    @CsvSource({"fir.pla, i", "matmul.pla, 'i,j'", "conv.pla, 'co,y'", "bitext.pla, ''"})
    void compilesOnTheFourByFourArray(String name, String distribute) throws Exception {
        TcpaPipeline.Compiled c = Fixtures.compile(name, Fixtures.example(name), Fixtures.exampleArch("tcpa4x4.tcpa"),
                distribute == null || distribute.isBlank() ? List.of() : List.of(distribute.split(",")));
        assertTrue(c.ok(), name + ": " + c.diagnostics());
        SymbolicConfiguration conf = c.mapping().config();
        assertTrue(conf.getSchedule().getPi() >= 1);
        // every tiled constraint holds from the reported minimum tile size on (evaluated, not only proven)
        var inst = Instances.sample(conf, 3);
        for (var tc : SymbolicScheduling.constraints(conf)) {
            for (var i : inst) {
                assertTrue(tc.value().evaluate(i) >= 0, name + " " + tc.edge().getId() + " at " + i + ": " + tc.value());
            }
        }
        assertEquals(List.of(), PstChecker.check(conf, Instances.sample(conf, 2)), name);
        assertTrue(conf.getTiling().getDistributed().size() == (distribute == null || distribute.isBlank()
                ? Math.min(2, conf.getTiling().getIndices().size()) : distribute.split(",").length));
    }

    @Test
    void twoDimensionalFirNeedsMorePeInputPortsThanTheFourByFourArrayHas() throws Exception {
        TcpaPipeline.Compiled c = Fixtures.compile("fir.pla", Fixtures.example("fir.pla"), Fixtures.exampleArch("tcpa4x4.tcpa"), List.of());
        assertTrue(!c.ok() && c.diagnostics().hasErrors(), c.diagnostics().toString());
        // with five PE input ports the same mapping routes (v arrives from three neighbours, w and s from one each); six
        // outputs: channels of different δ no longer share an od (Routing, P19 with FIFO IDs), and y takes the sixth
        String five = java.nio.file.Files.readString(Fixtures.root().resolve("examples/tcpa/tcpa4x4.tcpa")).replace("pe in 4 out 4", "pe in 5 out 6")
                .replace("connect north.in3 -> pe.in3", "connect north.in3 -> pe.in4, pe.in3").replace("connect west.in3 -> pe.in3", "connect west.in3 -> pe.in4, pe.in3")
                .replaceFirst("connect north.in0 -> ", "connect pe.out4 -> south.out0, south.out1, east.out0, east.out1;\n"
                        + "connect pe.out5 -> south.out2, south.out3, east.out2, east.out3;\nconnect north.in0 -> ");
        TcpaPipeline.Compiled c5 = Fixtures.compile("fir.pla", Fixtures.example("fir.pla"), Fixtures.arch(five), List.of());
        assertTrue(c5.ok(), c5.diagnostics().toString());
        assertEquals(2, c5.mapping().config().getTiling().getDistributed().size());
    }
}
