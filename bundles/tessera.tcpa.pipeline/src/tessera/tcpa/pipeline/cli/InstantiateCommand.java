package tessera.tcpa.pipeline.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
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
                tessera instantiate SYMCONF --arch ARCH.tcpa --param N=16 --pes 1x3 [--distribute i,j] [--check] [--out FILE.xmi] [--json]
                  SYMCONF          the symbolic configuration of `tessera compile --out` (compact text or .xmi), or a .pla
                                   (compiled onto --arch first)
                  --distribute L   for a .pla: the loop indices mapped to the PE grid (default: the first two),
                                   e.g. i,j for examples/pla/matmul.pla
                  --param NAME=V   a loop bound (repeatable)
                  --pes RxC        the PE region (rows x columns), e.g. 1x3 or 4x4
                  --check          simulate on random inputs and compare with the PLA interpreter (exit 1 on a difference)
                  --out FILE.xmi   write the concrete configuration (input of `tessera simulate`)
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("check");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("arch", "param", "pes", "out", "distribute");
    }

    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the symbolic configuration");
        String archFile = a.required("arch", "instantiate needs --arch ARCH.tcpa (I/O ports and control signals)");
        int[] region = region(a.required("pes", "instantiate needs --pes ROWSxCOLS, e.g. --pes 1x3"));
        Map<String, Long> bounds = a.integers("param", "NAME=VALUE");
        Architecture arch = ArchitectureLoader.loadOrReport(ctx.resolve(archFile), ctx::report);
        if (arch == null) {
            return FAILED;
        }
        Path path = ctx.resolve(file);
        if (!Files.isRegularFile(path)) {
            ctx.report(Diagnostic.error(file, 0, "cannot read " + path, "check the path"));
            return FAILED;
        }
        SymbolicConfiguration sym;
        TcpaPipeline.Compiled compiled = null;
        try {
            if (file.endsWith(".pla")) {
                MappingState.Options opts = a.option("distribute")
                        .map(d -> new MappingState.Options(List.of(d.split("\\s*,\\s*")), Map.<String, Long>of(), MappingState.Options.defaults().deadline()))
                        .orElse(MappingState.Options.defaults());
                compiled = TcpaPipeline.compile(file, Files.readString(path), arch, opts, ctx.monitor());
                compiled.diagnostics().forEach(ctx::report);
                if (!compiled.ok()) {
                    return FAILED;
                }
                sym = compiled.mapping().config();
            } else if (file.endsWith(".xmi")) {
                sym = SymconfIO.fromXmi(Files.readAllBytes(path));
            } else {
                sym = SymconfText.read(Files.readString(path, StandardCharsets.UTF_8));
            }
        } catch (RuntimeException e) {
            ctx.report(Diagnostic.error(file, 1, "not a symbolic configuration: " + e.getMessage(),
                    "pass the file written by `tessera compile FILE.pla --arch ARCH.tcpa --out FILE`"));
            return FAILED;
        }
        Instantiator.Result r = TcpaPipeline.instantiate(sym, arch, new Instantiator.Parameters(bounds, region[0], region[1]), file, ctx.monitor());
        r.diagnostics().forEach(ctx::report);
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
            Path pla = ctx.resolve(sym.getSource());
            var rdg = compiled != null ? compiled.pla().rdg() : PlaCompiler.compile(sym.getSource(), Files.readString(pla)).rdg();
            Equivalence.Outcome o = TcpaPipeline.check(rdg, c, bounds);
            json.put("cycles", o.cycles());
            json.put("equal", o.equal());
            if (!o.equal()) {
                ctx.report(Diagnostic.error(file, 1, "simulated outputs differ from the PLA interpreter: " + o.mismatch(),
                        "report this configuration; the instantiation or the symbolic mapping is wrong"));
                rc = FAILED;
            }
        }
        if (a.option("out").isPresent()) {
            Path out = ctx.resolve(a.option("out").get());
            Path dir = out.toAbsolutePath().getParent();
            c.setPlaSource(dir.relativize(ctx.resolve(sym.getSource()).toAbsolutePath()).toString());
            ConcreteIO.save(c, out);
            json.put("out", out.toString());
        }
        if (ctx.json()) {
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
