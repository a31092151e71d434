package tessera.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.pass.Pass;
import tessera.core.pass.PassRegistry;

/** {@code tessera passes}: the installed builder passes in run order. */
final class PassesCommand implements CliCommand {
    @Override
    public String name() {
        return "passes";
    }

    @Override
    public String summary() {
        return "list the installed builder passes";
    }

    @Override
    public String usage() {
        return "usage: tessera passes\n  Lists the passes the builder, 'build' and 'demo' run, in order.\n"
                + "examples:\n  tessera passes";
    }

    @Override
    public int run(CliContext ctx, Args args) {
        args.expectPositional(0);
        Map<String, String> m = new LinkedHashMap<>();
        for (Pass p : PassRegistry.discover().all()) {
            m.put(p.id(), p.description());
        }
        if (ctx.json()) {
            ctx.json(m);
        } else if (m.isEmpty()) {
            ctx.println("no passes are installed");
        } else {
            m.forEach((id, d) -> ctx.println(String.format("%-16s %s", id, d)));
        }
        return OK;
    }
}
