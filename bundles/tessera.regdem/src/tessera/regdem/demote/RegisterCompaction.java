package tessera.regdem.demote;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.3 (Fig. 4) register compaction over a relocation space: shifting moves the next unit down into the
 * lowest gap; when alignment blocks a multi-word unit, it moves as close as possible and is swapped with the
 * swapping window below it. The bank-aware variant (§3.4.1) first fills a gap with a unit of the same register bank
 * (id mod 4), then finishes with the plain algorithm, and keeps the plain result if that uses fewer registers
 * ("reducing register count is the top priority"). Renaming is by operand position ({@link RegisterRenamer}).
 * Pinned registers (by default R1, the stack pointer, digest P20) never move.
 */
public final class RegisterCompaction {

    public record Result(SassProgram program, Map<Integer, Integer> renaming, int registersBefore, int registersAfter,
            List<String> log) {
    }

    private RegisterCompaction() {
    }

    /** A unit of the relocation space: original lead, width, current position. */
    private static final class Unit {
        final int lead;
        final int width;
        int pos;
        final boolean pinned;

        Unit(int lead, int width, boolean pinned) {
            this.lead = lead;
            this.width = width;
            this.pos = lead;
            this.pinned = pinned;
        }
    }

    private static final class Space {
        final List<Unit> units = new ArrayList<>();
        Unit[] slot;
        final List<String> log = new ArrayList<>();

        Space(int size) {
            slot = new Unit[size];
        }

        void place(Unit u) {
            for (int i = 0; i < u.width; i++) {
                slot[u.pos + i] = u;
            }
        }

        void move(Unit u, int to, String why) {
            for (int i = 0; i < u.width; i++) {
                slot[u.pos + i] = null;
            }
            log.add(why + " " + (u.width * 32) + "-bit R" + u.lead + " from R" + u.pos + " to R" + to);
            u.pos = to;
            place(u);
        }

        boolean empty(int from, int len) {
            if (from < 0 || from + len > slot.length) {
                return false;
            }
            for (int i = from; i < from + len; i++) {
                if (slot[i] != null) {
                    return false;
                }
            }
            return true;
        }

        Unit nextAbove(int g) {
            for (int i = g + 1; i < slot.length; i++) {
                if (slot[i] != null && !slot[i].pinned && slot[i].pos == i) {
                    return slot[i];
                }
            }
            return null;
        }

        int highest() {
            for (int i = slot.length - 1; i >= 0; i--) {
                if (slot[i] != null) {
                    return i;
                }
            }
            return -1;
        }

        Space copy() {
            Space s = new Space(slot.length);
            for (Unit u : units) {
                Unit c = new Unit(u.lead, u.width, u.pinned);
                c.pos = u.pos;
                s.units.add(c);
                s.place(c);
            }
            return s;
        }
    }

    public static Result run(SassProgram p, boolean bankAware, BitSet pinned) {
        RegisterUnits ru = RegisterUnits.analyze(p);
        BitSet used = ru.used();
        int before = used.isEmpty() ? 0 : used.length();
        Space s = new Space(Math.max(before, 1));
        TreeMap<Integer, Integer> multi = ru.multiWord();
        BitSet covered = new BitSet();
        multi.forEach((lead, w) -> {
            boolean pin = false;
            for (int i = lead; i < lead + w; i++) {
                pin |= pinned.get(i);
            }
            Unit u = new Unit(lead, w, pin);
            s.units.add(u);
            covered.set(lead, lead + w);
        });
        for (int r = used.nextSetBit(0); r >= 0; r = used.nextSetBit(r + 1)) {
            if (!covered.get(r)) {
                s.units.add(new Unit(r, 1, pinned.get(r)));
            }
        }
        for (Unit u : s.units) {
            if (u.pos + u.width > s.slot.length) {
                s.slot = java.util.Arrays.copyOf(s.slot, u.pos + u.width);
            }
            s.place(u);
        }
        Space plain = s.copy();
        runPlain(plain);
        Space result = plain;
        if (bankAware) {
            Space b = s.copy();
            runBankAware(b);
            runPlain(b);
            if (b.highest() <= plain.highest()) {
                result = b;
            } else {
                plain.log.add("bank-aware compaction needs more registers: plain result kept");
            }
        }
        Map<Integer, Integer> map = new TreeMap<>();
        for (Unit u : result.units) {
            for (int i = 0; i < u.width; i++) {
                if (u.lead + i != u.pos + i) {
                    map.put(u.lead + i, u.pos + i);
                }
            }
        }
        SassProgram out = RegisterRenamer.rename(p, map);
        return new Result(out, map, before, result.highest() + 1, result.log);
    }

