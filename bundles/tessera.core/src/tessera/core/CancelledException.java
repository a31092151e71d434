package tessera.core;

/** Thrown by {@link Monitor#checkCanceled()} when the user cancelled long work. */
public class CancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CancelledException() {
        super("cancelled by the user");
    }
}
