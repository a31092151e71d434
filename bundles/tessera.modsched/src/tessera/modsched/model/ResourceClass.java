package tessera.modsched.model;

/**
 * A class of identical functional units (seed 002 §5.1: load/store, adder, multiplier, Div/Sqrt).
 *
 * @param name  unique name within the machine
 * @param count number of identical instances (columns of the MRT)
 * @param busy  cycles one operation holds an instance by default: 1 = fully pipelined, k &gt; 1 = not pipelined
 *              (the instance is busy for k consecutive cycles, e.g. a divider)
 * @param implicit true for the synthetic {@code issue} resource that models the machine's issue width
 */
public record ResourceClass(String name, int count, int busy, boolean implicit) {
    /** Name of the synthetic resource used by every operation when the machine has an issue width. */
    public static final String ISSUE = "issue";

    public boolean pipelined() {
        return busy == 1;
    }
}
