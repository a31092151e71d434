package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.sass.SassProgram;

/** Digest §5.8 predictor totals and the occupancy adjustment; Eq. (2) mode; loop factor. */
class PredictorTest {
    static final SassProgram A = TestSupport.parse(TestSupport.kernel(
            "--:-:1:-:1       LDG.E R4, [R2];",
            "--:-:-:-:6       FFMA R6, R7, R8, R9;",
            "01:-:-:-:6       FADD R10, R4, R6;",
            "--:-:2:-:1       MUFU.RCP R11, R10;",
            "02:-:-:-:6       FMUL R12, R11, R11;"));
    static final SassProgram B = TestSupport.parse(TestSupport.kernel(
            "--:-:1:-:1       LDG.E R4, [R2];",
            "--:-:-:-:6       FFMA R6, R7, R8, R9;",
            "--:2:3:-:6       LDS R70, [R69];",
            "07:-:-:-:6       FADD R10, R4, R6;",
            "--:-:2:-:1       MUFU.RCP R11, R10;",
            "02:-:-:-:6       FMUL R12, R11, R11;"));

    static double stall(SassProgram p, double occ) {
        return StallPredictor.predict(p, occ, ArchSpec.sm52(), StallPredictor.Mode.CODE).stall();
    }

    @Test
    void blockTotals() {
        assertEquals(214.0, stall(A, 0.5), 1e-9);
        assertEquals(213.5, stall(A, 0.375), 1e-9);
        assertEquals(215.0, stall(A, 0.75), 1e-9);
        assertEquals(250.0, stall(B, 0.5), 1e-9);
        assertEquals(250.25, stall(B, 0.5625), 1e-9);
        assertEquals(249.5, stall(B, 0.375), 1e-9);
        assertEquals(251.0, stall(B, 0.75), 1e-9);
        assertEquals(5, StallPredictor.predict(A, 0.5, ArchSpec.sm52(), StallPredictor.Mode.CODE).instCount());
    }

    @Test
    void selectionBetweenOrigAndRegDem() {
        double orig = StallPredictor.adjusted(stall(A, 0.375), 0.375, 0.5625);
        double regdem = StallPredictor.adjusted(stall(B, 0.5625), 0.5625, 0.5625);
        assertEquals(302.92, orig, 0.005);
        assertEquals(250.25, regdem, 1e-9);
        double f = Math.pow(0.375 / 0.5625, StallPredictor.OCCUPANCY_EXPONENT);
        assertEquals(1.41882, f, 5e-5);
    }

    @Test
    void adjustFactorTable() {
        double[] o = {1.0, 0.75, 0.625, 0.5, 0.375, 0.25, 0.125};
        double[] vs1 = {1.0, 1.2817, 1.5001, 1.8186, 2.3309, 3.3072, 6.0144};
        double[] vs075 = {0.7802, 1.0, 1.1704, 1.4188, 1.8186, 2.5803, 4.6924};
        for (int i = 0; i < o.length; i++) {
            assertEquals(vs1[i], StallPredictor.adjusted(1, o[i], 1.0), 1e-4);
            assertEquals(vs075[i], StallPredictor.adjusted(1, o[i], 0.75), 1e-4);
        }
    }

    @Test
    void paperEquationTwoAndLoopFactor() {
        // Eq. (2) for every instruction: raw stalls × occupancy, MUFU × 4 × occupancy; ages use scaled stalls
        double p = StallPredictor.predict(A, 0.5, ArchSpec.sm52(), StallPredictor.Mode.PAPER).stall();
        // stalls 0.5+3+3+2+3 = 11.5; wait on the LDG after 0.5+3 = 3.5 cycles -> +196.5
        assertEquals(208.0, p, 1e-9);
        SassProgram loop = TestSupport.parse(TestSupport.kernel(
                "--:-:-:-:6       MOV R2, RZ;",
                "L:",
                "--:-:-:-:6       IADD R2, R2, 0x1;",
                "--:-:-:-:6       ISETP.LT.AND P0, PT, R2, 0x4, PT;",
                "--:-:-:-:6 @P0   BRA L;",
                "--:-:-:-:f       EXIT;"));
        assertEquals(6 + 180 + 15, stall(loop, 1.0), 1e-9);
    }
}
