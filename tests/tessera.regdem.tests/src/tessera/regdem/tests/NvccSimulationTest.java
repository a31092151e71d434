package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The simulator as an independent oracle on real nvcc 13 output: every kernel of {@code data/nvcc/launch.txt}, on
 * every architecture of the corpus (sm_75 … sm_90), runs from its {@code cuobjdump -sass} listing on random inputs
 * and its outputs are checked against a straightforward Java reference of its CUDA source ({@code data/nvcc/src}).
 * Integers compare exactly; floats within a relative plus an absolute tolerance (nvcc contracts a*b+c into FFMA and
 * the warp reductions add in another order), doubles of {@code math64} bit-exactly (IEEE division and square root).
 */
class NvccSimulationTest {

    static List<String> archs() {
        return NvccCorpus.ARCHS;
    }

    private static final long SEED = 20240611;

    private static NvccSimulation.Run run(String arch, String kernel) {
        return NvccSimulation.run(arch, kernel, SEED + arch.hashCode());
    }

    private static void close(double expected, double actual, double rel, double abs, String what) {
        if (Double.isNaN(expected) && Double.isNaN(actual) || expected == actual) {
            return;
        }
        if (!(Math.abs(expected - actual) <= abs + rel * Math.abs(expected))) {
            fail(what + ": expected " + expected + " but simulated " + actual);
        }
    }

