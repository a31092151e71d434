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
import tessera.regdem.sass.CuobjdumpFunctions;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassFunction;
import tessera.regdem.sass.SassParser;
import tessera.regdem.cubin.ListingEstimate;
import tessera.regdem.cubin.ResourceUsage;
import tessera.regdem.sass.SassProgram;

/** Shared front end of the CLI command and the builder pass: parse, check launch settings, generate variants. */
public final class RegdemRunner {
    private RegdemRunner() {
    }

    /**
     * One analysis. {@code kernel}: which kernel of a listing with several {@code Function :} sections (its mangled
     * name as cuobjdump prints it, or its C++ name when that is unambiguous, see {@link CuobjdumpFunctions#select});
     * null = the only kernel (a listing of several kernels is then an error that lists them).
     */
    public record Request(String fileName, String text, String localText, int threads, Integer smem, String arch,
            VariantGenerator.OccupancyModel model, StallPredictor.Mode mode, double targetOccupancy,
            List<Integer> demote, Set<Integer> exclude, String kernel, List<ResourceUsage> resources) {

        public Request(String fileName, String text, String localText, int threads, Integer smem, String arch,
                VariantGenerator.OccupancyModel model, StallPredictor.Mode mode, double targetOccupancy,
                List<Integer> demote, Set<Integer> exclude, String kernel) {
            this(fileName, text, localText, threads, smem, arch, model, mode, targetOccupancy, demote, exclude, kernel,
                    null);
        }

        /** A request for the only kernel of the listing. */
        public Request(String fileName, String text, String localText, int threads, Integer smem, String arch,
                VariantGenerator.OccupancyModel model, StallPredictor.Mode mode, double targetOccupancy,
                List<Integer> demote, Set<Integer> exclude) {
            this(fileName, text, localText, threads, smem, arch, model, mode, targetOccupancy, demote, exclude, null);
        }

        public Request withKernel(String k) {
            return new Request(fileName, text, localText, threads, smem, arch, model, mode, targetOccupancy, demote,
                    exclude, k, resources);
        }

        /** The kernels' resource usage (from the cubin, a ptxas -v log or cuobjdump -res-usage); null = unknown. */
        public Request withResources(List<ResourceUsage> r) {
            return new Request(fileName, text, localText, threads, smem, arch, model, mode, targetOccupancy, demote,
                    exclude, kernel, r);
        }
    }

    /** {@code kernel}: the analysed kernel's name as the listing prints it (empty when unnamed or not reached). */
    public record Outcome(VariantGenerator.Report report, List<Diagnostic> diagnostics, VariantGenerator.Settings settings,
            String kernel) {

        public Outcome(VariantGenerator.Report report, List<Diagnostic> diagnostics,
                VariantGenerator.Settings settings) {
            this(report, diagnostics, settings, "");
        }
    }

    /**
     * The most threads per block any architecture allows ({@value}, CUDA "Technical Specifications per Compute
     * Capability"); {@link #parseBlock} answers -1 for a larger block, so no product can overflow.
     */
    public static final int MAX_BLOCK_THREADS = 1024;

