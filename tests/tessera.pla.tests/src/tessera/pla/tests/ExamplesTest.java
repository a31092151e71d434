package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.rdg.Rdg;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.RunResult;

/**
 * The FIR, matrix-multiplication and convolution PLAs (examples/pla) against plain Java loops on random inputs
 * (full 32-bit values, so wrap-around is exercised) for several parameter values. Seeds are printed on failure.
 */
class ExamplesTest {
    private static RunResult run(Rdg g, Map<String, Long> p, Inputs in, long seed) {
        RunResult r = Interpreter.run(g, p, in);
        assertTrue(r.ok(), "seed " + seed + " " + p + ": " + r.diagnostics());
        return r;
    }

    @Test
    void fir() {
        Rdg g = Pla.example("fir.pla", true).rdg();
        for (long seed = 1; seed <= 12; seed++) {
            Random rnd = new Random(seed);
            int n = 1 + rnd.nextInt(12), m = 1 + rnd.nextInt(6);
            int[] a = new int[m], u = new int[n];
            Inputs in = new Inputs();
            for (int j = 0; j < m; j++) {
                in.set("a", new long[] {j}, a[j] = rnd.nextInt());
            }
            for (int i = 0; i < n; i++) {
                in.set("u", new long[] {i}, u[i] = rnd.nextInt());
            }
            ArrayData y = run(g, Map.of("N", (long) n, "M", (long) m), in, seed).outputs().get("y");
            assertEquals(n, y.size());
            for (int i = 0; i < n; i++) {
                int s = 0;
                for (int j = 0; j < m; j++) {
                    s += a[j] * (i - j >= 0 ? u[i - j] : 0);
                }
                assertEquals(s, y.get(i), "seed " + seed + " i=" + i);
            }
        }
    }

    @Test
    void matrixMultiplication() {
        Rdg g = Pla.example("matmul.pla", true).rdg();
        for (long seed = 1; seed <= 10; seed++) {
            Random rnd = new Random(seed);
            int n = 1 + rnd.nextInt(5), m = 1 + rnd.nextInt(5), k = 1 + rnd.nextInt(5);
            int[][] a = new int[n][k], b = new int[k][m];
            Inputs in = new Inputs();
            for (int i = 0; i < n; i++) {
                for (int q = 0; q < k; q++) {
                    in.set("A", new long[] {i, q}, a[i][q] = rnd.nextInt());
                }
            }
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < m; j++) {
                    in.set("B", new long[] {q, j}, b[q][j] = rnd.nextInt());
                }
            }
            ArrayData c = run(g, Map.of("N", (long) n, "M", (long) m, "K", (long) k), in, seed).outputs().get("C");
            assertEquals(n * m, c.size());
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    int s = 0;
                    for (int q = 0; q < k; q++) {
                        s += a[i][q] * b[q][j];
                    }
                    assertEquals(s, c.get(i, j), "seed " + seed);
                }
            }
        }
    }

    @Test
    void convolutionLayer() {
        Rdg g = Pla.example("conv.pla", true).rdg();
        for (long seed = 1; seed <= 6; seed++) {
            Random rnd = new Random(seed);
            int co = 1 + rnd.nextInt(3), h = 1 + rnd.nextInt(3), w = 1 + rnd.nextInt(3), ci = 1 + rnd.nextInt(3),
                    kh = 1 + rnd.nextInt(3), kw = 1 + rnd.nextInt(3);
            int[][][][] wt = new int[co][ci][kh][kw];
            int[][][] img = new int[ci][h + kh - 1][w + kw - 1];
            Inputs in = new Inputs();
            for (int a = 0; a < co; a++) {
                for (int c = 0; c < ci; c++) {
                    for (int y = 0; y < kh; y++) {
                        for (int x = 0; x < kw; x++) {
                            in.set("wt", new long[] {a, c, y, x}, wt[a][c][y][x] = rnd.nextInt());
                        }
                    }
                }
            }
            for (int c = 0; c < ci; c++) {
                for (int y = 0; y < h + kh - 1; y++) {
                    for (int x = 0; x < w + kw - 1; x++) {
                        in.set("img", new long[] {c, y, x}, img[c][y][x] = rnd.nextInt());
                    }
                }
            }
            Map<String, Long> p = Map.of("CO", (long) co, "H", (long) h, "W", (long) w, "CI", (long) ci, "KH", (long) kh, "KW", (long) kw);
            ArrayData out = run(g, p, in, seed).outputs().get("out");
            assertEquals(co * h * w, out.size());
            for (int a = 0; a < co; a++) {
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        int s = 0;
                        for (int c = 0; c < ci; c++) {
                            for (int dy = 0; dy < kh; dy++) {
                                for (int dx = 0; dx < kw; dx++) {
                                    s += wt[a][c][dy][dx] * img[c][y + dy][x + dx];
                                }
                            }
                        }
                        assertEquals(s, out.get(a, y, x), "seed " + seed + " " + p);
                    }
                }
            }
        }
    }

    @Test
    void randomInputsCoverExactlyTheReadElements() {
        Rdg g = Pla.example("conv.pla", true).rdg();
        Map<String, Long> p = Map.of("CO", 2L, "H", 3L, "W", 2L, "CI", 2L, "KH", 2L, "KW", 3L);
        var req = Inputs.required(g, p);
        assertEquals(2 * 2 * 2 * 3, req.get("wt").size());
        assertEquals(2 * (3 + 2 - 1) * (2 + 3 - 1), req.get("img").size());
        assertTrue(Interpreter.run(g, p, new Inputs().fillRandom(g, p, new Random(1), 0)).ok());
    }
}
