package tessera.tcpa.pipeline.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.rdg.interp.ParameterLimits;
import tessera.tcpa.instantiate.InstantiationException;
import tessera.tcpa.cli.Bounded;
import tessera.tcpa.cli.Reports;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * {@code tessera instantiate SYMCONF --arch ARCH.tcpa --param N=16 --pes 1x3}: seed 003 §6, symbolic configuration
 * (compact text or .xmi from {@code compile --out}, or a .pla compiled on the fly) → concrete configuration.
 */
public final class InstantiateCommand implements CliCommand {
    /** The default {@code --time-limit} in seconds (issue 22: finite, printed in --help). */
    public static final double DEFAULT_TIME_LIMIT_S = 60;

    @Override
    public String name() {
        return "instantiate";
    }

    @Override
    public String summary() {
        return "instantiate a TCPA symbolic configuration for loop bounds and a PE region (processor classes, programs, GC, I/O)";
    }

    @Override
    public String usage() {
        return """
                usage: tessera instantiate SYMCONF --arch ARCH.tcpa --param N=16,M=4 --pes 1x3 [--distribute i,j]
                                           [--check] [--out FILE.xmi] [--time-limit S] [--json]
                  SYMCONF          the symbolic configuration of `tessera compile --out` (compact text or .xmi), or a .pla
                                   (compiled onto --arch first)
                  --distribute L   for a .pla: the loop indices mapped to the PE grid (default: the first two),
                                   e.g. i,j for examples/pla/matmul.pla
                  --param N=V,...  the loop bounds (--param N=8,M=4 is --param N=8 --param M=4)
                  --pes RxC        the PE region (rows x columns), e.g. 1x3 or 4x4
                  --check          simulate on random inputs and compare with the PLA interpreter (exit 1 on a difference)
                  --out FILE.xmi   write the concrete configuration (input of `tessera simulate`)
                  --time-limit S   seconds for the whole command, compiling and --check included
                                   (default %d, at most %d)
                loop bounds are at most %d in absolute value; the PE region must lie within the architecture's array
                examples:
                  tessera instantiate examples/pla/bitext.pla --arch examples/tcpa/bitext-pe.tcpa --param N=8 --pes 1x8 --check
                  tessera instantiate examples/pla/bitext.pla --arch examples/tcpa/bitext-pe.tcpa --param N=16 --pes 1x4 --out bitext.xmi
                """.formatted((int) DEFAULT_TIME_LIMIT_S, (int) Args.MAX_TIME_LIMIT_S, ParameterLimits.MAX_PARAMETER);
    }

