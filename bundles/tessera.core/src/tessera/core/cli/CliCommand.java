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
     * Batch runs (issue 25): where this command line names its one input file, for {@code tessera CMD A B C} and
     * {@code tessera CMD FOLDER} to run the command on each file in one process. Empty (the default) for a command, or a
     * subcommand, that takes no input file or already takes several.
     */
    default java.util.Optional<InputFile> inputFile(Args args) {
        return java.util.Optional.empty();
    }

    /**
     * The input file of a command line.
     *
     * @param position         the index of the positional word naming it (subcommands come before it)
     * @param extensions       the file name extensions (without the dot) a folder given there is searched for
     * @param singleFileOptions valued options (without "--") naming a file that belongs to one input: one the command
     *                         writes, or a companion input (regdem's --cubin); a batch refuses them, since every input
     *                         would share the one file
     */
    record InputFile(int position, java.util.Set<String> extensions, java.util.Set<String> singleFileOptions) {
        public static java.util.Optional<InputFile> at(int position, String... extensions) {
            return java.util.Optional.of(new InputFile(position, java.util.Set.of(extensions), java.util.Set.of()));
        }

        /** {@link #at} with the options that name one file ({@link #singleFileOptions}). */
        public static java.util.Optional<InputFile> at(int position, String extension, java.util.Set<String> single) {
            return java.util.Optional.of(new InputFile(position, java.util.Set.of(extension), single));
        }
    }

    /**
     * Runs the command on its words, already parsed against {@link #flags()} and {@link #valuedOptions()} (the global
     * {@code --json/--quiet/--debug} are removed and visible through the context). Throw {@link UsageException} for a
     * bad command line.
     */
    int run(CliContext context, Args args) throws Exception;
}