    private static final int PATTERN = 0x77777777;

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void scale(String arch) {
        NvccSimulation.Run r = run(arch, "_Z5scaleifPf");
        int n = r.intParam(0);
        float a = r.floatParam(1);
        ByteBuffer x = r.input(0);
        ByteBuffer y = r.output(0);
        for (int i = 0; i < x.capacity() / 4; i++) {
            float e = i < n ? x.getFloat(4 * i) * a : x.getFloat(4 * i);
            assertEquals(Float.floatToIntBits(e), Float.floatToIntBits(y.getFloat(4 * i)), arch + " x[" + i + "]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void histogram(String arch) {
        NvccSimulation.Run r = run(arch, "_Z9histogramiPKhPj");
        int n = r.intParam(0);
        int[] bins = new int[256];
        for (int i = 0; i < n; i++) {
            bins[r.input(0).get(i) & 0xff]++;
        }
        for (int b = 0; b < 256; b++) {
            assertEquals(bins[b], r.output(1).getInt(4 * b), arch + " bin " + b);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void clampSelect(String arch) {
        NvccSimulation.Run r = run(arch, "_Z12clamp_selectiffPKfPfPi");
        int n = r.intParam(0);
        float lo = r.floatParam(1);
        float hi = r.floatParam(2);
        int clipped = 0;
        for (int i = 0; i < r.input(1).capacity() / 4; i++) {
            float v = r.input(0).getFloat(4 * i);
            int y = r.output(1).getInt(4 * i);
            if (i >= n) {
                assertEquals(PATTERN, y, arch + " y[" + i + "] beyond n");
                continue;
            }
            clipped += (v < lo ? 1 : 0) | (v > hi ? 2 : 0);
            float e = v < lo ? lo : v > hi ? hi : v;
            assertEquals(Float.floatToIntBits(e), y, arch + " y[" + i + "]");
        }
        assertTrue(clipped > 0, "the inputs clip some values");
        assertEquals(clipped, r.output(2).getInt(0), arch + " clipped");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void mixedShared(String arch) {
        NvccSimulation.Run r = run(arch, "_Z12mixed_sharediPKfPf");
        int n = r.intParam(0);
        int bs = r.spec().blockX();
        for (int g = 0; g < r.spec().grid() * bs; g++) {
            int blk = g / bs;
            int t = g % bs;
            int src = blk * bs + (bs - 1 - t);
            float dyn = src < n ? r.input(0).getFloat(4 * src) : 0f;
            float fixed = (t + 1) % 64; // fixed[k] = k for a block of 64 threads
            int y = r.output(1).getInt(4 * g);
            assertEquals(g < n ? Float.floatToIntBits(dyn + fixed) : PATTERN, y, arch + " y[" + g + "]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void reduceSum(String arch) {
        NvccSimulation.Run r = run(arch, "_Z10reduce_sumiPKfPf");
        int n = r.intParam(0);
        double sum = 0;
        double mag = 0;
        for (int i = 0; i < n; i++) {
            sum += r.input(0).getFloat(4 * i);
            mag += Math.abs(r.input(0).getFloat(4 * i));
        }
        close(sum, r.output(1).getFloat(0), 0, 1e-6 * mag, arch + " sum");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void stencil2d(String arch) {
        NvccSimulation.Run r = run(arch, "_Z9stencil2diiffPKfPf");
        int nx = r.intParam(0);
        int ny = r.intParam(1);
        float w0 = r.floatParam(2);
        float w1 = r.floatParam(3);
        ByteBuffer in = r.input(0);
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                float c = cell(in, nx, ny, x, y);
                float s = cell(in, nx, ny, x - 1, y) + cell(in, nx, ny, x + 1, y) + cell(in, nx, ny, x, y - 1)
                        + cell(in, nx, ny, x, y + 1);
                close(w0 * c + w1 * s, r.output(1).getFloat(4 * (y * nx + x)), 1e-6, 1e-6, arch + " (" + x + "," + y + ")");
            }
        }
    }

    private static float cell(ByteBuffer in, int nx, int ny, int x, int y) {
        return x < 0 || y < 0 || x >= nx || y >= ny ? 0f : in.getFloat(4 * (y * nx + x));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void warpScan(String arch) {
        NvccSimulation.Run r = run(arch, "_Z9warp_scaniPKiPiPj");
        int n = r.intParam(0);
        int threads = r.spec().grid() * r.spec().threads();
        for (int w0 = 0; w0 < threads; w0 += 32) {
            int[] v = new int[32];
            for (int l = 0; l < 32; l++) {
                v[l] = w0 + l < n ? r.input(0).getInt(4 * (w0 + l)) : 0;
            }
            for (int l = 1; l < 32; l++) {
                v[l] += v[l - 1]; // the shuffle scan is an inclusive prefix sum
            }
            int positive = 0;
            boolean all = true;
            for (int l = 0; l < 32; l++) {
                positive |= v[l] > 0 ? 1 << l : 0;
                all &= v[l] >= 0;
            }
            for (int l = 0; l < 32 && w0 + l < n; l++) {
                int bfly = v[l ^ 16] + v[0];
                int e = v[l] + (all ? Integer.bitCount(positive) : -1) + (bfly & 1);
                assertEquals(e, r.output(1).getInt(4 * (w0 + l)), arch + " out[" + (w0 + l) + "]");
            }
            if (w0 < n) {
                assertEquals(positive, r.output(2).getInt(4 * (w0 / 32)), arch + " masks[" + w0 / 32 + "]");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void sgemm(String arch) {
        NvccSimulation.Run r = run(arch, "_Z5sgemmiPKfS0_Pf");
        int n = r.intParam(0);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                float acc = 0f;
                for (int k = 0; k < n; k++) {
                    acc = Math.fma(r.input(0).getFloat(4 * (i * n + k)), r.input(1).getFloat(4 * (k * n + j)), acc);
                }
                // the 8x8 register tile accumulates k in order with FFMA: bit-exact
                assertEquals(Float.floatToIntBits(acc), r.output(2).getInt(4 * (i * n + j)), arch + " c[" + i + "][" + j + "]");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void localSpill(String arch) {
        NvccSimulation.Run r = run(arch, "_Z11local_spilliPKfPKiPf");
        int n = r.intParam(0);
        for (int i = 0; i < n; i++) {
            float[] h = new float[24];
            for (int k = 0; k < 24; k++) {
                h[k] = r.input(0).getFloat(4 * ((i + k * 37) % n)) * (k + 1);
            }
            float acc = 0f;
            for (int k = 0; k < 24; k++) {
                acc += h[r.input(1).getInt(4 * ((i + k) % n)) % 24] * h[k];
            }
            for (int k = 0; k < 24; k++) {
                acc += h[k] * h[23 - k] * 0.5f;
            }
            close(acc, r.output(2).getFloat(4 * i), 1e-5, 1e-4, arch + " out[" + i + "]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void spillRegs(String arch) {
        NvccSimulation.Run r = run(arch, "_Z10spill_regsiiPKfS0_Pf");
        int n = r.intParam(0);
        int steps = r.intParam(1);
        for (int t = 0; t < n; t++) {
            float[] v = new float[36];
            for (int i = 0; i < 36; i++) {
                v[i] = r.input(0).getFloat(4 * ((i * 7 + t) % n)) * (i + 1);
            }
            for (int s = 0; s < steps; s++) {
                float w = r.input(1).getFloat(4 * s);
                for (int i = 0; i < 36; i++) {
                    v[i] = Math.fma(v[i], w, v[i] * 0.5f + i);
                }
            }
            float acc = 0f;
            for (int i = 0; i < 36; i++) {
                acc += v[i] * (i + 1);
            }
            close(acc, r.output(2).getFloat(4 * t), 1e-5, 1e-3, arch + " out[" + t + "]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void divergent(String arch) {
        NvccSimulation.Run r = run(arch, "_Z9divergentiPKiPKfPf");
        int n = r.intParam(0);
        int odd = 0;
        for (int i = 0; i < n; i++) {
            int k = r.input(0).getInt(4 * i);
            float v = r.input(1).getFloat(4 * i);
            if ((k & 1) != 0) {
                odd++;
                for (int t = 0; t < (k >> 1); t++) {
                    v = v * 1.5f - 0.25f * t;
                }
            } else if ((k & 2) != 0) {
                while (v > 1f) {
                    v *= 0.5f;
                }
            } else {
                v = switch (k & 12) {
                    case 0 -> -v;
                    case 4 -> v * v;
                    case 8 -> (float) Math.exp(v);
                    default -> (float) Math.log(Math.abs(v) + 1f);
                };
            }
            close(v, r.output(2).getFloat(4 * i), 2e-6, 1e-6, arch + " y[" + i + "] (kind " + k + ")");
        }
        assertTrue(odd > 0 && odd < n);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void nbody(String arch) {
        NvccSimulation.Run r = run(arch, "_Z5nbodyifPK6float4P6float3");
        int n = r.intParam(0);
        float soft2 = r.floatParam(1);
        int bs = r.spec().blockX();
        int span = (n + bs - 1) / bs * bs;
        ByteBuffer pos = r.input(0);
        for (int i = 0; i < n; i++) {
            double[] a = new double[3];
            double[] mag = new double[3];
            for (int j = 0; j < span; j++) {
                double[] d = new double[3];
                double w = j < n ? pos.getFloat(16 * j + 12) : 0;
                for (int c = 0; c < 3; c++) {
                    d[c] = (j < n ? pos.getFloat(16 * j + 4 * c) : 0f) - pos.getFloat(16 * i + 4 * c);
                }
                double inv = 1 / Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + soft2);
                double s = w * inv * inv * inv;
                for (int c = 0; c < 3; c++) {
                    a[c] += d[c] * s;
                    mag[c] += Math.abs(d[c] * s);
                }
            }
            for (int c = 0; c < 3; c++) {
                close(a[c], r.output(1).getFloat(12 * i + 4 * c), 0, 1e-5 * mag[c] + 1e-6, arch + " acc[" + i + "]." + c);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void cfdFlux(String arch) {
        NvccSimulation.Run r = run(arch, "_Z12compute_fluxiPKiPKfS2_Pf");
        int nc = r.intParam(0);
        ByteBuffer nbs = r.input(0);
        ByteBuffer nrm = r.input(1);
        ByteBuffer vars = r.input(2);
        int walls = 0;
        for (int i = 0; i < nc; i++) {
            double[] f = cfdReference(i, nc, nbs, nrm, vars);
            for (int j = 0; j < 4; j++) {
                walls += nbs.getInt(4 * (i + j * nc)) == -1 ? 1 : 0;
            }
            for (int k = 0; k < 5; k++) {
                close(f[k], r.output(3).getFloat(4 * (i + k * nc)), 1e-4, 1e-4, arch + " flux[" + i + "][" + k + "]");
            }
        }
        assertTrue(walls > 0, "some cells have walls");
    }

    /** The flux of cell i as compute_flux computes it (in double: the tolerance covers float rounding). */
    private static double[] cfdReference(int i, int nc, ByteBuffer nbs, ByteBuffer nrm, ByteBuffer vars) {
        double[] v = new double[5];
        for (int k = 0; k < 5; k++) {
            v[k] = vars.getFloat(4 * (i + k * nc));
        }
        double rho = v[0];
        double mx = v[1];
        double my = v[2];
        double mz = v[3];
        double e = v[4];
        double ke = mx * mx + my * my + mz * mz;
        double p = 0.4 * (e - 0.5 * ke / rho);
        double c = Math.sqrt(1.4 * p / rho);
        double[] f = new double[5];
        for (int j = 0; j < 4; j++) {
            int nb = nbs.getInt(4 * (i + j * nc));
            double nx = nrm.getFloat(4 * (i + (j * 3) * nc));
            double ny = nrm.getFloat(4 * (i + (j * 3 + 1) * nc));
            double nz = nrm.getFloat(4 * (i + (j * 3 + 2) * nc));
            double area = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (nb >= 0) {
                double rn = vars.getFloat(4 * nb);
                double mxn = vars.getFloat(4 * (nb + nc));
                double myn = vars.getFloat(4 * (nb + 2 * nc));
                double mzn = vars.getFloat(4 * (nb + 3 * nc));
                double en = vars.getFloat(4 * (nb + 4 * nc));
                double ken = mxn * mxn + myn * myn + mzn * mzn;
                double pn = 0.4 * (en - 0.5 * ken / rn);
                double cn = Math.sqrt(1.4 * pn / rn);
                double un = (mx * nx + my * ny + mz * nz) / rho;
                double unn = (mxn * nx + myn * ny + mzn * nz) / rn;
                double smax = 0.5 * area * Math.max(Math.abs(un) + c, Math.abs(unn) + cn);
                f[0] += 0.5 * (rho * un + rn * unn) - smax * (rn - rho);
                f[1] += 0.5 * (mx * un + mxn * unn + (p + pn) * nx) - smax * (mxn - mx);
                f[2] += 0.5 * (my * un + myn * unn + (p + pn) * ny) - smax * (myn - my);
                f[3] += 0.5 * (mz * un + mzn * unn + (p + pn) * nz) - smax * (mzn - mz);
                f[4] += 0.5 * ((e + p) * un + (en + pn) * unn) - smax * (en - e);
            } else if (nb == -1) {
                f[1] += p * nx;
                f[2] += p * ny;
                f[3] += p * nz;
            } else {
                f[0] += 0.1 * area;
                f[4] += 0.2 * area * p;
            }
        }
        return f;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void math64(String arch) {
        NvccSimulation.Run r = run(arch, "_Z6math64iPKdS0_PKxS2_PdPx");
        int n = r.intParam(0);
        for (int i = 0; i < n; i++) {
            double a = r.input(0).getDouble(8 * i);
            double b = r.input(1).getDouble(8 * i);
            double x = a / b;
            double e = Math.sqrt(Math.fma(x, x, 1.0)) + Math.fma(a, b, x);
            double got = r.output(4).getDouble(8 * i);
            if (!(Double.isNaN(e) && Double.isNaN(got))) {
                assertEquals(Double.doubleToLongBits(e), Double.doubleToLongBits(got), arch + " r[" + i + "] = "
                        + got + ", expected " + e + " (a " + a + ", b " + b + ")");
            }
            long p = r.input(2).getLong(8 * i);
            long q = r.input(3).getLong(8 * i);
            long d = q == 0 ? 1 : q;
            assertEquals(p / d + p % 7, r.output(5).getLong(8 * i), arch + " s[" + i + "] (p " + p + ", q " + q + ")");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void asyncScale(String arch) {
        NvccSimulation.Run r = run(arch, "_Z11async_scaleifPK6float4PS_");
        int n = r.intParam(0);
        float alpha = r.floatParam(1);
        int tiles = (n + 127) / 128;
        for (int k = 0; k < tiles * 128 * 4; k++) {
            float e = alpha * r.input(0).getFloat(4 * k);
            assertEquals(Float.floatToIntBits(e), r.output(1).getInt(4 * k), arch + " out[" + k / 4 + "]." + k % 4);
        }
    }

    private static float half(ByteBuffer b, int i) {
        return Float.float16ToFloat(b.getShort(2 * i));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void wmmaTile(String arch) {
        NvccSimulation.Run r = run(arch, "_Z9wmma_tilePK6__halfS1_Pfi");
        int k = r.intParam(3);
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 16; j++) {
                double s = 0;
                double mag = 0;
                for (int kk = 0; kk < k; kk++) {
                    double t = (double) half(r.input(0), i * k + kk) * half(r.input(1), j * k + kk);
                    s += t;
                    mag += Math.abs(t);
                }
                close(s, r.output(2).getFloat(4 * (i * 16 + j)), 0, 1e-6 * mag + 1e-7, arch + " c[" + i + "][" + j + "]");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void ldmatrixMma(String arch) {
        NvccSimulation.Run r = run(arch, "_Z12ldmatrix_mmaPK6__halfS1_Pf");
        int kmax = arch.equals("sm_75") ? 8 : 16; // sm_75 runs mma.m16n8k8 on the first 8 columns of A
        for (int lane = 0; lane < 32; lane++) {
            int g = lane >> 2;
            int q = lane & 3;
            for (int reg = 0; reg < 4; reg++) {
                int row = g + 8 * (reg >> 1);
                int col = q * 2 + (reg & 1);
                double s = 0;
                double mag = 0;
                for (int kk = 0; kk < kmax; kk++) {
                    double t = (double) half(r.input(0), row * 16 + kk) * half(r.input(1), kk * 8 + col);
                    s += t;
                    mag += Math.abs(t);
                }
                close(s, r.output(2).getFloat(4 * (lane * 4 + reg)), 0, 1e-6 * mag + 1e-7,
                        arch + " lane " + lane + " d[" + reg + "]");
            }
        }
    }
}
