package tessera.regdem.pass;

import java.nio.charset.StandardCharsets;
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
import tessera.regdem.sass.SassPrinter;

/**
 * Builder pass {@code regdem} for {@code *.sass}: launch settings from the project settings ({@code regdem.block},
 * {@code regdem.smem}, {@code regdem.arch}); writes {@code gen/regdem/<name>.variants.txt} and
 * {@code gen/regdem/<name>.regdem.sass}.
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
        Map<String, String> st = ctx.settings();
        String block = st.get("regdem.block");
        if (block == null) {
            ctx.report(Diagnostic.error(ctx.fileName(), 0, "regdem.block is not set",
                    "add regdem.block=<threads per block> to tessera.properties (a binary does not contain it)"));
            return;
        }
        int threads = RegdemRunner.parseBlock(block);
        if (threads <= 0) {
            ctx.report(Diagnostic.error(ctx.fileName(), 0, "regdem.block must be N or NxM, got '" + block + "'",
                    "e.g. regdem.block=192"));
            return;
        }
        Integer smem = null;
        if (st.containsKey("regdem.smem")) {
            try {
                smem = Integer.parseInt(st.get("regdem.smem").trim());
            } catch (NumberFormatException e) {
                ctx.report(Diagnostic.error(ctx.fileName(), 0, "regdem.smem must be a number of bytes", "e.g. 1024"));
                return;
            }
        }
        RegdemRunner.Outcome out = RegdemRunner.run(new RegdemRunner.Request(ctx.fileName(), ctx.contents(), null,
                threads, smem, st.get("regdem.arch"), VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE,
                0, List.of(), Set.of()), ctx.monitor());
        out.diagnostics().forEach(ctx::report);
        if (out.report() == null) {
            return;
        }
        String base = GenPaths.baseName(ctx.fileName());
        ctx.output("regdem/" + base + ".variants.txt",
                VariantGenerator.table(out.report()).getBytes(StandardCharsets.UTF_8));
        Variant c = out.report().chosen();
        ctx.output("regdem/" + base + ".regdem.sass", SassPrinter.print(c.program()).getBytes(StandardCharsets.UTF_8));
        for (String n : out.report().notes()) {
            ctx.report(Diagnostic.info(ctx.fileName(), 0, n));
        }
        ctx.summary(String.format(Locale.ROOT, "%s: %d variants, chosen %s (%d registers, occupancy %.4f, +%d B smem)",
                base, out.report().variants().size(), c.name(), c.registers(), c.occupancy(), c.dynamicSharedBytes()));
    }
}
