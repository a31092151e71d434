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
 * {@code telamon/NAME.bound.txt} holds the lower bound (seed 001 ch. 5) of the root and of the implementation, with
 * their explanations. Settings: {@code telamon.target}, {@code telamon.param.NAME}, {@code telamon.gpu} (hopper or
 * kepler) and {@code telamon.ordering} (compiled or emitted) in tessera.properties.
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
            context.publish(new TelamonPipeline.Result(null, null, null, null, null)); // telamon.search: reported here
            return;
        }
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.run(kernelFile, kernelText, decisionsFile, decisions.orElse(null), s, d,
                context.monitor().withDeadline(Deadline.after(TIME_LIMIT), "the telamon pass on " + kernelFile));
        context.publish(r); // telamon.search searches this space instead of building it again
        for (tessera.core.Diagnostic x : d) {
            if (x.file().equals(decisionsFile) == forDecisions) { // each file reports its own problems
                context.report(x);
            }
        }
        String base = id() + "/" + GenPaths.baseName(kernelFile);
        if (r.root() != null) {
            context.output(base + ".space.json", Json.write(SpaceReport.of(r.kernel(), r.root())).getBytes(StandardCharsets.UTF_8));
        }
        if (r.root() != null) {
            String bound = bound(context, r);
            if (bound != null) {
                context.output(base + ".bound.txt", bound.getBytes(StandardCharsets.UTF_8));
            }
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

    /** The bounds of the root and of the implementation as text; null (with a problem) for a bad setting. */
    private static String bound(PassContext context, TelamonPipeline.Result r) {
        String gpu = context.settings().getOrDefault("telamon.gpu", "hopper").trim();
        tessera.telamon.model.Hardware hw = tessera.telamon.model.Hardware.builtIn(gpu);
        String ord = context.settings().getOrDefault("telamon.ordering", "compiled").trim();
        tessera.telamon.model.LowerBound.Ordering ordering = tessera.telamon.model.LowerBound.Ordering.named(ord);
        if (hw == null || ordering == null) {
            context.report(tessera.core.Diagnostic.error("tessera.properties", 0, "telamon.gpu=" + gpu
                    + ", telamon.ordering=" + ord + ": not a built-in GPU or ordering",
                    "write telamon.gpu=hopper or kepler and telamon.ordering=compiled or emitted"));
            return null;
        }
        StringBuilder sb = new StringBuilder();
        tessera.telamon.model.LowerBound.Bound root = tessera.telamon.model.LowerBound.of(r.kernel(), r.root(), hw,
                ordering);
        sb.append(String.format(java.util.Locale.ROOT, "root: at least %,.0f cycles = %.1f ns on %s (%s ordering)%n",
                root.cycles(), root.nanoseconds(), hw.name(), ord)).append(root.why().render());
        if (r.fixed() != null) {
            tessera.telamon.model.LowerBound.Bound fixed = tessera.telamon.model.LowerBound.of(r.kernel(), r.fixed(), hw,
                    ordering);
            sb.append(String.format(java.util.Locale.ROOT, "%nimplementation: at least %,.0f cycles = %.1f ns%n",
                    fixed.cycles(), fixed.nanoseconds())).append(fixed.why().render());
        }
        return sb.toString();
    }
}