    /** "192" → 192, "16x12" → 192; -1 for anything else, a dimension below 1 or more than {@link #MAX_BLOCK_THREADS} threads. */
    public static int parseBlock(String s) {
        try {
            String[] p = s.trim().toLowerCase(java.util.Locale.ROOT).split("x", -1);
            long n = 1;
            for (String x : p) {
                int d = Integer.parseInt(x.trim());
                if (d < 1 || d > MAX_BLOCK_THREADS) {
                    return -1;
                }
                n *= d;
            }
            return p.length <= 3 && n > 0 && n <= MAX_BLOCK_THREADS ? (int) n : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Parses the listing, chooses the requested kernel ({@link Request#kernel()}) and analyses it. */
    public static Outcome run(Request r, Monitor monitor) {
        List<Diagnostic> diags = new ArrayList<>();
        SassDocument doc = SassParser.parse(r.fileName(), r.text());
        doc.diagnostics().forEach(diags::add);
        if (doc.diagnostics().hasErrors()) {
            return new Outcome(null, diags, null);
        }
        CuobjdumpFunctions.Selection sel = CuobjdumpFunctions.select(doc.functions(), r.kernel(), r.arch());
        if (!sel.ok()) {
            diags.add(Diagnostic.error(r.fileName(), 0, sel.message(), sel.hint()));
            return new Outcome(null, diags, null);
        }
        Outcome o = analyse(r, sel.function(), monitor);
        diags.addAll(o.diagnostics());
        return new Outcome(o.report(), diags, o.settings(), o.kernel());
    }

    /**
     * Analyses one kernel of a parsed, error-free listing (the builder pass calls this for every kernel). The
     * diagnostics are this kernel's only; their lines are the listing's source lines.
     */
    public static Outcome analyse(Request r, SassFunction f, Monitor monitor) {
        List<Diagnostic> diags = new ArrayList<>();
        SassProgram p = CuobjdumpImport.toMaxas(f);
        SassProgram local = null;
        if (r.localText() != null) {
            SassDocument ld = SassParser.parse("local", r.localText());
            ld.diagnostics().forEach(diags::add);
            if (ld.diagnostics().hasErrors()) {
                return new Outcome(null, diags, null, f.name());
            }
            CuobjdumpFunctions.Selection ls = CuobjdumpFunctions.select(ld.functions(),
                    f.name().isEmpty() ? null : f.name(), f.arch().isEmpty() ? r.arch() : f.arch());
            if (!ls.ok() && ld.functions().size() == 1) {
                ls = new CuobjdumpFunctions.Selection(ld.functions().get(0), null, null); // a renamed local build
            }
            if (!ls.ok()) {
                diags.add(Diagnostic.error("local", 0, "--local: " + ls.message(),
                        "the local build must hold the same kernel"));
                return new Outcome(null, diags, null, f.name());
            }
            local = CuobjdumpImport.toMaxas(ls.function());
        }
        String archName = r.arch() != null ? r.arch() : p.arch().orElse("sm_52");
        ArchSpec arch = ArchSpec.find(archName).orElse(null);
        if (arch == null) {
            diags.add(Diagnostic.error(r.fileName(), 0, "unknown architecture '" + archName + "'",
                    "use one of " + String.join(", ", ArchSpec.names())));
            return new Outcome(null, diags, null, f.name());
        }
        if (r.threads() <= 0 || r.threads() > arch.maxThreadsPerBlock()) {
            diags.add(Diagnostic.error(r.fileName(), 0, "block size " + r.threads() + " is outside 1.."
                    + arch.maxThreadsPerBlock(), "set the threads per block of the launch"));
            return new Outcome(null, diags, null, f.name());
        }
        String launch = launchProblem(r, arch);
        if (launch != null) {
            diags.add(Diagnostic.error(r.fileName(), 0, launch, "see tessera help regdem for the valid ranges"));
            return new Outcome(null, diags, null, f.name());
        }
        // CFG problems of the function as listed, so that their lines are the file's lines
        for (String prob : Cfg.build(f.program()).problems()) {
            int line = lineOf(prob);
            int source = f.sourceLine(line - 1);
            String msg = source > 0 && line > 0 ? prob.replaceFirst("^line \\d+: ", "") : prob;
            diags.add(Diagnostic.warning(r.fileName(), source > 0 ? source : line, msg, "the analyses approximate this"));
        }
        if (r.smem() == null && p.constants().keySet().stream().anyMatch(k -> k.startsWith("dynamic"))) {
            diags.add(Diagnostic.warning(r.fileName(), 0, "kernel may use dynamic shared memory: the spill area"
                    + " starts after the static size only", "pass the launch's dynamic size in --smem (digest P3)"));
        }
        p = withResources(r, f, p, arch, diags);
        int dynamic = r.smem() != null ? r.smem() : 0;
        VariantGenerator.Settings s = new VariantGenerator.Settings(arch, r.threads(), p.sharedSize(), r.model(),
                r.mode(), r.targetOccupancy(), r.demote(), r.exclude(), dynamic);
        VariantGenerator.Report rep = VariantGenerator.run(p, local, s, monitor);
        return new Outcome(rep, diags, s, f.name());
    }

    /**
     * Puts the kernel's true register count and static shared memory into the {@code # RegCnt}/{@code # SharedSize}
     * headers: from the request's resources (cubin, ptxas log, res-usage) when they name the kernel, else for a
     * cuobjdump listing the register estimate of {@link ListingEstimate} and a warning that the static shared size is
     * unknown (a maxas listing keeps its own headers).
     */
    private static SassProgram withResources(Request r, SassFunction f, SassProgram p, ArchSpec arch,
            List<Diagnostic> diags) {
        ResourceUsage u = r.resources() == null ? null
                : r.resources().stream().filter(x -> x.name().equals(f.name())).findFirst().orElse(null);
        if (u != null) {
            return p.withHeader("RegCnt", String.valueOf(u.registers()))
                    .withHeader("SharedSize", String.valueOf(u.staticSharedBytes()));
        }
        if (f.program().dialect() == SassProgram.Dialect.MAXAS) {
            return p;
        }
        if (r.resources() != null) {
            diags.add(Diagnostic.warning(r.fileName(), 0, "the resource information names no kernel " + f.name(),
                    "give the cubin or ptxas -v log of this listing"));
        }
        diags.add(Diagnostic.warning(r.fileName(), f.line(), "static shared memory of " + f.name() + " unknown (a "
                + "cuobjdump listing does not state it); registers estimated as the highest register + "
                + (1 + ListingEstimate.reservedRegisters(arch)), "give the cubin (--cubin FILE.cubin, or FILE.cubin "
                        + "beside the listing), its ptxas -v log or cuobjdump -res-usage output"));
        return p.withHeader("RegCnt", String.valueOf(ListingEstimate.registers(p, arch)));
    }

    /**
     * The launch values checked against the CUDA limits of {@code arch} before they size anything (issue 22): dynamic
     * shared memory within 0..{@link ArchSpec#maxSmemPerBlock()}, demotion counts within
     * 1..{@link ArchSpec#maxRegsPerThread()}, a target occupancy in (0, 1] (0 = none); null when all are valid.
     */
    static String launchProblem(Request r, ArchSpec arch) {
        if (r.smem() != null && (r.smem() < 0 || r.smem() > arch.maxSmemPerBlock())) {
            return "dynamic shared memory " + r.smem() + " B is outside 0.." + arch.maxSmemPerBlock() + " B on " + arch.name();
        }
        for (int k : r.demote()) {
            if (k < 1 || k > arch.maxRegsPerThread()) {
                return "cannot demote " + k + " registers: the count must be within 1.." + arch.maxRegsPerThread();
            }
        }
        if (!(r.targetOccupancy() >= 0 && r.targetOccupancy() <= 1)) {
            return "target occupancy " + r.targetOccupancy() + " is outside (0, 1]";
        }
        return null;
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
