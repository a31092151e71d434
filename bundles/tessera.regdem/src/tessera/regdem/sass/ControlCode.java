package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.List;

/**
 * Maxwell-style per-instruction control code in maxas notation {@code WW:R:W:Y:S} (seed 004 §3.1(4), digest §2.3).
 * Barriers are numbered 1..6 (0 = none); {@code waitMask} bit i means "wait on barrier i+1".
 * {@code yield} is true when the text shows {@code Y} (raw yield bit 0).
 */
public record ControlCode(int waitMask, int readBarrier, int writeBarrier, boolean yield, int stall, int reuse) {

    public static final ControlCode NONE = new ControlCode(0, 0, 0, false, 0, 0);

    public ControlCode {
        if (waitMask < 0 || waitMask > 0x3f) {
            throw new IllegalArgumentException("wait mask out of range: " + waitMask);
        }
        if (readBarrier < 0 || readBarrier > 6 || writeBarrier < 0 || writeBarrier > 6) {
            throw new IllegalArgumentException("barrier out of range");
        }
        if (stall < 0 || stall > 15) {
            throw new IllegalArgumentException("stall out of range: " + stall);
        }
    }

    public static ControlCode of(int waitMask, int readBarrier, int writeBarrier, boolean yield, int stall) {
        return new ControlCode(waitMask, readBarrier, writeBarrier, yield, stall, 0);
    }

    /** Parses {@code WW:R:W:Y:S}; returns null when the text is not a control code. */
    public static ControlCode parse(String s) {
        if (s.length() != 10 || s.charAt(2) != ':' || s.charAt(4) != ':' || s.charAt(6) != ':' || s.charAt(8) != ':') {
            return null;
        }
        int wait;
        String ww = s.substring(0, 2);
        if (ww.equals("--")) {
            wait = 0;
        } else {
            wait = hex(ww.charAt(0)) * 16 + hex(ww.charAt(1));
            if (hex(ww.charAt(0)) < 0 || hex(ww.charAt(1)) < 0 || wait > 0x3f) {
                return null;
            }
        }
        int rb = barrier(s.charAt(3));
        int wb = barrier(s.charAt(5));
        char y = s.charAt(7);
        int st = hex(s.charAt(9));
        if (rb < 0 || wb < 0 || (y != 'Y' && y != '-') || st < 0) {
            return null;
        }
        return new ControlCode(wait, rb, wb, y == 'Y', st, 0);
    }

    private static int barrier(char c) {
        if (c == '-') {
            return 0;
        }
        return c >= '1' && c <= '6' ? c - '0' : -1;
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }

    /** maxas text, e.g. {@code 01:-:2:Y:6}. */
    public String text() {
        String ww = waitMask == 0 ? "--" : (waitMask < 16 ? "0" : "") + Integer.toHexString(waitMask);
        return ww + ':' + (readBarrier == 0 ? "-" : readBarrier)
                + ':' + (writeBarrier == 0 ? "-" : writeBarrier) + ':' + (yield ? 'Y' : '-') + ':'
                + Integer.toHexString(stall);
    }

    @Override
    public String toString() {
        return text();
    }

    /** The 17-bit Maxwell control field (maxas encoding: wait<<11 | (rb-1)<<8 | (wb-1)<<5 | !yield<<4 | stall). */
    public int encode17() {
        int rb = readBarrier == 0 ? 7 : readBarrier - 1;
        int wb = writeBarrier == 0 ? 7 : writeBarrier - 1;
        return (waitMask << 11) | (rb << 8) | (wb << 5) | ((yield ? 0 : 1) << 4) | stall;
    }

    /** Decodes a 17-bit control field plus 4 reuse bits. Barrier fields 6 are kept as none (hardware has 6). */
    public static ControlCode decode17(int ctrl, int reuse) {
        int stall = ctrl & 0xf;
        boolean yield = ((ctrl >> 4) & 1) == 0;
        int wb = (ctrl >> 5) & 7;
        int rb = (ctrl >> 8) & 7;
        int wait = (ctrl >> 11) & 0x3f;
        return new ControlCode(wait, rb >= 6 ? 0 : rb + 1, wb >= 6 ? 0 : wb + 1, yield, stall, reuse & 0xf);
    }

    /** Packs three control codes into the Maxwell/Pascal 64-bit control word (digest §2.3). */
    public static long packMaxwell(ControlCode c0, ControlCode c1, ControlCode c2) {
        long w = 0;
        ControlCode[] cs = {c0, c1, c2};
        for (int i = 0; i < 3; i++) {
            ControlCode c = cs[i] == null ? ControlCode.of(0, 0, 0, false, 0) : cs[i];
            w |= ((long) c.encode17()) << (21 * i);
            w |= ((long) (c.reuse & 0xf)) << (21 * i + 17);
        }
        return w;
    }

