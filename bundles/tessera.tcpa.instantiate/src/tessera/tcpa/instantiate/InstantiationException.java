package tessera.tcpa.instantiate;

/** A run-time parameter or resource problem; the message says what to change. Caught by {@link Instantiator}. */
public final class InstantiationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String hint;

    public InstantiationException(String message, String hint) {
        super(message);
        this.hint = hint;
    }

    public String hint() {
        return hint;
    }
}
