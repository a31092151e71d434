package tessera.core.cli;

/**
 * A {@code tessera} subcommand. Bundles register theirs in {@code META-INF/services/tessera.core.cli.CliCommand}.
 * Exit codes: {@link #OK}, {@link #FAILED} (input has errors or a check failed), {@link #USAGE} (bad command line).
 */
public interface CliCommand {
    int OK = 0;
    int FAILED = 1;
    int USAGE = 2;
    int INTERNAL = 70;

    /** The word after {@code tessera}, e.g. {@code rdg}; nested words ("palmed infer") are handled by the command. */
    String name();

    /** One line for {@code tessera --help}. */
    String summary();

    /** Multi-line usage for {@code tessera help NAME} and usage errors. */
    String usage();

    /** Options that take no value (without "--"), e.g. {@code dot}; anything not declared is a usage error. */
    default java.util.Set<String> flags() {
        return java.util.Set.of();
    }

    /** Options that take a value (without "--"), e.g. {@code param}; they may repeat. */
    default java.util.Set<String> valuedOptions() {
        return java.util.Set.of();
    }

    /**
     * Runs the command on its words, already parsed against {@link #flags()} and {@link #valuedOptions()} (the global
     * {@code --json/--quiet/--debug} are removed and visible through the context). Throw {@link UsageException} for a
     * bad command line.
     */
    int run(CliContext context, Args args) throws Exception;
}
