package tessera.cli;

import java.nio.charset.StandardCharsets;

import org.eclipse.xtext.ide.server.LaunchArgs;
import org.eclipse.xtext.ide.server.ServerLauncher;

import com.google.inject.Guice;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.cli.lsp.TesseraLsp;

/**
 * {@code tessera lsp}: Xtext's Language Server over stdio for every Tessera language on the class path (each
 * language's ide bundle registers its setup in META-INF/services/org.eclipse.xtext.ISetup), with {@link TesseraLsp}'s
 * module: every request is answered as the protocol says, whatever the position or the document (issue 22).
 */
final class LspCommand implements CliCommand {
    @Override
    public String name() {
        return "lsp";
    }

    @Override
    public String summary() {
        return "Language Server over stdio for every Tessera language (for LSP editors)";
    }

    @Override
    public String usage() {
        return """
                usage: tessera lsp [--trace] [--no-validate]
                  Speaks the Language Server Protocol on stdin/stdout until the client exits.
                  --trace        log the protocol messages to stderr
                  --no-validate  do not check the protocol messages against the LSP types (lsp4j)
                  An editor starts it as the command 'tessera lsp' (README.md); on a terminal it waits for input.
                examples:
                  tessera lsp --help""";
    }

    @Override
    public java.util.Set<String> flags() {
        return java.util.Set.of("trace", "no-validate");
    }

    @Override
    public int run(CliContext ctx, Args args) {
        args.expectPositional(0);
        java.util.List<String> a = new java.util.ArrayList<>();
        if (args.flag("trace")) {
            a.add(ServerLauncher.TRACE);
        }
        if (args.flag("no-validate")) {
            a.add(ServerLauncher.NO_VALIDATE);
        }
        java.io.PrintStream err = System.err; // before Xtext silences the standard streams (stdout is the protocol's)
        LaunchArgs launch = ServerLauncher.createLaunchArgs(ServerLauncher.class.getName(), a.toArray(String[]::new));
        if (args.flag("trace")) { // Xtext's own trace writes to the silenced System.out
            launch.setTrace(new java.io.PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        }
        Guice.createInjector(TesseraLsp.module()).getInstance(ServerLauncher.class).start(launch);
        return OK;
    }
}
