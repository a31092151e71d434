package tessera.telamon.pipeline.pass;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import tessera.core.Deadline;
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
 * {@code .tree.txt}). It also runs on a saved {@code NAME.decisions} (the same outputs, from the kernel beside it).
 * Each file reports its own problems: the kernel's run leaves the decision list's to the list's own run.
 * Settings: {@code telamon.target}, {@code telamon.param.NAME} in tessera.properties.
 */
public final class TelamonPass extends FilePass {
    /** A build never hangs on one kernel: the command line's default {@code --time-limit} (issue 22). */
    static final java.time.Duration TIME_LIMIT = java.time.Duration.ofSeconds(600);

    public TelamonPass() {
        super("telamon", ".kernel → GPU implementation space; with NAME.decisions: PTX and launch description", 100, ".kernel",
                ".decisions");
    }

    @Override
    public void run(PassContext context) {
        String base = context.fileName().replaceFirst("\\.[^./]*$", "");
        if (context.fileName().endsWith(".decisions")) {
            Optional<String> kernel = context.read(base + ".kernel");
            if (kernel.isEmpty()) {
                context.report(tessera.core.Diagnostic.warning(context.fileName(), 0, "no " + base + ".kernel beside this "
                        + "decision list: nothing to generate", "a decision list NAME.decisions belongs to the kernel NAME.kernel"));
                return;
            }
            run(context, base + ".kernel", kernel.get(), context.fileName(), Optional.of(context.contents()), true);
            return;
        }
        String decisionsFile = base + ".decisions";
        run(context, context.fileName(), context.contents(), decisionsFile, context.read(decisionsFile), false);
    }

    private void run(PassContext context, String kernelFile, String kernelText, String decisionsFile,
            Optional<String> decisions, boolean forDecisions) {
        TelamonPipeline.Settings s;
        try {
            s = TelamonPipeline.Settings.of(context.settings());
        } catch (NumberFormatException e) {
            context.report(tessera.core.Diagnostic.error("tessera.properties", 0, "telamon.param.*: " + e.getMessage(),
                    "write telamon.param.NAME=INTEGER"));
            return;
        }
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.run(kernelFile, kernelText, decisionsFile, decisions.orElse(null), s, d,
                context.monitor().withDeadline(Deadline.after(TIME_LIMIT), "the telamon pass on " + kernelFile));
        for (tessera.core.Diagnostic x : d) {
            if (x.file().equals(decisionsFile) == forDecisions) { // each file reports its own problems
                context.report(x);
            }
        }
        String base = id() + "/" + GenPaths.baseName(kernelFile);
        if (r.root() != null) {
            context.output(base + ".space.json", Json.write(SpaceReport.of(r.kernel(), r.root())).getBytes(StandardCharsets.UTF_8));
        }
        if (r.code() != null) {
            context.output(base + ".ptx", r.code().ptx().getBytes(StandardCharsets.UTF_8));
            context.output(base + ".launch.json", r.code().launch().toJson().getBytes(StandardCharsets.UTF_8));
            context.output(base + ".tree.txt", (r.code().tree() + "\n" + r.code().pseudoCode()).getBytes(StandardCharsets.UTF_8));
        }
        context.summary("telamon: " + (r.root() == null ? "no implementation space for " + kernelFile
                : kernelFile + ": " + r.root().openVariables().size() + " open choices"
                        + (r.code() != null ? ", PTX for " + decisionsFile
                                : decisions.isPresent() ? ", no PTX (see the problems of " + decisionsFile + ")" : "")));
    }
}
