package tessera.modsched.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The reservation pattern of an operation: for each resource class it uses, the cycle offsets (relative to the issue
 * cycle) during which it holds ONE instance of that class. All offsets of one class are held on the same instance
 * (a non-pipelined divider busy for 4 cycles is offsets 0,1,2,3 on one divider). Immutable.
 */
public record Reservation(List<Use> uses) {
    /** One resource class used during the given (sorted, distinct, non-negative) offsets, on a single instance. */
    public static final class Use {
        private final int resource;
        private final int[] offsets;

        public Use(int resource, int[] offsets) {
            this.resource = resource;
            this.offsets = Arrays.stream(offsets).sorted().distinct().toArray();
        }

        /** Index of the resource class in {@link Machine#resources()}. */
        public int resource() {
            return resource;
        }

        public int offsetCount() {
            return offsets.length;
        }

        public int offset(int i) {
            return offsets[i];
        }

        public int[] offsets() {
            return offsets.clone();
        }

        /** Whether two offsets of this use fall into the same MRT row at this II (the op would collide with itself). */
        public boolean selfConflicting(int ii) {
            // offsets are sorted and distinct: all below II cannot collide (the common case, O(1) for any II)
            if (offsets.length <= 1 || (offsets[0] >= 0 && offsets[offsets.length - 1] < ii)) {
                return false;
            }
            int[] rows = new int[offsets.length];
            for (int i = 0; i < offsets.length; i++) {
                rows[i] = Math.floorMod(offsets[i], ii);
            }
            Arrays.sort(rows);
            for (int i = 1; i < rows.length; i++) {
                if (rows[i] == rows[i - 1]) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Use u && u.resource == resource && Arrays.equals(u.offsets, offsets);
        }

        @Override
        public int hashCode() {
            return resource * 31 + Arrays.hashCode(offsets);
        }
    }

    public Reservation {
        uses = List.copyOf(uses);
    }

    /** The default pattern of an op of class {@code resource}: offsets 0..busy-1 (one cycle when pipelined). */
    public static Reservation standard(int resource, int busy) {
        int[] offs = new int[Math.max(1, busy)];
        for (int i = 0; i < offs.length; i++) {
            offs[i] = i;
        }
        return new Reservation(List.of(new Use(resource, offs)));
    }

    /** Total resource-cycles, the op's contribution to ResMII. */
    public int totalCycles() {
        int s = 0;
        for (Use u : uses) {
            s += u.offsetCount();
        }
        return s;
    }

    /** The same pattern plus one more use (e.g. the issue slot). */
    public Reservation plus(Use extra) {
        List<Use> l = new ArrayList<>(uses);
        l.add(extra);
        return new Reservation(l);
    }

    public boolean selfConflicting(int ii) {
        for (Use u : uses) {
            if (u.selfConflicting(ii)) {
                return true;
            }
        }
        return false;
    }
}
