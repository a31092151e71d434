package tessera.palmed.pass;

import java.nio.charset.StandardCharsets;

import tessera.core.Diagnostics;
import tessera.core.cli.Json;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.palmed.model.DualConstruction;
import tessera.palmed.model.MappingIO;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.ResourceMapping;

/**
 * Builder pass for {@code *.portmap}: validates the port mapping (line-numbered diagnostics) and writes its
 * resource-mapping dual (seed 000 App. A, Def. A.5 over the closure 𝓇) to {@code gen/palmed/NAME.mapping} and
 * {@code .json}.
 */
public final class PortmapPass extends FilePass {
    public PortmapPass() {
        super("palmed", "port mapping → PALMED resource mapping (dual construction)", 100, ".portmap");
    }

    @Override
    public void run(PassContext context) {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(context.fileName(), context.contents(), d);
        d.forEach(context::report);
        if (pm == null) {
            context.summary(context.fileName() + ": " + d.size() + " problem(s), no mapping written");
            return;
        }
        ResourceMapping dual = DualConstruction.dual(pm);
        String base = "palmed/" + GenPaths.baseName(context.fileName());
        context.output(base + ".mapping", dual.toText().getBytes(StandardCharsets.UTF_8));
        context.output(base + ".json", Json.write(MappingIO.toJson(dual)).getBytes(StandardCharsets.UTF_8));
        context.summary(String.format("%s: %d instructions on %d ports -> %d abstract resources", context.fileName(),
                pm.instructions().size(), pm.ports().size(), dual.resources().size()));
    }
}
