package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.GlobalMemory;
import tessera.regdem.sim.LaunchSpec;
import tessera.regdem.sim.SassSimulator;
import tessera.regdem.sim.SimulationException;

/** The simulator against hand-computed reference implementations of the example kernels. */
class SimulatorTest {

    private static float[] floats(GlobalMemory m, int buf) {
        ByteBuffer b = ByteBuffer.wrap(m.buffer(buf)).order(ByteOrder.LITTLE_ENDIAN);
        float[] f = new float[m.buffer(buf).length / 4];
        for (int i = 0; i < f.length; i++) {
            f[i] = b.getFloat(4 * i);
        }
        return f;
    }

    /** A check of one thread's output against a Java reference: its global id, the input and output buffers. */
    private interface ThreadCheck {
        void check(int gid, float[] x, float[] out);
    }

    /** Runs an example on the random inputs of {@code seed} and checks every thread of the launch. */
    private static void eachThread(String example, long seed, ThreadCheck check) {
        FloatRun run = FloatRun.of(example, seed);
        for (int gid = 0; gid < run.spec().grid() * run.spec().threads(); gid++) {
            check.check(gid, run.x(), run.out());
        }
    }

    /** An example run on the random inputs of {@code seed}: its launch, input buffer 0 and output buffer 1 as floats. */
    private record FloatRun(LaunchSpec spec, float[] x, float[] out) {
        static FloatRun of(String example, long seed) {
            SassProgram p = TestSupport.example(example);
            LaunchSpec spec = LaunchSpec.of(p).orElseThrow();
            SassSimulator.Inputs in = SassSimulator.inputs(spec, seed);
            SassSimulator.Result r = SassSimulator.run(p, spec, in, 0);
            return new FloatRun(spec, floats(in.memory(), 0), floats(r.memory(), 1));
        }
    }

    @Test
    void pressureLoopMatchesAJavaReference() {
        eachThread("pressure_loop", 5, (gid, x, out) -> {
            float[] a = new float[32];
            System.arraycopy(x, gid * 32, a, 0, 32);
            for (int it = 0; it < 3; it++) {
                for (int j = 0; j < 32; j++) {
                    a[j] = Math.fma(a[j], 0.5f, a[(j + 1) % 32]);
                }
            }
            float s = a[0] + a[1];
            for (int j = 2; j < 32; j++) {
                s += a[j];
            }
            assertEquals(Float.floatToIntBits(s), Float.floatToIntBits(out[gid]), "gid " + gid);
        });
    }

    @Test
    void sharedMemoryAndBarriers() {
        FloatRun run = FloatRun.of("smem_reduce", 6);
        float[] x = run.x();
        float[] out = run.out();
        for (int b = 0; b < run.spec().grid(); b++) {
            float[] v8 = new float[256];
            float[] v9 = new float[256];
            float[] v15 = new float[256];
            float[] v13 = new float[256];
            float[] v14 = new float[256];
            for (int t = 0; t < 256; t++) {
                float v = x[b * 256 + t];
                v8[t] = v * v;
                v9[t] = v + 1f;
            }
            for (int t = 0; t < 256; t++) {
                v13[t] = v8[t ^ 1] + v8[t];
                v14[t] = v9[t ^ 1] * v9[t];
                v15[t] = Math.fma(v13[t], v14[t], x[b * 256 + t]);
            }
            for (int t = 0; t < 256; t++) {
                float v18 = v15[t ^ 2] + v15[t];
                float v20 = Math.min(v18, v13[t]) + v14[t];
                assertEquals(Float.floatToIntBits(v20), Float.floatToIntBits(out[b * 256 + t]), "block " + b + " t " + t);
            }
        }
    }

    @Test
    void divergentBranchesReconverge() {
        eachThread("divergent", 8, (gid, x, out) -> {
            float r4 = x[gid];
            float r5 = 0;
            float r6 = 1f;
            int r7 = gid & 3;
            if (r7 == 0) {
                int r12 = 0;
                float r13 = r4;
                do {
                    r6 = Math.fma(r13, 0.25f, r6);
                    r13 = r13 + r6;
                    r12++;
                } while (r12 < r7 || r12 < 3);
                r5 = r13 + r6;
            } else if (r7 == 1) {
                r5 = r4 * r4;
                r6 = r5 + r4;
                r5 = Math.fma((float) (gid + 7), r6, r5);
            } else {
                float r10 = 1f / r6;
                float r11 = r4 + -r10;
                r5 = r11 * r11;
                r6 = r6 + r5;
            }
            float r15 = (r5 + r6) * r4;
            assertEquals(Float.floatToIntBits(r15), Float.floatToIntBits(out[gid]), "gid " + gid);
        });
    }

    @Test
    void doublesAndCarries() {
        SassProgram p = TestSupport.example("dot64");
        LaunchSpec spec = LaunchSpec.of(p).orElseThrow();
        SassSimulator.Inputs in = SassSimulator.inputs(spec, 9);
        GlobalMemory m = SassSimulator.run(p, spec, in, 0).memory();
        ByteBuffer a = ByteBuffer.wrap(in.memory().buffer(0)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.wrap(in.memory().buffer(1)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer o = ByteBuffer.wrap(m.buffer(2)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer f = ByteBuffer.wrap(m.buffer(3)).order(ByteOrder.LITTLE_ENDIAN);
        for (int gid = 0; gid < 64; gid++) {
            double s = 0;
            for (int j = 0; j < 8; j++) {
                s = Math.fma(a.getDouble(64 * gid + 8 * j), b.getDouble(64 * gid + 8 * j), s);
            }
            s = s + -(a.getDouble(64 * gid) * b.getDouble(64 * gid));
            assertEquals(Double.doubleToLongBits(s), Double.doubleToLongBits(o.getDouble(8 * gid)), "gid " + gid);
            assertEquals(Float.floatToIntBits((float) s), Float.floatToIntBits(f.getFloat(4 * gid)));
        }
    }

    @Test
    void rejectsOutOfBoundsAndUnsupported() {
        SassProgram bad = TestSupport.parse(TestSupport.kernel("--:-:1:-:2       LDS R3, [0x1000];",
                "01:-:-:-:f       EXIT;"));
        LaunchSpec spec = LaunchSpec.parse("block=32");
        SimulationException e = assertThrows(SimulationException.class,
                () -> SassSimulator.run(bad, spec, SassSimulator.inputs(spec, 1), 0));
        assertTrue(e.getMessage().contains("out of bounds"), e.getMessage());
        SassProgram shfl = TestSupport.parse(TestSupport.kernel("--:-:1:-:2       SHFL.IDX PT, R3, R0, 0x1, 0x1f;",
                "01:-:-:-:f       EXIT;"));
        assertThrows(SimulationException.class, () -> SassSimulator.run(shfl, spec, SassSimulator.inputs(spec, 1), 0));
    }
}
