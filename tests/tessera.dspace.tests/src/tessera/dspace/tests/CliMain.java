package tessera.dspace.tests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import tessera.core.cli.Args;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.dspace.cli.DspaceCommand;

/** Runs {@code tessera dspace …} without the launcher (fast loop): {@code JTEST_MAIN=tessera.dspace.tests.CliMain}. */
public final class CliMain {
    private CliMain() {
    }

    public static void main(String[] argv) throws Exception {
        System.exit(run(List.of(argv), new java.io.PrintStream(System.out, true), System.err));
    }

    static int run(List<String> argv, java.io.PrintStream out, java.io.PrintStream err) throws Exception {
        List<String> words = new ArrayList<>(argv);
        boolean json = words.remove("--json");
        DspaceCommand cmd = new DspaceCommand();
        CliContext ctx = new CliContext(out, err, Path.of(System.getProperty("user.dir")), json, true);
        try {
            return cmd.run(ctx, Args.parse(words, cmd.flags(), cmd.valuedOptions()));
        } catch (UsageException e) {
            err.println("usage error: " + e.getMessage());
            return DspaceCommand.USAGE;
        }
    }
}
