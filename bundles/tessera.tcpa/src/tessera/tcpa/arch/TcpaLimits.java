package tessera.tcpa.arch;

/**
 * The documented maximums of the numbers of a {@code .tcpa} architecture (issue 22: every number that reaches a model
 * is checked against a maximum before it sizes an array, a loop or a search). The validator reports a larger value
 * at its line and column, naming the maximum.
 */
public final class TcpaLimits {
    /** Largest number of PE rows, and of PE columns, of a grid: {@value}. */
    public static final int MAX_GRID = 1024;
    /** Largest instruction latency in cycles: {@value}. */
    public static final int MAX_LATENCY = 1024;
    /** Largest number of registers of one class (rd or fd) per PE: {@value}. */
    public static final int MAX_REGISTERS = 4096;
    /** Largest depth of a feedback (fd) register: {@value}. */
    public static final int MAX_FD_DEPTH = 65_536;
    /** Largest number of input or output ports of one location in a layer: {@value}. */
    public static final int MAX_PORTS = 64;
    /** Largest number of banks per border PE of an I/O buffer: {@value}. */
    public static final int MAX_BANKS = 64;
    /** Largest number of words of a bank: {@value}. */
    public static final int MAX_WORDS = 1 << 24;
    /** Largest number of global control signals: {@value}. */
    public static final int MAX_SIGNALS = 1024;
    /** Largest number of branch targets of a conditional branch: {@value}. */
    public static final int MAX_BRANCH_TARGETS = 64;
    /** Largest |Δrow| and |Δcol| of a declared channel: {@value} (no array is larger, {@link #MAX_GRID}). */
    public static final int MAX_DELTA = MAX_GRID;

    private TcpaLimits() {
    }
}
