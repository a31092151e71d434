package tessera.tcpa.pipeline.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.cli.Bounded;
import tessera.tcpa.cli.Reports;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.io.ConfigReport;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/** {@code tessera compile FILE.pla --arch ARCH.tcpa}: seed 003 §5 symbolic mapping of a PLA onto a TCPA. */
public final class CompileCommand implements CliCommand {
    /** The default {@code --time-limit} in seconds (issue 22: finite, printed in --help, covers set-up). */
    public static final double DEFAULT_TIME_LIMIT_S = 60;

    @Override
    public String name() {
        return "compile";
    }

    @Override
    public String summary() {
        return "symbolic mapping of a PLA onto a TCPA: π, λ*, schedule, registers, routes, symbolic configuration size";
    }

    @Override
    public String usage() {
        return """
                usage: tessera compile FILE.pla --arch ARCH.tcpa [--distribute i,j] [--tile p=4] [--time-limit S]
                                       [--out FILE] [--json]
                  --arch FILE        the TCPA architecture (.tcpa)
                  --distribute LIST  loop indices mapped to the PE grid (at most two; default: the first two)
                  --tile NAME=P,...  check concrete tile sizes against the schedule (--tile p_i=4,p_j=2 is
                                     --tile p_i=4 --tile p_j=2)
                  --time-limit S     seconds for the whole command: reading, scheduling, routing and every
                                     solver (default %d, at most %d)
                  --out FILE         write the symbolic configuration: FILE.xmi as EMF XMI, otherwise the compact form
                  --json             print the result as one JSON document
                examples:
                  tessera compile examples/pla/bitext.pla --arch examples/tcpa/bitext-pe.tcpa
                  tessera compile examples/pla/matmul.pla --arch examples/tcpa/tcpa4x4.tcpa --distribute i,j --out matmul.sym
                """.formatted((int) DEFAULT_TIME_LIMIT_S, (int) Args.MAX_TIME_LIMIT_S);
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("arch", "distribute", "tile", "time-limit", "out");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "pla", Set.of("out"));
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the .pla file");
        String archFile = a.required("arch", "compile needs --arch ARCH.tcpa");
        Deadline deadline = Deadline.after(a.timeLimit(DEFAULT_TIME_LIMIT_S)); // from here: reading, front end, mapping
        MappingState.Options options = new MappingState.Options(
                a.option("distribute").map(s -> List.of(s.split("\\s*,\\s*"))).orElse(List.of()), tessera.rdg.interp.ParameterLimits.check("tile", a.integers("tile", "NAME=SIZE (e.g. p=4)")),
                deadline);
        a.option("out").ifPresent(o -> { // a folder is a usage error before any work (issue 22)
            if (java.nio.file.Files.isDirectory(ctx.resolve(o))) {
                throw new tessera.core.cli.UsageException("--out " + o + ": is a folder; name a file to write");
            }
        });
        Reports reports = new Reports(ctx);
        TcpaPipeline.Compiled c;
        try {
            c = Bounded.call("compile " + file, deadline, ctx.monitor(), m -> compile(ctx, reports, file, archFile, options, m));
        } catch (tessera.core.TimeLimitException e) {
            reports.accept(Diagnostic.error(file, 0, e.getMessage(), "raise --time-limit or simplify the PLA"));
            return reports.fail(file);
        }
        if (c == null) {
            return reports.fail(file);
        }
        for (Diagnostic d : c.diagnostics()) {
            ctx.report(d);
        }
        SymbolicConfiguration conf = c.mapping() == null ? null : c.mapping().config();
        if (ctx.json()) {
            Map<String, Object> m = conf == null ? new LinkedHashMap<>() : ConfigReport.json(conf);
            m.put("file", file);
            m.put("ok", c.ok());
            m.put("diagnostics", c.diagnostics().list().stream().map(Diagnostic::format).toList());
            ctx.json(m);
        } else if (c.ok()) {
            ctx.println(ConfigReport.text(conf));
        }
        if (c.ok() && a.option("out").isPresent()) {
            String o = a.option("out").get();
            Path out = ctx.writeOutput("out", o, o.endsWith(".xmi") ? SymconfIO.toXmi(conf) : SymconfText.bytes(conf));
            if (!ctx.json()) {
                ctx.println("wrote " + out);
            }
        }
        return c.ok() ? OK : FAILED;
    }

    /** Architecture, PLA text and symbolic mapping; null after reporting an unreadable file. */
    private static TcpaPipeline.Compiled compile(CliContext ctx, Reports reports, String file, String archFile, MappingState.Options options,
            tessera.core.Monitor monitor) {
        Architecture arch = ArchitectureLoader.loadOrReport(ctx.resolve(archFile), archFile, reports);
        if (arch == null) {
            return null;
        }
        String text;
        try {
            text = ctx.readSource(file); // strict UTF-8, BOM and lone CR handled (issue 22)
        } catch (tessera.core.DiagnosticException e) {
            reports.accept(e.diagnostic());
            return null;
        } catch (IOException e) {
            reports.accept(Diagnostic.error(file, 0, "cannot read " + ctx.resolve(file) + ": " + e.getMessage(), "check the path"));
            return null;
        }
        return TcpaPipeline.compile(file, text, arch, options, monitor);
    }
}
