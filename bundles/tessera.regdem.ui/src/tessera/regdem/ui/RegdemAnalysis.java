package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.regdem.RegdemRunner;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.analysis.Liveness;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.sass.SassProgram;

/**
 * What the RegDem views show for one kernel: the engine's variant report (the same call as the builder pass and the
 * CLI: {@link RegdemRunner}), and per variant its CFG, liveness and predicted block stalls. Plain Java (no SWT), so
 * the views only draw. Results are cached by file text and launch settings: the Diagram view and the RegDem view
 * share one computation.
 */
public final class RegdemAnalysis {

    /** One variant with the analyses of its program. */
    public record Detail(Variant variant, SassProgram program, Cfg cfg, Liveness liveness,
            StallPredictor.Prediction prediction) {
    }

    private static final int CACHE_SIZE = 8;
    private static final Map<String, RegdemAnalysis> CACHE = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, RegdemAnalysis> e) {
                    return size() > CACHE_SIZE;
                }
            });

    private final String fileName;
    private final LaunchSettings launch;
    private final List<Diagnostic> diagnostics;
    private final VariantGenerator.Report report;
    private final VariantGenerator.Settings settings;
    private final Map<Variant, Detail> details = Collections.synchronizedMap(new java.util.IdentityHashMap<>());

    private RegdemAnalysis(String fileName, LaunchSettings launch, List<Diagnostic> diagnostics,
            VariantGenerator.Report report, VariantGenerator.Settings settings) {
        this.fileName = fileName;
        this.launch = launch;
        this.diagnostics = List.copyOf(diagnostics);
        this.report = report;
        this.settings = settings;
    }

    /** Runs (or takes from the cache) the engine on a kernel with the builder pass's defaults. */
    public static RegdemAnalysis of(String fileName, String text, LaunchSettings launch, Monitor monitor) {
        String key = fileName + '\u0000' + launch + '\u0000' + text.hashCode() + '\u0000' + text.length();
        RegdemAnalysis cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        RegdemAnalysis a = compute(fileName, text, launch, monitor);
        CACHE.put(key, a);
        return a;
    }

    private static RegdemAnalysis compute(String fileName, String text, LaunchSettings launch, Monitor monitor) {
        if (!launch.known()) {
            return new RegdemAnalysis(fileName, launch,
                    List.of(Diagnostic.error(fileName, 0, launch.source(), "see docs/regdem.md, CLI and builder")),
                    null, null);
        }
        // a listing of several kernels: the view shows the first (the builder analyses each, the CLI takes --kernel)
        var functions = tessera.regdem.sass.SassParser.parse(fileName, text).functions();
        String kernel = functions.size() > 1 ? functions.get(0).name() : null;
        RegdemRunner.Outcome out = RegdemRunner.run(new RegdemRunner.Request(fileName, text, null, launch.threads(),
                launch.smem(), launch.arch(), VariantGenerator.OccupancyModel.ARCH, StallPredictor.Mode.CODE, 0,
                List.of(), Set.of(), kernel), monitor);
        List<Diagnostic> diags = new java.util.ArrayList<>(out.diagnostics());
        if (kernel != null) {
            diags.add(Diagnostic.warning(fileName, functions.get(0).line(), "the listing holds " + functions.size()
                    + " kernels; the RegDem view shows the first, " + kernel, "the builder pass analyses every kernel;"
                            + " the CLI takes --kernel NAME"));
        }
        return new RegdemAnalysis(fileName, launch, diags, out.report(), out.settings());
    }

    public String fileName() {
        return fileName;
    }

    public LaunchSettings launch() {
        return launch;
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** False when the kernel has errors or no launch configuration (then only {@link #diagnostics()} is set). */
    public boolean ok() {
        return report != null;
    }

    public VariantGenerator.Report report() {
        return report;
    }

    public VariantGenerator.Settings settings() {
        return settings;
    }

    public ArchSpec arch() {
        return settings.arch();
    }

    public int threads() {
        return settings.threads();
    }

    public int staticSmem() {
        return settings.staticSmem();
    }

    /** The kernel's own shared memory per block (static + dynamic), before any spill slots. */
    public int kernelSmem() {
        return settings.kernelSmem();
    }

    /** s of Eq. (1): where the spill slots start (after sm_90's reserved 1 KB, the static and dynamic bytes). */
    public int spillBase() {
        return tessera.regdem.demote.SharedLayout.spillBase(settings.arch(), settings.staticSmem(),
                settings.dynamicSmem());
    }

    /** The original variant (the kernel after cuobjdump → maxas conversion). */
    public Variant original() {
        return report.variants().get(0);
    }

    public Variant chosen() {
        return report.chosen();
    }

    /** Registers the original kernel allocates (the cubin's count when the listing came with one). */
    public int registers() {
        return original().registers();
    }

    /**
     * The variant the views show first: the chosen one when it demotes, else the demoting variant with the lowest
     * adjusted score (so a researcher sees what demotion would do even when the original wins), else the original.
     */
    public Variant shownByDefault() {
        if (chosen().demote() > 0) {
            return chosen();
        }
        Variant best = null;
        for (Variant v : report.variants()) {
            if (v.demote() > 0 && (best == null || v.adjusted() < best.adjusted())) {
                best = v;
            }
        }
        return best != null ? best : chosen();
    }

    public Variant variant(String name) {
        for (Variant v : report.variants()) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        return null;
    }

    /** CFG, liveness and predicted stalls of a variant's program (at the variant's occupancy). */
    public Detail detail(Variant v) {
        Detail d = details.get(v);
        if (d == null) {
            Cfg cfg = Cfg.build(v.program());
            d = new Detail(v, v.program(), cfg, Liveness.compute(cfg),
                    StallPredictor.predict(v.program(), v.occupancy(), arch(), StallPredictor.Mode.CODE));
            details.put(v, d);
        }
        return d;
    }

    /** Short text for status lines: kernel, launch, chosen variant. */
    public String summary() {
        if (!ok()) {
            List<String> msgs = new ArrayList<>();
            for (Diagnostic d : diagnostics) {
                if (d.isError()) {
                    msgs.add((d.line() > 0 ? "line " + d.line() + ": " : "") + d.message());
                }
            }
            return fileName + ": " + String.join("; ", msgs);
        }
        Variant c = chosen();
        return String.format(java.util.Locale.ROOT,
                "%s — %s, %d threads/block (%s), %d registers, occupancy %.3f → chosen %s: %d registers, occupancy %.3f%s",
                fileName, arch().name(), threads(), launch.source(), registers(), original().occupancy(), c.name(),
                c.registers(), c.occupancy(), c.dynamicSharedBytes() > 0 ? ", +" + c.dynamicSharedBytes() + " B shared" : "");
    }
}
