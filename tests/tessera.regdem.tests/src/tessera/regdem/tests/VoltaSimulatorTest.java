package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.regdem.cubin.Cubin;
import tessera.regdem.cubin.CubinKernel;
import tessera.regdem.cubin.CubinReader;
import tessera.regdem.cubin.KernelParam;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.SassFunction;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.LaunchSpec;
import tessera.regdem.sim.LaunchTable;
import tessera.regdem.sim.SassSimulator;
import tessera.regdem.sim.SimulationException;

/**
 * The Volta+ simulator on small hand-written sm_75..sm_90 listings: the constant-bank layouts, carries and 64-bit
 * integer forms, directed rounding, the warp model (collectives per warp, divergence, partial warps), CALL/RET
 * without addresses, the shared window, and the corpus launch table.
 */
class VoltaSimulatorTest {

    /** A maxas listing of architecture {@code arch} with {@code smem} static shared bytes around the code lines. */
    private static SassProgram listing(String arch, int smem, String... code) {
        StringBuilder sb = new StringBuilder("# Kernel: t\n# Arch: " + arch + "\n# SharedSize: " + smem + "\n\n");
        for (String c : code) {
            sb.append(c.endsWith(":") ? c : "--:-:-:-:1       " + c).append('\n');
        }
        return TestSupport.parse(sb.toString());
    }