    private static void runPlain(Space s) {
        for (int guard = 0; guard < 100_000; guard++) {
            boolean progress = false;
            for (int g = 0; g < s.slot.length && !progress; g++) {
                if (s.slot[g] == null) {
                    progress = plainStep(s, g);
                }
            }
            if (!progress) {
                return;
            }
        }
    }

    /** Shift into gap g, or (alignment) shift as close as possible and swap with the window below. */
    private static boolean plainStep(Space s, int g) {
        Unit u = s.nextAbove(g);
        if (u == null) {
            return false;
        }
        int w = u.width;
        if (g % w == 0 && s.empty(g, w)) {
            s.move(u, g, "Move");
            return true;
        }
        if (w == 1) {
            return false;
        }
        int p = (g / w + 1) * w;
        if (p < u.pos) {
            if (!s.empty(p, w)) {
                return false;
            }
            s.move(u, p, "Move");
        }
        if (u.pos != p) {
            return false;
        }
        int ws = p - w;
        List<Unit> window = new ArrayList<>();
        for (int i = ws; i < p; i++) {
            Unit x = s.slot[i];
            if (x == null) {
                continue;
            }
            if (x.pinned || x.pos < ws || x.pos + x.width > p) {
                return false;
            }
            if (!window.contains(x)) {
                window.add(x);
            }
        }
        // exchange [ws, p) with [p, p+w): the wide unit goes down, the window's units keep their offsets above
        for (int i = ws; i < p + w; i++) {
            s.slot[i] = null;
        }
        s.log.add("Swap " + (w * 32) + "-bit R" + u.lead + " from R" + u.pos + " to R" + ws);
        u.pos = ws;
        s.place(u);
        for (Unit x : window) {
            x.pos = x.pos + w;
            s.place(x);
        }
        return true;
    }

    private static void runBankAware(Space s) {
        for (int guard = 0; guard < 100_000; guard++) {
            boolean progress = false;
            for (int g = 0; g < s.slot.length && !progress; g++) {
                if (s.slot[g] != null) {
                    continue;
                }
                int run = 0;
                while (g + run < s.slot.length && s.slot[g + run] == null) {
                    run++;
                }
                Unit next = s.nextAbove(g);
                if (next == null) {
                    break;
                }
                Unit cand = null;
                if (next.width > 1 && g % 2 == 1) {
                    // odd gap before a wide unit: bring down a single-word register of the gap's bank from the top
                    for (int i = s.slot.length - 1; i > g; i--) {
                        Unit x = s.slot[i];
                        if (x != null && !x.pinned && x.width == 1 && x.pos % 4 == g % 4) {
                            cand = x;
                            break;
                        }
                    }
                } else {
                    for (int i = g + run; i < s.slot.length; i++) {
                        Unit x = s.slot[i];
                        if (x != null && !x.pinned && x.pos == i && x.pos % 4 == g % 4 && x.width <= run
                                && g % x.width == 0) {
                            cand = x;
                            break;
                        }
                    }
                }
                if (cand != null) {
                    s.move(cand, g, "Move (same bank)");
                    progress = true;
                } else {
                    progress = plainStep(s, g);
                }
            }
            if (!progress) {
                return;
            }
        }
    }
}
