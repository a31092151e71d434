package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.regdem.demote.BarrierTracker;
import tessera.regdem.demote.SharedLayout;
import tessera.regdem.sass.ControlCode;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

import java.util.List;

/** Equation (1) vectors and bank property (digest §5.2); GetBarrier cases (digest §5.7). */
class SharedLayoutTest {

    @Test
    void equationOneVectors() {
        assertEquals(0, SharedLayout.location(0, 0, 192, 0));
        assertEquals(1556, SharedLayout.location(5, 2, 192, 0));
        assertEquals(5, SharedLayout.bank(1556));
        assertEquals(1248, SharedLayout.location(31, 1, 256, 100));
        assertEquals(24, SharedLayout.bank(1248));
        assertEquals(2708, SharedLayout.location(37, 3, 128, 1024));
        assertEquals(5, SharedLayout.bank(2708));
        assertEquals(768, SharedLayout.registerOffset(1, 192, 0));
        assertEquals(9984, SharedLayout.registerOffset(13, 192, 0));
        assertEquals(10752, SharedLayout.bytes(14, 192));
        assertEquals(104, SharedLayout.alignStatic(101));
    }

    @Test
    void everyWarpHitsThirtyTwoBanks() {
        long seed = 1907;
        Random r = new Random(seed);
        for (int i = 0; i < 20000; i++) {
            int n = 32 * (1 + r.nextInt(32));
            int s = 4 * r.nextInt(12288);
            int reg = r.nextInt(64);
            int w = r.nextInt(n / 32);
            Set<Integer> banks = new HashSet<>();
            for (int lane = 0; lane < 32; lane++) {
                banks.add(SharedLayout.bank(SharedLayout.location(32 * w + lane, reg, n, s)));
            }
            assertEquals(32, banks.size(), "seed " + seed + " n=" + n + " s=" + s + " r=" + reg);
        }
        // Fig. 2(b): static area ending in bank 0 -> thread 0 in bank 1, thread 31 wraps to bank 0
        assertEquals(1, SharedLayout.bank(SharedLayout.location(0, 0, 64, 4)));
        assertEquals(0, SharedLayout.bank(SharedLayout.location(31, 0, 64, 4)));
    }

    private static Line.Instr ins(String op) {
        return Line.Instr.of(ControlCode.NONE, null, op, List.of(), List.of(Operand.Reg.of(0)));
    }

    @Test
    void getBarrierCases() {
        BarrierTracker t = new BarrierTracker();
        t.set(1, ins("LDG"), 50);
        t.set(2, ins("LDS"), 10);
        t.set(3, ins("LDG"), 190);
        t.set(4, ins("LDS"), 30);
        t.set(5, ins("MUFU"), 0);
        t.set(6, ins("LDG"), 0);
        assertEquals(4, t.getBarrier());
        assertEquals(3, t.getBarrier(4));
        BarrierTracker free2 = new BarrierTracker();
        free2.set(1, ins("LDG"), 199);
        free2.set(3, ins("LDS"), 30);
        assertEquals(2, free2.getBarrier());
        BarrierTracker nonMem = new BarrierTracker();
        for (int b = 1; b <= 6; b++) {
            nonMem.set(b, ins("S2R"), b == 5 ? 40 : 3);
        }
        assertEquals(5, nonMem.getBarrier(), "fallback: the oldest setter");
        // UpdateBarrierTracker: waits free barriers, setters age by their own stall
        BarrierTracker u = new BarrierTracker();
        u.update(Line.Instr.of(ControlCode.parse("--:-:1:-:4"), null, "LDG", List.of("E"), List.of()));
        assertEquals(4, u.elapsed(1));
        u.update(Line.Instr.of(ControlCode.parse("01:-:-:-:6"), null, "FADD", List.of(), List.of()));
        assertNull(u.setter(1));
        assertTrue(!u.busy(1));
    }

    @org.junit.jupiter.api.Test
    void spillSlotsFollowTheKernelsOwnSharedMemory() {
        var sm80 = tessera.regdem.occupancy.ArchSpec.find("sm_80").orElseThrow();
        var sm90 = tessera.regdem.occupancy.ArchSpec.find("sm_90").orElseThrow();
        assertEquals(0, SharedLayout.spillBase(sm80, 0, 0));
        assertEquals(1028 + 1028, SharedLayout.spillBase(sm80, 1025, 1027));
        assertEquals(0x400, SharedLayout.spillBase(sm90, 0, 0));
        assertEquals(0x400 + 1024 + 256, SharedLayout.spillBase(sm90, 1024, 255));
        assertEquals(104 + 8, SharedLayout.spillBase(sm80, 101, 5));
    }
}
