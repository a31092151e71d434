package tessera.core.cli;

/** A bad command line: the CLI prints the one-line message and exits with {@link CliCommand#USAGE}. */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
