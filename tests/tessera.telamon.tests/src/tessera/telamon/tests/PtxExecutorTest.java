package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.telamon.exec.KernelSemantics;
import tessera.telamon.ptx.Memory;
import tessera.telamon.ptx.PtxException;
import tessera.telamon.ptx.PtxExecutor;
import tessera.telamon.ptx.PtxExecutor.Dim3;
import tessera.telamon.ptx.PtxParser;
import tessera.telamon.ptx.PtxProgram;
import tessera.testing.Fixtures;

/** The reference PTX executor on hand-written PTX (tests/tessera.telamon.tests/ptx), against plain Java. */
class PtxExecutorTest {
    static Path ptxDir() {
        return Fixtures.root().resolve("tests/tessera.telamon.tests/ptx");
    }

    static PtxProgram load(String name) throws IOException {
        return PtxParser.parse(name, Files.readString(ptxDir().resolve(name)));
    }

    /** The 1-based line of the first line of {@code name} that contains {@code snippet}. */
    static int lineOf(String name, String snippet) throws IOException {
        List<String> lines = Files.readAllLines(ptxDir().resolve(name));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(snippet)) {
                return i + 1;
            }
        }
        throw new AssertionError(snippet + " not in " + name);
    }

    @Test
    void vectorAddOverAGrid() throws IOException {
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        Random rnd = new Random(1);
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextFloat() * 100 - 50;
            b[i] = rnd.nextFloat();
        }
        Memory m = new Memory();
        long pa = m.allocate("a", 4L * n);
        long pb = m.allocate("b", 4L * n);
        long pc = m.allocate("c", 4L * n);
        m.writeF32s(pa, a);
        m.writeF32s(pb, b);
        PtxExecutor.Stats s = new PtxExecutor(load("vadd.ptx"), m).run(Dim3.of(8), Dim3.of(128), List.of(pa, pb, pc, n));
        float[] c = m.readF32s(pc, n);
        for (int i = 0; i < n; i++) {
            assertEquals(a[i] + b[i], c[i], "c[" + i + "]");
        }
        assertEquals(8, s.blocks());
        assertEquals(8, s.phases(), "one phase per block: no barrier");
    }

    @Test
    void specialRegistersOnA3dGrid() throws IOException {
        Dim3 grid = new Dim3(3, 2, 2);
        Dim3 block = new Dim3(4, 3, 2);
        int total = (int) (grid.count() * block.count());
        Memory m = new Memory();
        long out = m.allocate("out", 4L * total);
        new PtxExecutor(load("ids.ptx"), m).run(grid, block, List.of(out));
        int[] got = m.readS32s(out, total);
        int[] want = new int[total];
        for (int cz = 0; cz < 2; cz++) {
            for (int cy = 0; cy < 2; cy++) {
                for (int cx = 0; cx < 3; cx++) {
                    for (int tz = 0; tz < 2; tz++) {
                        for (int ty = 0; ty < 3; ty++) {
                            for (int tx = 0; tx < 4; tx++) {
                                int blockId = (cz * 2 + cy) * 3 + cx;
                                int thread = (tz * 3 + ty) * 4 + tx;
                                want[blockId * 24 + thread] = tx | ty << 4 | tz << 8 | cx << 12 | cy << 16 | cz << 20;
                            }
                        }
                    }
                }
            }
        }
        assertArrayEquals(want, got);
    }

    @Test
    void blockReductionInSharedMemoryWithBarriers() throws IOException {
        int blocks = 4;
        int threads = 64;
        float[] in = new float[blocks * threads];
        Random rnd = new Random(7);
        for (int i = 0; i < in.length; i++) {
            in[i] = rnd.nextFloat() * 2 - 1;
        }
        Memory m = new Memory();
        long pin = m.allocate("in", 4L * in.length);
        long pout = m.allocate("out", 4L * blocks);
        m.writeF32s(pin, in);
        PtxExecutor.Stats s = new PtxExecutor(load("block_sum.ptx"), m).run(Dim3.of(blocks), Dim3.of(threads), List.of(pin, pout));
        float[] out = m.readF32s(pout, blocks);
        for (int b = 0; b < blocks; b++) {
            float[] sdata = new float[threads];
            System.arraycopy(in, b * threads, sdata, 0, threads);
            for (int stride = threads / 2; stride > 0; stride /= 2) {
                for (int t = 0; t < stride; t++) {
                    sdata[t] = sdata[t] + sdata[t + stride];
                }
            }
            assertEquals(sdata[0], out[b], "block " + b);
        }
        assertEquals(blocks * 8L, s.phases(), "7 barriers per block: 8 phases");
    }

    @Test
    void reductionWithoutTheBarrierIsARace() throws IOException {
        String f = "block_sum_racy.ptx";
        Memory m = new Memory();
        long pin = m.allocate("in", 4L * 64);
        long pout = m.allocate("out", 4L);
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), m).run(Dim3.of(1), Dim3.of(64), List.of(pin, pout)));
        assertEquals(lineOf(f, "st.shared.f32 [%rd7], %f3"), e.diagnostic().line(), e.getMessage());
        assertTrue(e.getMessage().contains("data race on shared memory at 0x4 (sdata + 4): thread (1,0,0) writes here and "
                + "thread (0,0,0) reads at line " + lineOf(f, "ld.shared.f32 %f2") + ", between the same two barriers of block "
                + "(0,0,0) (a missing bar.sync?)"), e.getMessage());
        // without the race detector the run completes (with whatever the sequential order computes)
        new PtxExecutor(load(f), m).detectRaces(false).run(Dim3.of(1), Dim3.of(64), List.of(pin, pout));
    }

    @Test
    void raceBetweenBlocksOnGlobalMemory() throws IOException {
        String f = "grid_race.ptx";
        Memory m = new Memory();
        long out = m.allocate("out", 4);
        new PtxExecutor(load(f), m).run(Dim3.of(1), Dim3.of(32), List.of(out));
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), m).run(Dim3.of(2), Dim3.of(32), List.of(out)));
        int line = lineOf(f, "st.global.s32");
        assertEquals(line, e.diagnostic().line());
        assertTrue(e.getMessage().contains("data race between blocks on global memory at 0x100000000 (out + 0): block (1,0,0) "
                + "thread (0,0,0) writes here and block (0,0,0) thread (0,0,0) writes at line " + line), e.getMessage());
    }

    @Test
    void outOfBoundsAccessNamesLineThreadAndBlock() throws IOException {
        String f = "vadd_unguarded.ptx";
        int n = 1000;
        Memory m = new Memory();
        long pa = m.allocate("a", 4L * n);
        long pb = m.allocate("b", 4L * n);
        long pc = m.allocate("c", 4L * n);
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), m).run(Dim3.of(8), Dim3.of(128), List.of(pa, pb, pc, n)));
        assertEquals(lineOf(f, "ld.global.f32 %f1"), e.diagnostic().line());
        assertTrue(e.getMessage().startsWith(f + ":" + lineOf(f, "ld.global.f32 %f1") + ":5: error: out-of-bounds global "
                + "memory access: 4 bytes at 0x" + Long.toHexString(pa + 4000) + " are outside every allocation"), e.getMessage());
        assertTrue(e.getMessage().contains("[in thread (104,0,0) of block (7,0,0): ld.global.f32 %f1, [%rd8];]"), e.getMessage());
    }

    @Test
    void divergentBarrier() throws IOException {
        String f = "diverge.ptx";
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), new Memory()).run(Dim3.of(1), Dim3.of(32), List.of()));
        assertEquals(f + ":" + lineOf(f, "bar.sync") + ": error: divergent barrier in block (0,0,0): thread (0,0,0) returned (line "
                + lineOf(f, "ret;") + ") while thread (16,0,0) waits at bar.sync (line " + lineOf(f, "bar.sync")
                + "): the threads pass a different number of barriers", e.getMessage());
        // all threads skip it: no barrier at all, fine
        new PtxExecutor(load(f), new Memory()).run(Dim3.of(1), Dim3.of(16), List.of());
    }

    @Test
    void stepLimitEndsAnEndlessLoop() throws IOException {
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load("spin.ptx"), new Memory()).stepLimit(10_000).run(Dim3.of(1), Dim3.of(4), List.of(1)));
        assertTrue(e.getMessage().contains("step limit of 10000 instructions reached"), e.getMessage());
    }

    @Test
    void integerDivisionByZero() throws IOException {
        String f = "divzero.ptx";
        Memory m = new Memory();
        long out = m.allocate(4);
        new PtxExecutor(load(f), m).run(Dim3.of(1), Dim3.of(1), List.of(out, -7, 2));
        assertEquals(-7 / 2, m.readS32(out));
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), m).run(Dim3.of(1), Dim3.of(1), List.of(out, 5, 0)));
        assertEquals(lineOf(f, "div.s32"), e.diagnostic().line());
        assertTrue(e.getMessage().contains("integer division by zero"), e.getMessage());
    }

    @Test
    void vectorLoadsAndStoresAndTheirAlignment() throws IOException {
        String f = "vcopy.ptx";
        Memory m = new Memory();
        float[] src = new float[32];
        for (int i = 0; i < src.length; i++) {
            src[i] = i * 1.25f;
        }
        long ps = m.allocate("src", 4L * 32 + 16);
        long pd = m.allocate("dst", 4L * 32);
        long pi = m.allocate("ints", 4L * 16);
        m.writeF32s(ps, src);
        m.writeS32s(pi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, Integer.MAX_VALUE);
        new PtxExecutor(load(f), m).run(Dim3.of(1), Dim3.of(8), List.of(ps, pd, pi));
        assertArrayEquals(src, m.readF32s(pd, 32));
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, Integer.MIN_VALUE}, m.readS32s(pi, 16));
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), m).run(Dim3.of(1), Dim3.of(8), List.of(ps + 4, pd, pi)));
        assertEquals(lineOf(f, "ld.global.nc.v4.f32"), e.diagnostic().line());
        assertTrue(e.getMessage().contains("misaligned address 0x" + Long.toHexString(ps + 4)
                + ": a 16-byte access needs 16-byte alignment [in thread (0,0,0)"), e.getMessage());
    }

    @Test
    void exactIntegerAndFloatSemantics() throws IOException {
        Memory m = new Memory();
        long pi = m.allocate("ints", 4L * 15);
        long pl = m.allocate("longs", 8L * 5);
        long pf = m.allocate("floats", 4L * 8);
        int a = Integer.MAX_VALUE;
        int b = -7;
        float x = 1f + 0x1p-12f;
        float z = -(1f + 0x1p-11f);
        double d = 0.1;
        new PtxExecutor(load("arith.ptx"), m).run(Dim3.of(1), Dim3.of(1), List.of(pi, pl, pf, a, b, x, z, d));
        int[] ints = {a + 1, a * 3, b / 2, b % 2, b >> 1, b >>> 28, 2, -2, -3, 4, Integer.MAX_VALUE, a * a + b,
            Integer.divideUnsigned(b, 3), 5, a > b ? 10 : 20};
        assertArrayEquals(ints, m.readS32s(pi, 15));
        assertEquals(Integer.MIN_VALUE, ints[0], "wrap-around");
        long[] longs = {(long) a * a, (long) a * b, b, b & 0xFFFF_FFFFL, (long) a * b + b};
        assertArrayEquals(longs, m.readS64s(pl, 5));
        float fma = Math.fma(x, x, z);
        float mulAdd = x * x + z;
        assertNotEquals(fma, mulAdd, "the chosen inputs tell a fused from an unfused multiply-add");
        float rz = Float.intBitsToFloat(Float.floatToIntBits((float) d) - 1);
        assertTrue(rz < d && (float) d > d, "0.1 rounds up to nearest, so toward zero is one ulp below");
        float[] floats = {fma, mulAdd, (float) a, Math.nextDown((float) a), (float) d, rz, x / z, 1f};
        assertArrayEquals(floats, m.readF32s(pf, 8));
        assertEquals(0x1p-24f, fma);
        assertEquals(2147483520f, floats[3]);
    }

    @Test
    void memoryAllocationsAreDistinctAlignedAndChecked() {
        Memory m = new Memory();
        long a = m.allocate(10);
        long b = m.allocate(1 << 20);
        long c = m.allocate(0);
        assertTrue(a != 0 && a % 256 == 0 && b % 256 == 0 && c % 256 == 0);
        assertTrue(a + 10 < b && b + (1 << 20) < c);
        m.writeS64(a, -1L);
        assertEquals(-1L, m.readS64(a));
        assertEquals(-1, m.readS32(a + 4));
        PtxException e = assertThrows(PtxException.class, () -> m.readS32(a + 8));
        assertTrue(e.getMessage().contains("host read of 4 bytes at 0x" + Long.toHexString(a + 8) + " is outside every allocation"),
                e.getMessage());
        assertThrows(PtxException.class, () -> m.writeF32(b - 4, 1f));
    }

    /** A tiled shared-memory matmul in PTX agrees bit for bit with the kernel's reference semantics (8×8×k). */
    @Test
    void tiledMatmulAgreesWithKernelSemantics() throws IOException {
        for (int k : new int[] {4, 8}) {
            float[] a = KernelSemanticsTest.random(8 * k, 21 + k);
            float[] b = KernelSemanticsTest.random(k * 8, 31 + k);
            Memory m = new Memory();
            long pa = m.allocate("A", 4L * a.length);
            long pb = m.allocate("B", 4L * b.length);
            long pc = m.allocate("C", 4L * 64);
            m.writeF32s(pa, a);
            m.writeF32s(pb, b);
            PtxExecutor.Stats s = new PtxExecutor(load("matmul_tiled.ptx"), m).run(Dim3.of(2, 2), Dim3.of(4, 4),
                    List.of(pa, pb, pc, 8, k));
            float[] want = (float[]) KernelSemantics.evaluate(KernelSemanticsTest.matmul(8, 8, k), Map.of(),
                    Map.of("A", a, "B", b), Map.of()).get("C");
            assertArrayEquals(want, m.readF32s(pc, 64), "k = " + k);
            assertEquals(4L * (2 * k / 4 + 1), s.phases(), "two barriers per k-tile");
        }
        String f = "matmul_tiled_racy.ptx";
        Memory m = new Memory();
        long pa = m.allocate("A", 4L * 64);
        long pb = m.allocate("B", 4L * 64);
        long pc = m.allocate("C", 4L * 64);
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(load(f), m).run(Dim3.of(2, 2), Dim3.of(4, 4), List.of(pa, pb, pc, 8, 8)));
        // thread (0,0,0) runs first: it reads its tile row, loops and stores the next tile into ta before thread (1,0,0)
        // has read the current one
        assertEquals(lineOf(f, "ld.shared.f32 %f2, [%rd14];"), e.diagnostic().line());
        assertTrue(e.getMessage().contains("data race on shared memory at 0x0 (ta + 0): thread (1,0,0) reads here and thread "
                + "(0,0,0) writes at line " + lineOf(f, "st.shared.f32 [%rd6], %f2;")), e.getMessage());
    }

    /** Telamon's axpy written by hand in PTX (one fma.rn.f32 per element) against the kernel's semantics. */
    @Test
    void axpyAgreesWithKernelSemantics() throws IOException {
        int n = 100;
        float[] x = KernelSemanticsTest.random(n, 41);
        float[] y = KernelSemanticsTest.random(n, 42);
        float alpha = 0.7f;
        Memory m = new Memory();
        long px = m.allocate("X", 4L * n);
        long py = m.allocate("Y", 4L * n);
        long pz = m.allocate("Z", 4L * n);
        m.writeF32s(px, x);
        m.writeF32s(py, y);
        new PtxExecutor(load("axpy.ptx"), m).run(Dim3.of(4), Dim3.of(32), List.of(px, py, pz, alpha, n));
        float[] want = (float[]) KernelSemantics.evaluate(KernelSemanticsTest.axpy(n), Map.of("alpha", alpha),
                Map.of("X", x, "Y", y), Map.of()).get("Z");
        assertArrayEquals(want, m.readF32s(pz, n));
    }

    @Test
    void launchArgumentsAreChecked() throws IOException {
        PtxProgram p = load("divzero.ptx");
        PtxException e = assertThrows(PtxException.class,
                () -> new PtxExecutor(p, new Memory()).run(Dim3.of(1), Dim3.of(1), List.of(1L, 2)));
        assertTrue(e.getMessage().contains("kernel divzero takes 3 argument(s), 2 given"), e.getMessage());
        e = assertThrows(PtxException.class,
                () -> new PtxExecutor(p, new Memory()).run(Dim3.of(1), Dim3.of(2048), List.of(1L, 2, 3)));
        assertTrue(e.getMessage().contains("block dimensions"), e.getMessage());
    }
}
