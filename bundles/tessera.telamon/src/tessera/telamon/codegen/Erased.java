package tessera.telamon.codegen;

import java.util.List;

import tessera.telamon.impl.DimKind;

/**
 * Seed 001 §4.4.2, Listing 4.7(b): the code of one thread after parallel-dimension erasure. BLOCK classes
 * ({@code blockDims}, outermost first) became the block index and THREAD classes the thread index; what remains are
 * LOOP, UNROLL and VECTOR classes, instructions with their guards, the parallel regions (nests of THREAD dimensions, kept
 * as markers between synchronizations) and the synchronizations.
 */
public record Erased(List<String> blockDims, List<Code> body) {
    public Erased {
        blockDims = List.copyOf(blockDims);
        body = List.copyOf(body);
    }

    /** A statement of the erased code. */
    public sealed interface Code permits Loop, Region, Exec, Sync {
    }

    /** A LOOP, UNROLL or VECTOR merge class (by representative). */
    public record Loop(String dim, DimKind kind, List<Code> body) implements Code {
        public Loop {
            body = List.copyOf(body);
        }
    }

    /** A nest of THREAD dimensions, erased into the thread index: a parallel region. */
    public record Region(List<String> dims, List<Code> body) implements Code {
        public Region {
            dims = List.copyOf(dims);
            body = List.copyOf(body);
        }
    }

    /** An instruction, executed only by the threads that satisfy its guard. */
    public record Exec(String inst, Guard guard) implements Code {
    }

    /** {@code bar.sync 0}, with why it is there. */
    public record Sync(String reason) implements Code {
    }

    /** A conjunction of conditions on the thread index; empty: every thread. */
    public record Guard(List<Cond> conds) {
        public static final Guard ALWAYS = new Guard(List.of());

        public Guard {
            conds = List.copyOf(conds);
        }

        public boolean always() {
            return conds.isEmpty();
        }

        /** {@code tid.x == 0 and tid.y < 2}. */
        @Override
        public String toString() {
            return String.join(" and ", conds.stream().map(Cond::toString).toList());
        }
    }

    /** tid.axis < below; below 1 is printed tid.axis == 0. */
    public record Cond(int axis, long below) {
        @Override
        public String toString() {
            String t = "tid." + "xyz".charAt(axis);
            return below == 1 ? t + " == 0" : t + " < " + below;
        }
    }
}
