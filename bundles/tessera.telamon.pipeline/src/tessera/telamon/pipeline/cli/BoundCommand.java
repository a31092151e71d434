package tessera.telamon.pipeline.cli;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.pipeline.DecisionList;
import tessera.telamon.pipeline.TelamonPipeline;

/**
 * {@code tessera telamon bound FILE.kernel [--decisions F] [--gpu hopper|kepler|FILE.json]}: the lower bound of
 * seed 001 chapter 5 for the root candidate or the candidate a (possibly partial) decision list leaves, with its
 * explanation tree (Fig. 5.4).
 */
final class BoundCommand {
    private BoundCommand() {
    }

    /** The hardware description {@code --gpu} names: a built-in short name or a tessera-gpu/1 JSON file. */
    static Hardware hardware(CliContext ctx, Args a) throws DiagnosticException {
        String gpu = a.option("gpu").orElse("hopper");
        Hardware built = Hardware.builtIn(gpu);
        if (built != null) {
            return built;
        }
        if (!gpu.endsWith(".json")) {
            throw new tessera.core.cli.UsageException("--gpu " + gpu + ": not a built-in GPU (" + String.join(", ",
                    new java.util.TreeSet<>(Hardware.BUILT_IN.keySet())) + ") nor a .json hardware description");
        }
        String text;
        try {
            text = ctx.readSource(gpu);
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error(gpu, 0, "cannot read the hardware description: "
                    + e.getMessage(), "give --gpu hopper, kepler or the path of a tessera-gpu/1 JSON file"));
        }
        try {
            return Hardware.parse(text);
        } catch (Hardware.InvalidException e) {
            String hint = "see docs/telamon-model.md for the tessera-gpu/1 schema";
            if (e.getCause() != null) { // Gson's line and column
                throw new DiagnosticException(tessera.core.cli.Json.parseError(gpu, e.getCause(),
                        "not a tessera-gpu/1 description: ", hint));
            }
            throw new DiagnosticException(new Diagnostic(tessera.core.Severity.ERROR, gpu, 1, 1, -1, 0, e.getMessage(),
                    hint, "telamon.gpu"));
        }
    }

    static int run(CliContext ctx, Args a, String file, String text, TelamonPipeline.Settings s, Monitor monitor) {
        Hardware hw;
        try {
            hw = hardware(ctx, a);
        } catch (DiagnosticException e) {
            ctx.report(e.diagnostic());
            return CliCommand.FAILED;
        }
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.space(file, text, s, d, monitor);
        if (r.root() == null) {
            d.forEach(ctx::report);
            return CliCommand.FAILED;
        }
        Candidate c = r.root();
        if (a.option("decisions").isPresent()) {
            String df = a.option("decisions").get();
            String dtext;
            try {
                dtext = ctx.readSource(df);
            } catch (DiagnosticException e) {
                ctx.report(e.diagnostic());
                return CliCommand.FAILED;
            } catch (IOException e) {
                ctx.report(Diagnostic.error(df, 0, "cannot read the decision list: " + e.getMessage(),
                        "give --decisions FILE.decisions"));
                return CliCommand.FAILED;
            }
            c = DecisionList.apply(c, df, DecisionList.parse(df, dtext, d), false, d);
            if (c == null || d.hasErrors()) {
                d.forEach(ctx::report);
                return CliCommand.FAILED;
            }
        }
        d.forEach(ctx::report);
        LowerBound.Ordering ordering = LowerBound.Ordering.named(a.option("ordering").orElse("compiled"));
        if (ordering == null) {
            throw new tessera.core.cli.UsageException("--ordering " + a.option("ordering").get()
                    + ": compiled (what ptxas keeps, the default) or emitted (the thesis's: the code runs as emitted)");
        }
        LowerBound.Bound b = LowerBound.of(r.kernel(), c, hw, ordering);
        int open = c.openVariables().size();
        String state = c.isFixed() ? "a fixed candidate" : open + (open == 1 ? " choice open" : " choices open");
        if (ctx.json()) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("kernel", r.kernel().name());
            out.put("gpu", hw.name());
            out.put("candidate", state);
            out.put("cycles", b.cycles());
            out.put("nanoseconds", b.nanoseconds());
            out.put("explanation", b.why().toJson());
            ctx.json(out);
        } else {
            ctx.println(String.format(java.util.Locale.ROOT, "%s on %s (%s): every implementation takes at least "
                    + "%,.0f cycles = %s at %.3f GHz", r.kernel().name(), hw.name(), state, b.cycles(),
                    time(b.nanoseconds()), hw.clockGHz()));
            b.why().render().lines().forEach(ctx::println);
        }
        return CliCommand.OK;
    }

    static String time(double ns) {
        if (ns >= 1e6) {
            return String.format(java.util.Locale.ROOT, "%.3f ms", ns / 1e6);
        }
        if (ns >= 1e3) {
            return String.format(java.util.Locale.ROOT, "%.3f µs", ns / 1e3);
        }
        return String.format(java.util.Locale.ROOT, "%.1f ns", ns);
    }
}
