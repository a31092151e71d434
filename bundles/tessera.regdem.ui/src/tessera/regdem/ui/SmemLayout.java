package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import tessera.regdem.demote.SharedLayout;
import tessera.regdem.predict.Variant;
import tessera.regdem.sass.DemoteTag;
import tessera.regdem.sass.Line;

/**
 * The shared-memory layout of a variant's demoted registers, seed 004 §3.2 Eq. (1): the r-th demoted word of thread
 * t lives at {@code t·4 + s + r·n·4} (s = {@link SharedLayout#spillBase}: the kernel's own shared memory, and sm_90's
 * reserved 1 KB, before it; n = threads per block), in bank
 * {@code (address / 4) mod 32}. Slots come from the provenance tags of the variant's demote code (offset → register).
 *
 * @param slots one per demoted word, by slot index r
 */
public record SmemLayout(int threads, int staticBytes, List<Slot> slots, long dynamicBytes) {

    /** Slot r holds original register {@code register} (-1 when no access is left after the clean-up passes). */
    public record Slot(int r, long offset, int register, int loads, int stores) {
    }

    public static SmemLayout of(Variant v, int threads, int spillBase) {
        int s = SharedLayout.alignStatic(spillBase);
        TreeMap<Integer, int[]> bySlot = new TreeMap<>();
        for (Line l : v.program().lines()) {
            if (l instanceof Line.Instr i && i.tag() != null && i.tag().kind() != DemoteTag.Kind.PROLOGUE) {
                long off = i.tag().offset();
                int r = (int) ((off - s) / (4L * threads));
                int[] e = bySlot.computeIfAbsent(r, x -> new int[] {-1, 0, 0});
                e[0] = i.tag().register();
                e[i.tag().kind() == DemoteTag.Kind.LOAD ? 1 : 2]++;
            }
        }
        int words = (int) (v.dynamicSharedBytes() / (4L * threads));
        int count = Math.max(words, bySlot.isEmpty() ? 0 : bySlot.lastKey() + 1);
        List<Slot> slots = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            int[] e = bySlot.getOrDefault(r, new int[] {-1, 0, 0});
            slots.add(new Slot(r, SharedLayout.registerOffset(r, threads, spillBase), e[0], e[1], e[2]));
        }
        return new SmemLayout(threads, s, List.copyOf(slots), v.dynamicSharedBytes());
    }

    /** Eq. (1). */
    public long address(int t, int r) {
        return SharedLayout.location(t, r, threads, staticBytes);
    }

    public int bank(int t, int r) {
        return SharedLayout.bank(address(t, r));
    }

    public long end() {
        return staticBytes + (long) slots.size() * threads * 4;
    }
}
