package tessera.tcpa.pipeline.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.io.ConfigReport;
import tessera.tcpa.mapping.io.SymconfIO;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/** {@code tessera compile FILE.pla --arch ARCH.tcpa}: seed 003 §5 symbolic mapping of a PLA onto a TCPA. */
public final class CompileCommand implements CliCommand {
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
                tessera compile FILE.pla --arch ARCH.tcpa [--distribute i,j] [--tile p=4] [--time-limit S] [--out FILE] [--json]
                  --arch FILE        the TCPA architecture (.tcpa)
                  --distribute LIST  loop indices mapped to the PE grid (at most two; default: the first two)
                  --tile NAME=P      check a concrete tile size against the schedule (repeatable)
                  --time-limit S     limit for the routing solver and the scheduler (default 60 s)
                  --out FILE         write the symbolic configuration: FILE.xmi as EMF XMI, otherwise the compact form
                  --json             print the result as one JSON document
                """;
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("arch", "distribute", "tile", "time-limit", "out");
    }

    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the .pla file");
        String archFile = a.required("arch", "compile needs --arch ARCH.tcpa");
        MappingState.Options options = new MappingState.Options(
                a.option("distribute").map(s -> List.of(s.split("\\s*,\\s*"))).orElse(List.of()), a.integers("tile", "NAME=SIZE (e.g. p=4)"),
                Deadline.after(Duration.ofMillis((long) (a.doubleOption("time-limit", 60) * 1000))));
        Architecture arch = ArchitectureLoader.loadOrReport(ctx.resolve(archFile), ctx::report);
        if (arch == null) {
            return FAILED;
        }
        String text;
        try {
            text = Files.readString(ctx.resolve(file));
        } catch (IOException e) {
            ctx.report(Diagnostic.error(file, 0, "cannot read " + ctx.resolve(file) + ": " + e.getMessage(), "check the path"));
            return FAILED;
        }
        TcpaPipeline.Compiled c = TcpaPipeline.compile(file, text, arch, options, ctx.monitor());
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
            Path out = ctx.resolve(a.option("out").get());
            Files.write(out, out.toString().endsWith(".xmi") ? SymconfIO.toXmi(conf) : SymconfText.bytes(conf));
            if (!ctx.json()) {
                ctx.println("wrote " + out);
            }
        }
        return c.ok() ? OK : FAILED;
    }
}
