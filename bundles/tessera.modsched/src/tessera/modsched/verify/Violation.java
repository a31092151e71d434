package tessera.modsched.verify;

import java.util.List;

/**
 * One broken rule of a modulo schedule, with a human-readable message.
 *
 * @param kind       what is broken
 * @param ops        the operations involved (indices)
 * @param dependence the broken dependence's index, or -1
 * @param resource   the resource class involved, or -1
 * @param row        the MRT row involved, or -1
 */
public record Violation(Kind kind, List<Integer> ops, int dependence, int resource, int row, String message) {
    /** Kinds of violations. */
    public enum Kind {
        /** t(v) &lt; t(u) + latency - distance·II. */
        DEPENDENCE,
        /** Two ops hold the same resource instance in the same MRT row. */
        RESOURCE_CONFLICT,
        /** An op's reservation pattern collides with itself modulo II (pattern longer than II on one instance). */
        SELF_CONFLICT,
        /** An instance number outside the resource's unit count. */
        BAD_UNIT,
        /** The schedule does not match its loop (wrong sizes, II below 1). */
        MALFORMED
    }

    @Override
    public String toString() {
        return message;
    }
}
