package tessera.telamon.ptx;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Data races of one grid launch, per byte: within one phase of one block (between two barriers), two different
 * threads touching the same shared or global byte where at least one writes; across blocks, a global byte written by
 * one block and read or written by another (blocks cannot synchronise). Each byte remembers its writer and up to two
 * readers (thread or block, and PTX line), so a conflicting pair is always found; phases are told apart by an epoch.
 */
final class RaceDetector {
    /** A found race: the other access (its thread, block, line, whether it writes). */
    record Race(boolean sameBlock, int otherThread, int otherBlock, int otherLine, boolean otherWrites) {
    }

    /** The shadow state of a range of bytes. */
    private static final class Shadow {
        final int[] epoch;
        final long[] w;
        final long[] r1;
        final long[] r2;

        Shadow(int n) {
            epoch = new int[n];
            w = new long[n];
            r1 = new long[n];
            r2 = new long[n];
            Arrays.fill(epoch, -1);
        }
    }

    private final Map<Memory.Allocation, Shadow> phaseGlobal = new IdentityHashMap<>();
    private final Map<Memory.Allocation, Shadow> gridGlobal = new IdentityHashMap<>();
    private final boolean threads;
    private final boolean blocks;
    private Shadow phaseShared;
    private int epoch;
    private int block;

    /** A detector for a launch; with one thread per block (or one block) there is nothing to compare and no shadow. */
    RaceDetector(long threadsPerBlock, long blockCount) {
        threads = threadsPerBlock > 1;
        blocks = blockCount > 1;
    }

    void startBlock(int blockId, int sharedBytes) {
        block = blockId;
        phaseShared = threads ? new Shadow(sharedBytes) : null;
    }

    void startPhase() {
        epoch++;
    }

    /** Records an access of {@code size} bytes at {@code off} of global allocation {@code a}; the first race, or null. */
    Race global(Memory.Allocation a, int off, int size, boolean write, int thread, int line) {
        Shadow p = threads ? phaseGlobal.computeIfAbsent(a, x -> new Shadow(x.data().length)) : null;
        Shadow g = blocks ? gridGlobal.computeIfAbsent(a, x -> new Shadow(x.data().length)) : null;
        Race r = null;
        for (int i = off; i < off + size; i++) {
            Race ri = p == null ? null : access(p, i, write, thread, line, true);
            Race rg = g == null ? null : access(g, i, write, block, thread << 20 | (line & 0xFFFFF), false);
            if (r == null) {
                r = ri != null ? ri : rg;
            }
        }
        return r;
    }

    Race shared(int off, int size, boolean write, int thread, int line) {
        if (phaseShared == null) {
            return null;
        }
        Race r = null;
        for (int i = off; i < off + size; i++) {
            Race ri = access(phaseShared, i, write, thread, line, true);
            if (r == null) {
                r = ri;
            }
        }
        return r;
    }

    /**
     * One byte. In a phase shadow the actor is a thread and {@code line} its line; in the grid shadow the actor is a
     * block and {@code line} packs {@code thread << 20 | line}, and two accesses conflict only when their blocks differ.
     */
    private Race access(Shadow s, int i, boolean write, int actor, int line, boolean phase) {
        if (phase && s.epoch[i] != epoch) {
            s.epoch[i] = epoch;
            s.w[i] = -1;
            s.r1[i] = -1;
            s.r2[i] = -1;
        } else if (!phase && s.epoch[i] == -1) {
            s.epoch[i] = 0;
            s.w[i] = -1;
            s.r1[i] = -1;
            s.r2[i] = -1;
        }
        long me = pack(actor, line);
        Race r = conflict(s.w[i], actor, phase, true);
        if (write) {
            if (r == null) {
                r = conflict(s.r1[i], actor, phase, false);
            }
            if (r == null) {
                r = conflict(s.r2[i], actor, phase, false);
            }
            s.w[i] = me;
        } else if (s.r1[i] == -1) {
            s.r1[i] = me;
        } else if (s.r2[i] == -1 && !same(s.r1[i], actor)) {
            s.r2[i] = me;
        }
        return r;
    }

    private Race conflict(long entry, int actor, boolean phase, boolean writes) {
        if (entry == -1 || same(entry, actor)) {
            return null;
        }
        int other = (int) (entry >>> 32);
        int line = (int) entry;
        return phase ? new Race(true, other, block, line, writes) : new Race(false, line >>> 20, other, line & 0xFFFFF, writes);
    }

    private static boolean same(long entry, int actor) {
        return (int) (entry >>> 32) == actor;
    }

    private static long pack(int actor, int line) {
        return (long) actor << 32 | (line & 0xFFFF_FFFFL);
    }
}
