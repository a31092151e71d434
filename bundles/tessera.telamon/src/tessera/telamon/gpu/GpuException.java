package tessera.telamon.gpu;

/**
 * A GPU that cannot be used (no driver, no Java 22, a failed driver call): the message says what happened and what to
 * do; {@link #code} is the driver's error code (0 when the driver was not reached).
 */
public final class GpuException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    public GpuException(String message) {
        this(message, 0);
    }

    public GpuException(String message, int code) {
        super(message);
        this.code = code;
    }

    public int code() {
        return code;
    }

    /**
     * Whether the error leaves the context unusable (a kernel fault: illegal address or instruction, misaligned
     * access, launch failure or time-out), so every later call fails until the context is reset.
     */
    public boolean sticky() {
        return code == 700 || code == 702 || code >= 714 && code <= 719;
    }
}