    @Override
    public Set<String> flags() {
        return Set.of("check");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("arch", "param", "pes", "out", "distribute", "time-limit");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "pla", Set.of("out"));
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the symbolic configuration");
        String archFile = a.required("arch", "instantiate needs --arch ARCH.tcpa (I/O ports and control signals)");
        int[] region = region(a.required("pes", "instantiate needs --pes ROWSxCOLS, e.g. --pes 1x3"));
        Map<String, Long> bounds = ParameterLimits.check("param", a.integers("param", "NAME=VALUE"));
        Deadline deadline = Deadline.after(a.timeLimit(DEFAULT_TIME_LIMIT_S)); // from here: reading, compiling, instantiating, checking
        a.option("out").ifPresent(o -> {
            if (Files.isDirectory(ctx.resolve(o))) {
                throw new UsageException("--out " + o + ": is a folder; name a file to write");
            }
        });
        Reports reports = new Reports(ctx);
        Architecture arch = ArchitectureLoader.loadOrReport(ctx.resolve(archFile), archFile, reports);
        if (arch == null) {
            return reports.fail(file);
        }
        try {
            Instantiator.checkRegion(arch, region[0], region[1]);
        } catch (InstantiationException e) {
            throw new UsageException(e.getMessage() + "; " + e.hint());
        }
        try {
            int rc = Bounded.call("instantiate " + file, deadline, ctx.monitor(),
                    m -> instantiate(ctx, reports, a, file, arch, region, bounds, deadline, m));
            return rc == FAILED && !reports.printed() ? reports.fail(file) : rc;
        } catch (tessera.core.TimeLimitException e) {
            reports.accept(Diagnostic.error(file, 0, e.getMessage(), "raise --time-limit or use smaller --param values"));
            return reports.fail(file);
        }
    }

    private int instantiate(CliContext ctx, Reports reports, Args a, String file, Architecture arch, int[] region, Map<String, Long> bounds,
            Deadline deadline, Monitor monitor) throws Exception {
        Path path = ctx.resolve(file);
        if (!Files.isRegularFile(path)) {
            reports.accept(Diagnostic.error(file, 0, "cannot read " + path, "check the path"));
            return FAILED;
        }
        SymbolicConfiguration sym;
        TcpaPipeline.Compiled compiled = null;
        try {
            if (file.endsWith(".pla")) {
                List<String> distribute = a.option("distribute").map(d -> List.of(d.split("\\s*,\\s*"))).orElse(List.of());
                MappingState.Options opts = new MappingState.Options(distribute, Map.<String, Long>of(), deadline);
                compiled = TcpaPipeline.compile(file, ctx.readSource(file), arch, opts, monitor);
                compiled.diagnostics().forEach(reports);
                if (!compiled.ok()) {
                    return FAILED;
                }
                sym = compiled.mapping().config();
            } else if (file.endsWith(".xmi")) {
                // read as source text first: invalid UTF-8 is a diagnostic at its line and column (issue 22)
                sym = SymconfIO.fromXmi(ctx.readSource(file).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } else {
                sym = SymconfText.read(ctx.readSource(file));
            }
        } catch (DiagnosticException e) {
            reports.accept(e.diagnostic());
            return FAILED;
        } catch (RuntimeException e) {
            if (e instanceof tessera.core.TimeLimitException || e instanceof tessera.core.CancelledException) {
                throw e;
            }
            reports.accept(unreadable(file, e));
            return FAILED;
        }
        Instantiator.Result r = TcpaPipeline.instantiate(sym, arch, new Instantiator.Parameters(bounds, region[0], region[1]), file, monitor);
        r.diagnostics().forEach(reports);
        if (!r.ok()) {
            return FAILED;
        }
        ConcreteConfiguration c = r.config();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("file", file);
        json.put("name", c.getName());
        json.put("processorClasses", c.getProcessorClasses().size());
        json.put("controlSignals", c.getControlSignals().size());
        json.put("banks", c.getBanks().size());
        json.put("concreteSize", ConcreteIO.compactSize(c));
        json.put("symbolicSize", SymconfText.bytes(sym).length);
        int rc = OK;
        if (a.flag("check")) {
            var rdg = compiled != null ? compiled.pla().rdg() : checkedRdg(ctx, reports, file, sym);
            if (rdg == null) {
                return FAILED;
            }
            Equivalence.Outcome o = TcpaPipeline.check(rdg, c, bounds);
            json.put("cycles", o.cycles());
            json.put("equal", o.equal());
            if (!o.equal()) {
                reports.accept(Diagnostic.error(file, 1, "simulated outputs differ from the PLA interpreter: " + o.mismatch(),
                        "report this configuration; the instantiation or the symbolic mapping is wrong"));
                rc = FAILED;
            }
        }
        if (a.option("out").isPresent()) {
            Path out = ctx.resolve(a.option("out").get());
            Path dir = out.toAbsolutePath().getParent();
            c.setPlaSource(dir.relativize(ctx.resolve(sym.getSource()).toAbsolutePath()).toString());
            ctx.writeOutput("out", a.option("out").get(), ConcreteIO.toBytes(c));
            json.put("out", out.toString());
        }
        if (ctx.json()) {
            reports.printed(true);
            ctx.json(json);
        } else {
            ctx.println(ConcreteIO.listing(c));
            ctx.println("size: concrete " + json.get("concreteSize") + " B, symbolic " + json.get("symbolicSize") + " B");
            if (json.containsKey("equal")) {
                ctx.println("check: " + ((Boolean) json.get("equal") ? "outputs equal the PLA interpreter's" : "MISMATCH") + " (" + json.get("cycles") + " cycles)");
            }
            if (json.containsKey("out")) {
                ctx.println("wrote " + json.get("out"));
            }
        }
        return rc;
    }

    /** The RDG of the PLA a symbolic configuration names (for --check), or null after reporting why not. */
    private static tessera.rdg.Rdg checkedRdg(CliContext ctx, Reports reports, String file, SymbolicConfiguration sym) throws java.io.IOException {
        if (sym.getSource() == null || sym.getSource().isBlank()) {
            reports.accept(Diagnostic.error(file, 1, "the symbolic configuration names no PLA source to check against",
                    "instantiate the .pla itself with --check"));
            return null;
        }
        try {
            PlaCompiler.Compiled pc = PlaCompiler.compile(sym.getSource(), ctx.readSource(sym.getSource()));
            pc.diagnostics().forEach(reports);
            return pc.ok() ? pc.rdg() : null;
        } catch (DiagnosticException e) {
            reports.accept(e.diagnostic());
            return null;
        }
    }

    /** "not a symbolic configuration" at the line (and column) the reader names: XML parser, EMF or the compact form. */
    static Diagnostic unreadable(String file, Throwable e) {
        int line = 1;
        int column = 0;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            // the XML parser's exception (its toString names the position; no import of org.xml.sax needed)
            java.util.regex.Matcher sax = java.util.regex.Pattern.compile("lineNumber: (\\d{1,9}); columnNumber: (\\d{1,9})")
                    .matcher(String.valueOf(t));
            if (sax.find()) {
                line = Integer.parseInt(sax.group(1));
                column = Integer.parseInt(sax.group(2));
                break;
            }
            if (t instanceof org.eclipse.emf.ecore.resource.Resource.Diagnostic x && x.getLine() > 0) {
                line = x.getLine();
                column = Math.max(0, x.getColumn());
                break;
            }
        }
        String msg = firstLine(e);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^line (\\d{1,9}): ").matcher(msg);
        if (m.find()) {
            line = Integer.parseInt(m.group(1));
            column = 1;
            msg = msg.substring(m.end());
        }
        return new Diagnostic(tessera.core.Severity.ERROR, file, line, column, -1, 0, "not a symbolic configuration: " + msg,
                "pass the file written by `tessera compile FILE.pla --arch ARCH.tcpa --out FILE`", "symconf");
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Throwable c = e.getCause();
        if (c != null && c.getMessage() != null && m.contains(c.getClass().getName())) {
            m = c.getMessage();
        }
        return m.lines().findFirst().orElse("");
    }

    static int[] region(String s) {
        String[] rc = s.trim().split("[xX×]");
        try {
            if (rc.length == 2) {
                return new int[] {Integer.parseInt(rc[0].trim()), Integer.parseInt(rc[1].trim())};
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--pes expects ROWSxCOLS, e.g. 1x3 or 4x4, got '" + s + "'");
    }

}
