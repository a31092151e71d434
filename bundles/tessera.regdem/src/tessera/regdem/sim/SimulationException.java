package tessera.regdem.sim;

/** A simulated kernel did something undefined (out-of-bounds access, unsupported instruction, step limit). */
public class SimulationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SimulationException(String message) {
        super(message);
    }
}
