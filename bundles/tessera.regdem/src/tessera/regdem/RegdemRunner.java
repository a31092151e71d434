package tessera.regdem;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.cli.Json;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

/** Shared front end of the CLI command and the builder pass: parse, check launch settings, generate variants. */
public final class RegdemRunner {
    private RegdemRunner() {
    }

    public record Request(String fileName, String text, String localText, int threads, Integer smem, String arch,
            VariantGenerator.OccupancyModel model, StallPredictor.Mode mode, double targetOccupancy,
            List<Integer> demote, Set<Integer> exclude) {
    }

    public record Outcome(VariantGenerator.Report report, List<Diagnostic> diagnostics, VariantGenerator.Settings settings) {
    }

    /** "192" → 192, "16x12" → 192, else -1. */
    public static int parseBlock(String s) {
        try {
            String[] p = s.trim().toLowerCase(java.util.Locale.ROOT).split("x", -1);
            int n = 1;
            for (String x : p) {
                n *= Integer.parseInt(x.trim());
            }
            return p.length <= 3 && n > 0 ? n : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static Outcome run(Request r, Monitor monitor) {
        List<Diagnostic> diags = new ArrayList<>();
        SassDocument doc = SassParser.parse(r.fileName(), r.text());
        doc.diagnostics().forEach(diags::add);
        if (doc.diagnostics().hasErrors()) {
            return new Outcome(null, diags, null);
        }
        SassProgram p = CuobjdumpImport.toMaxas(doc.program());
        SassProgram local = null;
        if (r.localText() != null) {
            SassDocument ld = SassParser.parse("local", r.localText());
            ld.diagnostics().forEach(diags::add);
            if (ld.diagnostics().hasErrors()) {
                return new Outcome(null, diags, null);
            }
            local = CuobjdumpImport.toMaxas(ld.program());
        }
        String archName = r.arch() != null ? r.arch() : p.arch().orElse("sm_52");
        ArchSpec arch = ArchSpec.find(archName).orElse(null);
        if (arch == null) {
            diags.add(Diagnostic.error(r.fileName(), 0, "unknown architecture '" + archName + "'",
                    "use one of " + String.join(", ", ArchSpec.names())));
            return new Outcome(null, diags, null);
        }
        if (r.threads() <= 0 || r.threads() > arch.maxThreadsPerBlock()) {
            diags.add(Diagnostic.error(r.fileName(), 0, "block size " + r.threads() + " is outside 1.."
                    + arch.maxThreadsPerBlock(), "set the threads per block of the launch"));
            return new Outcome(null, diags, null);
        }
        for (String prob : Cfg.build(p).problems()) {
            diags.add(Diagnostic.warning(r.fileName(), lineOf(prob), prob, "the analyses approximate this"));
        }
        if (p.constants().keySet().stream().anyMatch(k -> k.startsWith("dynamic"))) {
            diags.add(Diagnostic.warning(r.fileName(), 0, "kernel may use dynamic shared memory: the spill area"
                    + " starts after the static size", "pass the user's dynamic size in --smem (digest P3)"));
        }
        int smem = r.smem() != null ? r.smem() : p.sharedSize();
        VariantGenerator.Settings s = new VariantGenerator.Settings(arch, r.threads(), smem, r.model(), r.mode(),
                r.targetOccupancy(), r.demote(), r.exclude());
        VariantGenerator.Report rep = VariantGenerator.run(p, local, s, monitor);
        return new Outcome(rep, diags, s);
    }

    private static int lineOf(String problem) {
        if (problem.startsWith("line ")) {
            try {
                return Integer.parseInt(problem.substring(5, problem.indexOf(':')));
            } catch (RuntimeException e) {
                return 0;
            }
        }
        return 0;
    }

    /** The variant table as rows for JSON. */
    public static List<Map<String, Object>> rows(VariantGenerator.Report rep) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (Variant v : rep.variants()) {
            l.add(Json.object("variant", v.name(), "demoted", v.demote(), "registers", v.registers(),
                    "occupancy", v.occupancy(), "sharedMemory", v.sharedBytes(),
                    "dynamicSharedMemory", v.dynamicSharedBytes(), "stall", v.stall(), "adjusted", v.adjusted(),
                    "instructions", v.instCount(), "fp64", v.dpCount(), "chosen", v.chosen()));
        }
        return l;
    }
}
