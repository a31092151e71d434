package tessera.tcpa.pass;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import tessera.core.Deadline;
import tessera.core.DiagnosticException;
import tessera.core.cli.Json;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.cli.TopologyCommand;
import tessera.tcpa.routing.ChannelRequest;
import tessera.tcpa.routing.ReducedTopology;
import tessera.tcpa.routing.Router;
import tessera.tcpa.routing.RoutingResult;

/**
 * Builder pass {@code tcpa.topology}: validates a {@code .tcpa} architecture (problems become markers), writes its
 * reduced topology graph (seed 003 Definition 5.4) and the routes of its declared channels (§5.4) to
 * {@code tcpa.topology/<name>.topology.json}; an unroutable channel set is an error marker.
 */
public final class TopologyPass extends FilePass {
    public TopologyPass() {
        super("tcpa.topology", ".tcpa architecture → validation, reduced topology graph, routes of declared channels", 100, ".tcpa");
    }

    @Override
    public void run(PassContext context) {
        ArchitectureLoader.Result r = ArchitectureLoader.load(context.contents(), context.fileName());
        if (!reportRead(context, r.diagnostics(), r.ok())) {
            return;
        }
        ReducedTopology t = ReducedTopology.of(r.architecture());
        List<ChannelRequest> cs = Router.declaredChannels(r.architecture());
        RoutingResult routes = null;
        if (!cs.isEmpty()) {
            try {
                routes = Router.route(t, cs, Deadline.after(Duration.ofSeconds(60)));
            } catch (DiagnosticException e) {
                context.report(e.diagnostic().withFile(context.fileName()));
            }
        }
        context.output(id() + "/" + GenPaths.baseName(context.fileName()) + ".topology.json",
                Json.write(TopologyCommand.json(context.fileName(), t, routes)).getBytes(StandardCharsets.UTF_8));
        context.summary("tcpa.topology: " + t.nodeCount() + " nodes, " + t.edges().size() + " edges"
                + (routes == null ? "" : ", " + routes.routes().size() + " channel(s) routed") + " from "
                + context.fileName());
    }
}