    private static ByteBuffer run(SassProgram p, String launch, int buffer) {
        LaunchSpec spec = LaunchSpec.parse(launch);
        SassSimulator.Inputs in = SassSimulator.inputs(spec, 3);
        SassSimulator.Result r = SassSimulator.run(p, spec, in, 0);
        return buffer < 0 ? null : ByteBuffer.wrap(r.memory().buffer(buffer)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static int[] ints(ByteBuffer b, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = b.getInt(4 * i);
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sm_75", "sm_86", "sm_90"})
    void constantBankLayoutOfTheArchitecture(String arch) {
        int base = arch.equals("sm_90") ? 0x210 : 0x160; // int n at base, the pointer 8-aligned after it
        SassProgram p = listing(arch, 0,
                "LDC.64 R2, c[0x0][0x" + Integer.toHexString(base + 8) + "];",
                "S2R R0, SR_TID.X;",
                "IMAD.WIDE.U32 R2, R0, 0x10, R2;",
                "LDC R4, c[0x0][0x0];",
                "LDC R5, c[0x0][0xc];",
                "LDC R6, c[0x0][0x" + Integer.toHexString(base) + "];",
                "LDC R7, c[0x0][0x28];",
                "STG.E.128 [R2.64], R4;",
                "EXIT;");
        ByteBuffer out = run(p, "block=32 grid=3 n=int:7 out=out:512", 0);
        for (int t = 0; t < 32; t++) {
            assertArrayEquals(new int[] {32, 3, 7, SassSimulator.LOCAL_SIZE},
                    new int[] {out.getInt(16 * t), out.getInt(16 * t + 4), out.getInt(16 * t + 8), out.getInt(16 * t + 12)});
        }
    }

    @Test
    void carriesPairsAndBitOperations() {
        SassProgram p = listing("sm_86", 0,
                "LDC.64 R2, c[0x0][0x160];",
                "MOV R8, RZ;",
                "IADD3 R4, P0, RZ, -R8, RZ;", // -0 as ~0 + 1 carries
                "SEL R4, RZ, 0x1, !P0;",
                "MOV R8, 0x5;",
                "IADD3 R5, P1, RZ, -R8, RZ;", // -5, no carry
                "SEL R6, RZ, 0x1, !P1;",
                "MOV R10, RZ;",
                "MOV R11, 0x7;",
                "MOV R12, 0x80000000;",
                "IMAD.HI.U32 R7, R12, 0x4, R10;", // hi(2^31 * 4) + R11 (the high word of the pair R10:R11)
                "MOV R14, -0x3;",
                "LEA.HI.X.SX32 R8, R14, RZ, 0x1, PT;", // sign word of -3 plus the carry: 0
                "MOV R20, 0x10;",
                "MOV R21, 0x80000000;",
                "SHF.R.S64 R9, R20, 0x4, R21;",
                "SHF.R.S32.HI R10, RZ, 0x4, R21;",
                "MOV R22, 0x11223344;",
                "PRMT R11, R22, 0x123, RZ;",
                "LOP3.LUT P2, R12, R22, 0xff, RZ, 0xc0, !PT;",
                "PLOP3.LUT P3, PT, P2, P0, PT, 0x80, 0x0;",
                "SEL R13, RZ, 0x1, !P3;",
                "FLO.U32 R14, R22;",
                "IMAD.WIDE.U32 R16, R12, -0x7, RZ;", // unsigned 0x44 * 0xfffffff9
                "IADD3 R18, P4, R21, R21, RZ;",
                "IADD3.X R19, RZ, RZ, RZ, P4, P4;", // two carry-ins
                "STG.E.128 [R2.64], R4;",
                "STG.E.128 [R2.64+0x10], R8;",
                "STG.E.128 [R2.64+0x20], R12;",
                "STG.E.128 [R2.64+0x30], R16;",
                "EXIT;");
        int[] v = ints(run(p, "block=1 out=out:64", 0), 16);
        long wide = 0x44L * 0xfffffff9L;
        assertArrayEquals(new int[] {1, -5, 0, 9, 0, 1, 0xf8000000, 0x44332211, 0x44, 1, 28, 0, (int) wide,
                (int) (wide >>> 32), 0, 2}, v);
    }

    @Test
    void directedRoundingAndConversions() {
        SassProgram p = listing("sm_80", 0,
                "LDC.64 R2, c[0x0][0x160];",
                "MOV R8, 0x3f800000;", // 1.0f
                "MOV R9, 0xb0800000;", // -2^-30
                "FFMA R4, R8, R8, R9;",
                "FFMA.RM R5, R8, R8, R9;",
                "FFMA.RP R6, R8, R8, R9;",
                "FFMA.RZ R7, R8, R8, R9;",
                "MOV R10, 0x1000001;",
                "I2F.RP R12, R10;",
                "I2F R13, R10;",
                "MOV R14, 0xdf800000;", // -2^64 as float
                "F2I.FTZ.U32.TRUNC.NTZ R15, R14;",
                "FADD.FTZ R16, R8, 1.1754942106924410755e-38;",
                "FMUL.FTZ R17, R16, 5.877471754111437539e-39;", // subnormal result flushed
                "MOV R18, 0x5f800000;", // 2^64 as float
                "F2I.U64.TRUNC R18, R18;",
                "STG.E.128 [R2.64], R4;",
                "STG.E.128 [R2.64+0x10], R12;",
                "STG.E.128 [R2.64+0x20], R16;",
                "EXIT;");
        int[] v = ints(run(p, "block=1 out=out:48", 0), 12);
        int one = Float.floatToIntBits(1f);
        int below = Float.floatToIntBits(Math.nextDown(1f));
        assertArrayEquals(new int[] {one, below, one, below, Float.floatToIntBits(16777218f),
                Float.floatToIntBits(16777216f), 0xdf800000, 0, one, 0, -1, -1}, v);
    }

    @Test
    void doubleRoundingModes() {
        SassProgram p = listing("sm_86", 0,
                "LDC.64 R2, c[0x0][0x160];",
                "MOV R8, RZ;",
                "MOV R9, 0x3ff00000;", // 1.0
                "MOV R10, RZ;",
                "MOV R11, 0xbc100000;", // -2^-62
                "DFMA.RM R4, R8, R8, R10;",
                "DFMA.RP R6, R8, R8, R10;",
                "MOV R12, 0x1;",
                "MOV R13, 0x3ff00000;", // 1 + 2^-52
                "DMUL.RP R14, R12, R12;",
                "DMUL R16, R12, R12;",
                "STG.E.128 [R2.64], R4;",
                "STG.E.128 [R2.64+0x10], R14;",
                "EXIT;");
        ByteBuffer b = run(p, "block=1 out=out:32", 0);
        double up = 1 + 0x1p-52;
        assertEquals(Math.nextDown(1.0), b.getDouble(0));
        assertEquals(1.0, b.getDouble(8));
        assertEquals(Math.nextUp(up * up), b.getDouble(16)); // (1+2^-52)^2 = 1 + 2^-51 + 2^-104 rounds up
        assertEquals(up * up, b.getDouble(24));
    }

    @Test
    void collectivesRunPerWarpWithTheArrivedLanes() {
        // lanes with an odd id exit; the rest vote, reduce and shuffle; block of 40: a full warp and 8 lanes
        SassProgram p = listing("sm_86", 0,
                "LDC.64 R2, c[0x0][0x160];",
                "S2R R0, SR_TID.X;",
                "IMAD.WIDE.U32 R2, R0, 0x10, R2;",
                "LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT;",
                "@P0 EXIT;",
                "VOTE.ANY R4, PT, PT;",
                "REDUX.SUM UR4, R0;",
                "IMAD.U32 R5, RZ, RZ, UR4;",
                "SHFL.DOWN PT, R6, R0, 0x2, 0x1f;",
                "SHFL.BFLY P1, R7, R0, 0x4, 0x181f;", // width 8
                "STG.E.128 [R2.64], R4;",
                "EXIT;");
        ByteBuffer b = run(p, "block=40 out=out:640", 0);
        for (int t = 0; t < 40; t += 2) {
            boolean second = t >= 32;
            int active = second ? 0x55 : 0x55555555;
            int sum = 0;
            for (int u = second ? 32 : 0; u < (second ? 40 : 32); u += 2) {
                sum += u;
            }
            int lane = t % 32;
            assertArrayEquals(new int[] {active, sum, t ^ 4}, new int[] {b.getInt(16 * t), b.getInt(16 * t + 4),
                    b.getInt(16 * t + 12)}, "thread " + t);
            if (!second || lane + 2 < 8) { // lanes 8..31 of the partial warp do not exist: undefined there
                assertEquals(lane + 2 < 32 ? t + 2 : t, b.getInt(16 * t + 8), "SHFL.DOWN of thread " + t);
            }
        }
    }

    @Test
    void warpSyncMakesTheWarpMeetBeforeSharedReads() {
        // every lane writes its id, WARPSYNC, then reads its neighbour's slot: without the rendezvous lane 0 would
        // read lane 1's slot before lane 1 ran
        SassProgram p = listing("sm_86", 128,
                "LDC.64 R2, c[0x0][0x160];",
                "S2R R0, SR_TID.X;",
                "IMAD.WIDE.U32 R2, R0, 0x4, R2;",
                "STS [R0.X4], R0;",
                "WARPSYNC 0xffffffff;",
                "IADD3 R4, R0, 0x1, RZ;",
                "LOP3.LUT R4, R4, 0x1f, RZ, 0xc0, !PT;",
                "LDS R5, [R4.X4];",
                "STG.E [R2.64], R5;",
                "EXIT;");
        int[] v = ints(run(p, "block=32 out=out:128", 0), 32);
        for (int t = 0; t < 32; t++) {
            assertEquals((t + 1) % 32, v[t]);
        }
    }

    @Test
    void callAndReturnWithoutAddresses() {
        SassProgram p = listing("sm_86", 0,
                "LDC.64 R2, c[0x0][0x160];",
                "MOV R4, 0x1;",
                "MOV R8, 0x40;",
                "CALL.REL.NOINC SUB;",
                "MOV R8, 0x80;",
                "CALL.REL.NOINC SUB;",
                "STG.E [R2.64], R4;",
                "EXIT;",
                "SUB:",
                "IADD3 R4, R4, R4, RZ;",
                "MOV R9, RZ;",
                "RET.REL.NODEC R8 0x0;");
        assertEquals(4, run(p, "block=1 out=out:4", 0).getInt(0));
    }

    @Test
    void sharedWindowStartsAfterTheReservedKilobyteOnSm90() {
        String[] body = {"S2R R0, SR_TID.X;", "MOV R1, 0x400;", "LEA R1, R0, R1, 0x2;", "STS [R1], R0;", "EXIT;"};
        run(listing("sm_90", 128, body), "block=32", -1); // 0x400 + 4 * 31 is inside 1 KB + 128 bytes
        SimulationException e = assertThrows(SimulationException.class,
                () -> run(listing("sm_90", 124, body), "block=32", -1));
        assertTrue(e.getMessage().contains("line 8 (STS [R1], R0;)") && e.getMessage().contains("outside the shared"),
                e.getMessage());
        assertThrows(SimulationException.class, () -> run(listing("sm_86", 64, body), "block=32", -1));
    }

    @Test
    void unsupportedAndMalformedLaunchesAreNamed() {
        SimulationException e = assertThrows(SimulationException.class, () -> run(listing("sm_86", 0,
                "MATCH.ANY R0, R1;", "EXIT;"), "block=32", -1));
        assertTrue(e.getMessage().contains("MATCH.ANY"), e.getMessage());
        e = assertThrows(SimulationException.class, () -> run(listing("sm_86", 512,
                "S2R R0, SR_TID.X;", "LDSM.16.M88.4 R4, [RZ];", "EXIT;"), "block=16", -1));
        assertTrue(e.getMessage().contains("needs all 32 lanes"), e.getMessage());
        e = assertThrows(SimulationException.class, () -> run(listing("sm_86", 0, "L:", "BRA L;"), "block=64", -1));
        assertTrue(e.getMessage().contains("step limit of 2000000"), e.getMessage());
        IllegalArgumentException t = assertThrows(IllegalArgumentException.class, () -> LaunchTable.parse("launch.txt",
                "multi _Z5scaleifPf 256 4 int:10 float:x\n"));
        assertTrue(t.getMessage().startsWith("launch.txt:1:33:"), t.getMessage());
        t = assertThrows(IllegalArgumentException.class, () -> LaunchSpec.parse("block=32 a=f32:10:0:1"));
        assertTrue(t.getMessage().contains("multiple of 4"), t.getMessage());
    }

    /** Every kernel of every corpus listing has a line in launch.txt, and every line names a kernel of its listing. */
    @Test
    void launchTableCoversTheCorpus() {
        Set<String> listed = new TreeSet<>();
        List<String> missing = new ArrayList<>();
        for (NvccCorpus.Entry e : NvccCorpus.entries()) {
            for (SassFunction f : SassParser.parse(e.sass().toString(), e.text()).program().functions()) {
                listed.add(e.name() + " " + f.name());
                if (NvccSimulation.table().entries().stream().noneMatch(l -> l.listing().equals(e.name())
                        && l.kernel().equals(f.name()))) {
                    missing.add(e + " " + f.name());
                }
            }
        }
        assertEquals(List.of(), missing, "kernels without a launch");
        for (LaunchTable.Entry l : NvccSimulation.table().entries()) {
            assertTrue(listed.contains(l.listing() + " " + l.kernel()), "launch.txt:" + l.line() + " names no kernel");
        }
    }

    /**
     * The launch table against the cubins (CUDA ELF {@code .nv.info}: EIATTR_PARAM_CBANK, EIATTR_KPARAM_INFO, the
     * {@code .nv.shared.NAME} size): the simulator puts every parameter at the offset and with the size nvcc
     * compiled the kernel for, and the table's static shared size is the kernel's.
     */
    @Test
    void parameterPlacementAndStaticSharedAgreeWithTheCubins() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (String arch : NvccCorpus.ARCHS) {
            for (LaunchTable.Entry l : NvccSimulation.table().entries()) {
                Cubin c = CubinReader.read(NvccCorpus.root().resolve(arch).resolve(l.listing() + ".cubin"));
                CubinKernel k = c.kernel(l.kernel()).orElseThrow();
                List<Integer> at = l.spec().paramOffsets(ArchSpec.find(arch).orElseThrow());
                List<String> want = new ArrayList<>();
                for (KernelParam kp : k.params()) {
                    want.add((k.paramBase() + kp.offset()) + ":" + kp.size());
                }
                List<String> got = new ArrayList<>();
                for (int i = 0; i < at.size(); i++) {
                    got.add(at.get(i) + ":" + l.spec().params().get(i).bytes());
                }
                if (!want.equals(got) || k.usage().staticSharedBytes() != l.spec().staticShared()) {
                    wrong.add(arch + " " + l.kernel() + ": cubin " + want + " smem " + k.usage().staticSharedBytes()
                            + ", table " + got + " smem " + l.spec().staticShared());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }
}
