package tessera.regdem.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.SourceText;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.regdem.RegdemRunner;
import tessera.regdem.cubin.CubinReader;
import tessera.regdem.cubin.ResourceException;
import tessera.regdem.cubin.ResourceReports;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.core.cli.Json;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassFunction;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;

/**
 * {@code tessera regdem FILE.sass --block 192 [--kernel NAME] [--smem BYTES] [--arch sm_52] [--target-occupancy X]
 * [--out FILE]}: generates the RegDem variants of one kernel, prints the variant table and writes the chosen SASS;
 * {@code --list-kernels} lists the kernels of a listing.
 */
public final class RegdemCommand implements CliCommand {
    @Override
    public String name() {
        return "regdem";
    }

    @Override
    public String summary() {
        return "register demotion to shared memory (RegDem): variants, predicted stalls, chosen SASS";
    }

    @Override
    public String usage() {
        return """
                usage: tessera regdem FILE.sass --block THREADS [options] [--json]
                       tessera regdem FILE.sass --list-kernels
                  --block N | NxM        threads per block (required; a binary does not contain it): 1 to the
                                         architecture's maximum (1024)
                  --kernel NAME          the kernel of a cuobjdump listing with several 'Function :' sections:
                                         its name as listed (mangled, e.g. _Z5scaleifPf) or, when only one kernel
                                         has it, its C++ name without parameters (scale, ns::scale); required
                                         when the listing holds several kernels
                  --list-kernels         print the kernels of the listing (name, C++ name, arch, instructions)
                  --smem BYTES           dynamic shared memory of the launch, on top of the kernel's static size
                                         (the spill slots follow both; default 0): 0 to the architecture's
                                         opt-in maximum per block (48 KiB on sm_52 ... 227 KiB on sm_90)
                  --cubin FILE           the kernel's cubin (default: FILE.cubin beside the listing, when there),
                                         or its ptxas -v log or cuobjdump -res-usage output: true register count
                                         and static shared memory (else registers are estimated, static size 0)
                  --patch-cubin OUT      write the local->shared variant into a copy of the cubin (Volta+, a
                                         kernel whose stack pointer serves only 32-bit spills; see docs/regdem.md)
                  --arch sm_XX           architecture for occupancy and throughputs (default: the # Arch header, else sm_52)
                  --target-occupancy X   only the first occupancy step reaching X (0 < X <= 1)
                  --demote K             demote exactly K registers (repeatable; 1..255) instead of the automatic steps
                  --exclude R12          never demote this register (repeatable)
                  --local FILE.sass      nvcc --maxrregcount build: adds the 'local' and 'local_shared' variants
                  --occupancy-model arch|paper   NVIDIA calculator (default) or the paper tool's formula
                  --predictor code|paper         stall scaling of the paper's tool (default) or Eq. (2) for all
                  --time-limit S         seconds for the whole analysis (default 600, at most 1000000)
                  --out FILE             where to write the chosen SASS (default FILE.regdem.sass;
                                         with --kernel: FILE.NAME.regdem.sass, NAME as listed)
                examples:
                  tessera regdem examples/regdem/pressure_loop.sass --block 256 --out pressure_loop.regdem.sass
                  tessera regdem examples/regdem/dot64.sass --list-kernels
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("list-kernels");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("block", "smem", "arch", "target-occupancy", "out", "demote", "exclude", "local",
                "occupancy-model", "predictor", "kernel", "cubin", "patch-cubin", "time-limit");
    }

    /** Default {@code --time-limit} in seconds: reading, analysing and generating every variant together. */
    public static final double TIME_LIMIT_S = 600;


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "sass", Set.of("out", "patch-cubin", "cubin", "local"));
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the SASS file");
        tessera.core.Deadline deadline = tessera.core.Deadline.after(a.timeLimit(TIME_LIMIT_S));
        if (a.flag("list-kernels")) {
            return listKernels(ctx, file);
        }
        RegdemRunner.Request req = request(a, ctx, file);
        deadline.check("regdem");
        RegdemRunner.Outcome out = RegdemRunner.run(req, ctx.monitor().withDeadline(deadline, "regdem"));
        for (Diagnostic d : out.diagnostics()) {
            ctx.report(d);
        }
        if (out.report() == null) {
            if (ctx.json()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("file", file);
                m.put("diagnostics", out.diagnostics().stream().map(Diagnostic::format).toList());
                ctx.json(m);
            }
            return FAILED;
        }
        String base = file.replaceAll("\\.sass$", "");
        if (req.kernel() != null && !out.kernel().isEmpty()) {
            base += "." + out.kernel(); // one output per chosen kernel of a multi-kernel listing
        }
        if (a.option("patch-cubin").isPresent()) {
            return CubinPatchCommand.run(ctx, req, out, cubinPath(a, ctx, file), a.option("patch-cubin").get());
        }
        Variant chosen = out.report().chosen();
        Path target = ctx.writeOutput("out", a.option("out").orElse(base + ".regdem.sass"),
                SassPrinter.print(chosen.program()).getBytes(StandardCharsets.UTF_8));
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
            m.put("kernel", out.kernel());
            m.put("arch", out.settings().arch().name());
            m.put("block", out.settings().threads());
            m.put("variants", RegdemRunner.rows(out.report()));
            m.put("chosen", chosen.name());
            m.put("dynamicSharedMemory", chosen.dynamicSharedBytes());
            m.put("out", target.toString());
            m.put("notes", out.report().notes());
            ctx.json(m);
        } else {
            ctx.println(VariantGenerator.table(out.report()));
            for (String n : out.report().notes()) {
                ctx.println("note: " + n);
            }
            ctx.println("chosen: " + chosen.name() + " (" + chosen.registers() + " registers, occupancy "
                    + String.format(java.util.Locale.ROOT, "%.4f", chosen.occupancy()) + ")");
            if (chosen.dynamicSharedBytes() > 0) {
                ctx.println("launch with " + chosen.dynamicSharedBytes()
                        + " B of dynamic shared memory: kernel<<<grid, block, " + chosen.dynamicSharedBytes() + ">>>");
            }
            ctx.println("wrote " + target);
        }
        return OK;
    }

    /** {@code --list-kernels}: one line per kernel (name, C++ name, architecture, instruction count). */
    private static int listKernels(CliContext ctx, String file) throws Exception {
        String text = ctx.readSource(file);
        SassDocument doc = SassParser.parse(file, text);
        for (Diagnostic d : doc.diagnostics()) {
            ctx.report(d);
        }
        if (doc.diagnostics().hasErrors()) {
            return FAILED;
        }
        List<SassFunction> fs = doc.functions();
        if (ctx.json()) {
            List<Map<String, Object>> ks = new ArrayList<>();
            for (SassFunction f : fs) {
                ks.add(Json.object("name", f.name(), "cxxName", f.qualifiedName(), "arch", f.arch(),
                        "instructions", f.program().instructions().size(), "line", f.line()));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
            m.put("kernels", ks);
            ctx.json(m);
        } else {
            for (SassFunction f : fs) {
                ctx.println(String.format(java.util.Locale.ROOT, "%s\t%s\t%s\t%d instructions", f.displayName(),
                        f.qualifiedName(), f.arch().isEmpty() ? "-" : f.arch(), f.program().instructions().size()));
            }
        }
        return OK;
    }

    private static RegdemRunner.Request request(Args a, CliContext ctx, String file) throws Exception {
        ArchSpec arch = a.option("arch").map(OccupancyCommand::arch).orElse(null);
        String block = a.required("block", "missing --block THREADS");
        int maxThreads = arch == null ? RegdemRunner.MAX_BLOCK_THREADS : arch.maxThreadsPerBlock();
        int threads = RegdemRunner.parseBlock(block);
        if (threads <= 0 || threads > maxThreads) {
            throw new UsageException("--block expects N, NxM or NxMxK threads, 1 to " + maxThreads + " in all"
                    + (arch == null ? "" : " on " + arch.name()) + ", got '" + block + "'");
        }
        List<Integer> ks = new ArrayList<>();
        int maxRegs = ArchSpec.ALL.stream().mapToInt(ArchSpec::maxRegsPerThread).max().orElseThrow();
        for (String k : a.options("demote")) {
            ks.add(Args.parse(List.of("--demote", k), Set.of(), Set.of("demote")).intOption("demote", 0, 1, maxRegs));
        }
        Set<Integer> exclude = new LinkedHashSet<>();
        for (String r : a.options("exclude")) {
            String t = r.trim().toUpperCase(java.util.Locale.ROOT);
            if (!t.matches("R\\d{1,3}")) {
                throw new UsageException("--exclude expects a register like R12, got '" + r + "'");
            }
            exclude.add(Integer.parseInt(t.substring(1)));
        }
        VariantGenerator.OccupancyModel model = switch (a.option("occupancy-model").orElse("arch")) {
            case "arch" -> VariantGenerator.OccupancyModel.ARCH;
            case "paper" -> VariantGenerator.OccupancyModel.PAPER;
            default -> throw new UsageException("--occupancy-model expects arch or paper");
        };
        StallPredictor.Mode mode = switch (a.option("predictor").orElse("code")) {
            case "code" -> StallPredictor.Mode.CODE;
            case "paper" -> StallPredictor.Mode.PAPER;
            default -> throw new UsageException("--predictor expects code or paper");
        };
        double target = a.doubleOption("target-occupancy", 0);
        if (a.option("target-occupancy").isPresent() && !(target > 0 && target <= 1)) {
            throw new UsageException("--target-occupancy must be more than 0 and at most 1, got "
                    + a.option("target-occupancy").get());
        }
        int maxSmem = arch != null ? arch.maxSmemPerBlock()
                : ArchSpec.ALL.stream().mapToInt(ArchSpec::maxSmemPerBlock).max().orElseThrow();
        Integer smem = a.option("smem").isPresent() ? a.intOption("smem", 0, 0, maxSmem) : null;
        String text = ctx.readSource(file);
        String localText = a.option("local").isPresent() ? ctx.readSource(a.option("local").get()) : null;
        RegdemRunner.Request r = new RegdemRunner.Request(file, text, localText, threads, smem,
                a.option("arch").orElse(null), model, mode, target, ks, exclude, a.option("kernel").orElse(null));
        Path cubin = cubinPath(a, ctx, file);
        if (cubin == null) {
            return r;
        }
        byte[] bytes = Files.readAllBytes(cubin);
        try {
            return r.withResources(CubinReader.isCubin(bytes)
                    ? CubinReader.read(cubin.toString(), bytes).usages()
                    : ResourceReports.parse(cubin.toString(), SourceText.decode(cubin.toString(), bytes),
                            a.option("arch").orElse(null)));
        } catch (ResourceException e) {
            throw new tessera.core.DiagnosticException(e.toDiagnostic());
        }
    }

    /** {@code --cubin FILE}, else {@code FILE.cubin} beside the listing when it exists, else null. */
    static Path cubinPath(Args a, CliContext ctx, String file) throws UsageException {
        if (a.option("cubin").isPresent()) {
            Path c = ctx.resolve(a.option("cubin").get());
            if (!Files.isRegularFile(c)) {
                throw new UsageException("--cubin: no file " + c);
            }
            return c;
        }
        Path sibling = ctx.resolve(file.replaceAll("\\.sass$", "") + ".cubin");
        return Files.isRegularFile(sibling) ? sibling : null;
    }
}
