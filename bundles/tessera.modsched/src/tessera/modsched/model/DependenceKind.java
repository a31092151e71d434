package tessera.modsched.model;

/**
 * Kind of a data dependence (seed 002 §4.1: flow, anti, output). Only FLOW edges carry a value and so create a
 * register lifetime (digest P11); the others only constrain the schedule. MEMORY is an ordering through memory.
 */
public enum DependenceKind {
    FLOW, ANTI, OUTPUT, MEMORY;

    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The kind named by its lower-case word, or null. */
    public static DependenceKind ofWord(String w) {
        for (DependenceKind k : values()) {
            if (k.word().equals(w)) {
                return k;
            }
        }
        return null;
    }
}