    /** Unpacks a Maxwell/Pascal control word into its three control codes. */
    public static List<ControlCode> unpackMaxwell(long word) {
        List<ControlCode> out = new ArrayList<>(3);
        for (int i = 0; i < 3; i++) {
            int ctrl = (int) ((word >>> (21 * i)) & 0x1ffff);
            int reuse = (int) ((word >>> (21 * i + 17)) & 0xf);
            out.add(decode17(ctrl, reuse));
        }
        return out;
    }

    /**
     * Decodes the control bits of a Volta-and-later 128-bit instruction from its high 64-bit word
     * (bits 105..125 of the instruction = bits 41..61 of the high word; CuAssembler layout, digest §2.3 [EXT]).
     */
    public static ControlCode decodeVolta(long highWord) {
        int ctrl = (int) ((highWord >>> 41) & 0x1ffff);
        int reuse = (int) ((highWord >>> 58) & 0xf);
        return decode17(ctrl, reuse);
    }

    /** Places this control code into a Volta-and-later high word (the inverse of {@link #decodeVolta}). */
    public long encodeVolta(long highWord) {
        long mask = ((1L << 21) - 1) << 41;
        long bits = ((long) encode17() | ((long) (reuse & 0xf) << 17)) << 41;
        return (highWord & ~mask) | bits;
    }

    public boolean waitsOn(int barrier) {
        return barrier >= 1 && barrier <= 6 && (waitMask & (1 << (barrier - 1))) != 0;
    }

    public ControlCode withWait(int barrier) {
        if (barrier < 1 || barrier > 6) {
            return this;
        }
        return new ControlCode(waitMask | (1 << (barrier - 1)), readBarrier, writeBarrier, yield, stall, reuse);
    }

    public ControlCode withoutWait(int barrier) {
        if (barrier < 1 || barrier > 6) {
            return this;
        }
        return new ControlCode(waitMask & ~(1 << (barrier - 1)), readBarrier, writeBarrier, yield, stall, reuse);
    }

    public ControlCode withWaitMask(int mask) {
        return new ControlCode(mask & 0x3f, readBarrier, writeBarrier, yield, stall, reuse);
    }

    public ControlCode withReadBarrier(int b) {
        return new ControlCode(waitMask, b, writeBarrier, yield, stall, reuse);
    }

    public ControlCode withWriteBarrier(int b) {
        return new ControlCode(waitMask, readBarrier, b, yield, stall, reuse);
    }

    public ControlCode withStall(int s) {
        return new ControlCode(waitMask, readBarrier, writeBarrier, yield, Math.max(0, Math.min(15, s)), reuse);
    }

    public ControlCode withYield(boolean y) {
        return new ControlCode(waitMask, readBarrier, writeBarrier, y, stall, reuse);
    }

    /** The barriers (1..6) this instruction sets: its read barrier, then its write barrier, each when not 0. */
    public List<Integer> setBarriers() {
        List<Integer> l = new ArrayList<>();
        if (readBarrier > 0) {
            l.add(readBarrier);
        }
        if (writeBarrier > 0) {
            l.add(writeBarrier);
        }
        return l;
    }

    /** {@link #setBarriers()} as a mask laid out like {@link #waitMask()}: bit b-1 for barrier b. */
    public int setMask() {
        int m = 0;
        for (int b : setBarriers()) {
            m |= 1 << (b - 1);
        }
        return m;
    }

    /** Barriers (1..6) in the wait mask, ascending. */
    public List<Integer> waits() {
        List<Integer> l = new ArrayList<>();
        for (int b = 1; b <= 6; b++) {
            if (waitsOn(b)) {
                l.add(b);
            }
        }
        return l;
    }

    /** Human description for hovers: "waits on barriers 1,2; sets R3 W4; yield; stall 6". */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        List<Integer> w = waits();
        sb.append(w.isEmpty() ? "no wait" : "waits on barrier" + (w.size() > 1 ? "s " : " ")
                + String.join(",", w.stream().map(String::valueOf).toList()));
        sb.append("; read barrier ").append(readBarrier == 0 ? "none" : String.valueOf(readBarrier));
        sb.append("; write barrier ").append(writeBarrier == 0 ? "none" : String.valueOf(writeBarrier));
        sb.append(yield ? "; yield" : "; no yield");
        sb.append("; stall ").append(stall).append(stall == 1 ? " cycle" : " cycles");
        return sb.toString();
    }
}
