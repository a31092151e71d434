package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import tessera.regdem.cubin.VoltaEncoder;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

/** The Volta+ encoder against nvcc's own bits: every encodable instruction of the corpus is re-encoded. */
class VoltaEncoderTest {
    @Test
    void reencodesEveryLdsStsS2rAndShiftOfTheCorpusBitForBit() {
        Map<String, Integer> matched = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        for (NvccCorpus.Entry e : NvccCorpus.entries()) {
            SassProgram p = SassParser.parse(e.sass().toString(), e.text()).program();
            for (Line.Instr i : p.instructions()) {
                long[] nvcc = tessera.regdem.cubin.CubinPatch.words(i.encoding());
                if (nvcc == null) {
                    continue;
                }
                long[] ours;
                try {
                    ours = VoltaEncoder.encode(i);
                } catch (VoltaEncoder.Unsupported u) {
                    continue;
                }
                if (ours[0] != nvcc[0] || ours[1] != nvcc[1]) {
                    wrong.add(String.format("%s %04x %s: nvcc %016x %016x, ours %016x %016x", e, i.address(),
                            i.fullOpcode(), nvcc[0], nvcc[1], ours[0], ours[1]));
                } else {
                    matched.merge(i.fullOpcode(), 1, Integer::sum);
                }
            }
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " differ, e.g. " + wrong.subList(0, Math.min(5, wrong.size())));
        for (String op : List.of("LDS", "LDS.128", "STS", "STS.128", "S2R", "IMAD.SHL.U32")) {
            assertTrue(matched.getOrDefault(op, 0) >= 2, op + " seen only " + matched.get(op) + " times: " + matched);
        }
    }

    @Test
    void refusesWhatItCannotEncode() {
        SassProgram p = SassParser.parse("x.sass", """
                --:-:-:-:1       LDL R2, [R1+0x4];
                --:-:-:-:1       LDS R2, [UR4];
                """).program();
        for (Line.Instr i : p.instructions()) {
            VoltaEncoder.Unsupported u = assertThrows(VoltaEncoder.Unsupported.class, () -> VoltaEncoder.encode(i));
            assertTrue(u.getMessage().startsWith(i.fullOpcode()), u.getMessage());
        }
    }

    @Test
    void encodesAGuardAndTheControlCode() throws Exception {
        Line.Instr i = SassParser.parse("x.sass", "01:2:-:Y:4 @!P3 STS [R1+0x400], R7;\n").program().instructions()
                .get(0);
        long[] w = VoltaEncoder.encode(i);
        assertEquals(0xb, (w[0] >>> 12) & 0xf);
        assertEquals(i.ctrl(), tessera.regdem.sass.ControlCode.decodeVolta(w[1]));
        assertEquals(0x400, w[0] >>> 40);
        assertEquals(7, (w[0] >>> 32) & 0xff);
    }
}
