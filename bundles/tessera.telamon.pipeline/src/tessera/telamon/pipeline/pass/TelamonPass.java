package tessera.telamon.pipeline.pass;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tessera.core.Diagnostics;
import tessera.core.cli.Json;
import tessera.core.pass.FilePass;
import tessera.core.pass.GenPaths;
import tessera.core.pass.PassContext;
import tessera.telamon.pipeline.SpaceReport;
import tessera.telamon.pipeline.TelamonPipeline;

/**
 * Builder pass {@code telamon} on {@code .kernel} files: the kernel's implementation space
 * ({@code telamon/NAME.space.json}, a summary line), and when {@code NAME.decisions} lies beside the kernel, the PTX,
 * launch description and control-flow tree of that implementation ({@code telamon/NAME.ptx}, {@code .launch.json},
 * {@code .tree.txt}). Settings: {@code telamon.target}, {@code telamon.param.NAME} in tessera.properties.
 */
public final class TelamonPass extends FilePass {
    public TelamonPass() {
        super("telamon", ".kernel → GPU implementation space; with NAME.decisions: PTX and launch description", 100, ".kernel");
    }

    @Override
    public void run(PassContext context) {
        TelamonPipeline.Settings s;
        try {
            s = TelamonPipeline.Settings.of(context.settings());
        } catch (NumberFormatException e) {
            context.report(tessera.core.Diagnostic.error("tessera.properties", 0, "telamon.param.*: " + e.getMessage(),
                    "write telamon.param.NAME=INTEGER"));
            return;
        }
        String decisionsFile = context.fileName().replaceFirst("\\.[^./]*$", "") + ".decisions";
        Optional<String> decisions = context.read(decisionsFile);
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.run(context.fileName(), context.contents(), decisionsFile, decisions.orElse(null), s, d);
        d.forEach(context::report);
        String base = id() + "/" + GenPaths.baseName(context.fileName());
        if (r.root() != null) {
            context.output(base + ".space.json", Json.write(SpaceReport.of(r.kernel(), r.root())).getBytes(StandardCharsets.UTF_8));
        }
        if (r.code() != null) {
            context.output(base + ".ptx", r.code().ptx().getBytes(StandardCharsets.UTF_8));
            context.output(base + ".launch.json", r.code().launch().toJson().getBytes(StandardCharsets.UTF_8));
            context.output(base + ".tree.txt", (r.code().tree() + "\n" + r.code().pseudoCode()).getBytes(StandardCharsets.UTF_8));
        }
        context.summary("telamon: " + (r.root() == null ? "no implementation space for " + context.fileName()
                : context.fileName() + ": " + r.root().openVariables().size() + " open choices"
                        + (r.code() != null ? ", PTX for " + decisionsFile : decisions.isPresent() ? ", no PTX (see the errors)" : "")));
    }
}
