package tessera.regdem.pass;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.regdem.RegdemRunner;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassFunction;
import tessera.regdem.cubin.ResourceException;
import tessera.regdem.cubin.ResourceReports;
import tessera.regdem.cubin.ResourceUsage;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;

/**
 * Builder pass {@code regdem} for {@code *.sass}: launch settings from the project settings ({@code regdem.block},
 * {@code regdem.smem} (dynamic shared memory of the launch), {@code regdem.arch}); resources from a {@code NAME.ptxas}
 * or {@code NAME.res-usage} file beside the listing; writes {@code gen/regdem/<name>.variants.txt} and
 * {@code gen/regdem/<name>.regdem.sass}. A cuobjdump listing of several kernels ({@code Function :} sections) is
 * analysed kernel by kernel: every message names its kernel, the outputs are {@code <name>.<kernel>.variants.txt} and
 * {@code <name>.<kernel>.regdem.sass}, and {@code regdem.block.<kernel>} / {@code regdem.smem.<kernel>} (the kernel
 * as listed or its C++ name) override the file-wide settings for one kernel.
 */
public final class RegdemPass extends FilePass {
    public RegdemPass() {
        super("regdem", "SASS → register-demoted SASS (RegDem variants and predictor)", 100, ".sass");
    }

    @Override
    public boolean accepts(String fileName) {
        return super.accepts(fileName) && !fileName.endsWith(".regdem.sass"); // not its own output
    }

    @Override
    public void run(PassContext ctx) {
        SassDocument doc = SassParser.parse(ctx.fileName(), ctx.contents());
        doc.diagnostics().forEach(ctx::report);
        if (doc.diagnostics().hasErrors()) {
            return;
        }
        List<ResourceUsage> resources = resources(ctx);
        List<SassFunction> fs = doc.functions();
        boolean multi = fs.size() > 1;
        String base = GenPaths.baseName(ctx.fileName());
        List<String> summaries = new ArrayList<>();
        for (SassFunction f : fs) {
            String prefix = multi ? "kernel " + f.displayName() + ": " : "";
            String name = multi ? base + "." + f.name() : base;
            String summary = kernel(ctx, f, prefix, name, resources);
            if (summary != null) {
                summaries.add(summary);
            }
        }
        if (!summaries.isEmpty()) {
            ctx.summary(String.join("; ", summaries));
        }
    }

    /**
     * The kernels' resource usage from {@code NAME.ptxas} (ptxas -v log) or {@code NAME.res-usage} (cuobjdump
     * -res-usage) beside {@code NAME.sass}; null when there is neither (registers are then estimated).
     */
    private static List<ResourceUsage> resources(PassContext ctx) {
        String stem = ctx.fileName().replaceAll("\\.sass$", "");
        for (String ext : List.of(".ptxas", ".res-usage")) {
            var text = ctx.read(stem + ext);
            if (text.isPresent()) {
                try {
                    return ResourceReports.parse(stem + ext, text.get(), ctx.settings().get("regdem.arch"));
                } catch (ResourceException e) {
                    ctx.report(e.toDiagnostic());
                    return null;
                }
            }
        }
        return null;
    }

    /** Analyses one kernel; returns its summary, or null when it could not be analysed (the reason is reported). */
    private static String kernel(PassContext ctx, SassFunction f, String prefix, String name,
            List<ResourceUsage> resources) {
        Map<String, String> st = ctx.settings();
        String block = setting(st, "regdem.block", f);
        if (block == null) {
            ctx.report(Diagnostic.error(ctx.fileName(), 0, prefix + "regdem.block is not set",
                    "add regdem.block=<threads per block> to tessera.properties (a binary does not contain it)"
                            + (prefix.isEmpty() ? "" : ", or regdem.block." + f.name() + " for this kernel")));
            return null;
        }
        int threads = RegdemRunner.parseBlock(block);
        if (threads <= 0) {
            ctx.report(Diagnostic.error(ctx.fileName(), 0, prefix + "regdem.block must be N or NxM, got '" + block
                    + "'", "e.g. regdem.block=192"));
            return null;
        }
        Integer smem = null;
        String smemText = setting(st, "regdem.smem", f);
        if (smemText != null) {
            try {
                smem = Integer.parseInt(smemText.trim());
            } catch (NumberFormatException e) {
                ctx.report(Diagnostic.error(ctx.fileName(), 0, prefix + "regdem.smem must be a number of bytes",
                        "e.g. 1024"));
                return null;
            }
        }
        RegdemRunner.Request req = new RegdemRunner.Request(ctx.fileName(), ctx.contents(), null, threads, smem,
                st.get("regdem.arch"), VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE, 0, List.of(),
                Set.of(), f.name()).withResources(resources);
        RegdemRunner.Outcome out = RegdemRunner.analyse(req, f, ctx.monitor());
        for (Diagnostic d : out.diagnostics()) {
            ctx.report(prefix.isEmpty() ? d : new Diagnostic(d.severity(), d.file(), d.line(), d.column(), d.offset(),
                    d.length(), prefix + d.message(), d.hint(), d.code()));
        }
        if (out.report() == null) {
            return null;
        }
        ctx.output("regdem/" + name + ".variants.txt",
                VariantGenerator.table(out.report()).getBytes(StandardCharsets.UTF_8));
        Variant c = out.report().chosen();
        ctx.output("regdem/" + name + ".regdem.sass", SassPrinter.print(c.program()).getBytes(StandardCharsets.UTF_8));
        for (String n : out.report().notes()) {
            ctx.report(Diagnostic.info(ctx.fileName(), f.line(), prefix + n));
        }
        return String.format(Locale.ROOT, "%s: %d variants, chosen %s (%d registers, occupancy %.4f, +%d B smem)",
                name, out.report().variants().size(), c.name(), c.registers(), c.occupancy(), c.dynamicSharedBytes());
    }

    /** {@code key.<kernel as listed>}, {@code key.<C++ name>}, {@code key.<identifier>}, else {@code key}. */
    private static String setting(Map<String, String> st, String key, SassFunction f) {
        if (!f.name().isEmpty()) {
            for (String n : List.of(f.name(), f.qualifiedName(), f.plainName())) {
                if (st.containsKey(key + "." + n)) {
                    return st.get(key + "." + n);
                }
            }
        }
        return st.get(key);
    }
}
