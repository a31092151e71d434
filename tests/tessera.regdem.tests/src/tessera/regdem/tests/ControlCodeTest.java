package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.regdem.sass.ControlCode;

/** Digest §5.5 control-code vectors and encode/decode round trips. */
class ControlCodeTest {

    @Test
    void digestVectors() {
        assertEquals(0x716, ControlCode.parse("--:-:1:-:6").encode17());
        assertEquals(0xff6, ControlCode.parse("01:-:-:-:6").encode17());
        assertEquals(0x36, ControlCode.parse("--:1:2:-:6").encode17());
        long w = ControlCode.packMaxwell(ControlCode.parse("--:-:1:-:6"), ControlCode.parse("01:-:-:-:6"),
                ControlCode.parse("--:1:2:-:6"));
        assertEquals(0xd801fec00716L, w);
        List<ControlCode> back = ControlCode.unpackMaxwell(w);
        assertEquals("--:-:1:-:6", back.get(0).text());
        assertEquals("01:-:-:-:6", back.get(1).text());
        assertEquals("--:1:2:-:6", back.get(2).text());
    }

    @Test
    void yieldAndBarrierFields() {
        ControlCode c = ControlCode.parse("3f:6:5:Y:f");
        assertEquals(0x3f, c.waitMask());
        assertEquals(6, c.readBarrier());
        assertEquals(5, c.writeBarrier());
        assertEquals(true, c.yield());
        assertEquals(15, c.stall());
        assertEquals(List.of(1, 2, 3, 4, 5, 6), c.waits());
        assertEquals("waits on barriers 1,2,3,4,5,6; read barrier 6; write barrier 5; yield; stall 15 cycles",
                c.describe());
    }

    @Test
    void voltaHighWordDecoding() {
        // high words of sm_7x+ cuobjdump listings: control bits are bits 41..61 (CuAssembler layout)
        assertEquals("--:-:-:-:2", ControlCode.decodeVolta(0x000fe40000000f00L).text());
        assertEquals("--:-:1:-:1", ControlCode.decodeVolta(0x000e220000002100L).text());
        assertEquals("--:-:3:-:4", ControlCode.decodeVolta(0x000ea8000c1e1900L).text());
        assertEquals("01:-:-:Y:5", ControlCode.decodeVolta(0x001fca00078e0203L).text());
        assertEquals("04:-:-:-:2", ControlCode.decodeVolta(0x004fe40002fa2270L).text());
    }

    @Test
    void rejectsMalformed() {
        assertNull(ControlCode.parse("--:-:7:-:6"));
        assertNull(ControlCode.parse("40:-:-:-:6"));
        assertNull(ControlCode.parse("--:-:-:X:6"));
        assertNull(ControlCode.parse("--:-:-:-:g"));
        assertNull(ControlCode.parse("--:-:-:-"));
    }

    @Test
    void randomRoundTrips() {
        long seed = 4004;
        Random r = new Random(seed);
        for (int i = 0; i < 5000; i++) {
            ControlCode c = new ControlCode(r.nextInt(64), r.nextInt(7), r.nextInt(7), r.nextBoolean(), r.nextInt(16),
                    r.nextInt(16));
            ControlCode noReuse = new ControlCode(c.waitMask(), c.readBarrier(), c.writeBarrier(), c.yield(), c.stall(), 0);
            assertEquals(noReuse, ControlCode.parse(c.text()), "seed " + seed);
            assertEquals(c, ControlCode.decode17(c.encode17(), c.reuse()), "seed " + seed);
            assertEquals(c, ControlCode.decodeVolta(c.encodeVolta(r.nextLong())), "seed " + seed);
            ControlCode d = ControlCode.decode17(r.nextInt(1 << 17), 0);
            ControlCode e = new ControlCode(r.nextInt(64), r.nextInt(7), r.nextInt(7), r.nextBoolean(), r.nextInt(16), 0);
            assertEquals(List.of(c, d, e), ControlCode.unpackMaxwell(ControlCode.packMaxwell(c, d, e)), "seed " + seed);
        }
    }
}
