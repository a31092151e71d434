package tessera.regdem.sass;

/**
 * Provenance of inserted demote code (digest §4.3 SpillLoad/SpillStore): every post-pass needs to know which
 * instructions RegDem added. {@code offset} is the Eq. (1) register offset, {@code register} the demoted register
 * (word) it holds, -1 for the prologue.
 */
public record DemoteTag(Kind kind, long offset, int register) {
    public enum Kind { LOAD, STORE, PROLOGUE }

    public static DemoteTag load(long offset, int reg) {
        return new DemoteTag(Kind.LOAD, offset, reg);
    }

    public static DemoteTag store(long offset, int reg) {
        return new DemoteTag(Kind.STORE, offset, reg);
    }

    public static final DemoteTag PROLOGUE = new DemoteTag(Kind.PROLOGUE, -1, -1);
}
