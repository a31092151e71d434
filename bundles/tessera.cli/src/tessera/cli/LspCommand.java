package tessera.cli;

import org.eclipse.xtext.ide.server.ServerLauncher;
import org.eclipse.xtext.ide.server.ServerModule;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;

/**
 * {@code tessera lsp}: Xtext's Language Server over stdio for every Tessera language on the class path (each language's
 * ide bundle registers its setup in META-INF/services/org.eclipse.xtext.ISetup).
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
                  --no-validate  do not publish diagnostics""";
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
        ServerLauncher.launch(ServerLauncher.class.getName(), a.toArray(String[]::new), new ServerModule());
        return OK;
    }
}
