package tessera.tcpa.pipeline.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.cli.Json;
import tessera.core.Diagnostic;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.RunResult;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.sim.SimResult;
import tessera.tcpa.sim.Simulator;
import tessera.tcpa.concrete.ConcreteConfiguration;

/**
 * {@code tessera simulate CONCRETE.xmi [--input X=V] [--trace] [--max-cycles N] [--listing] [--json]}: runs the
 * cycle-level simulator and, when the configuration records its PLA source, compares the outputs with the PLA
 * reference interpreter's (exit code 1 when they differ).
 */
public final class SimulateCommand implements CliCommand {
    /** The largest {@code --max-cycles}: {@value} (issue 22: bounded work). */
    public static final long MAX_CYCLES = 100_000_000;

    @Override
    public String name() {
        return "simulate";
    }

    @Override
    public String summary() {
        return "simulate a TCPA concrete configuration cycle by cycle and compare with the PLA interpreter";
    }

    @Override
    public String usage() {
        return """
                usage: tessera simulate CONCRETE.xmi [--input in=13] [--input a=1,2,3] [--trace] [--max-cycles N]
                                        [--listing] [--json]
                  --input NAME=V,...    a scalar input; NAME=V0,V1,... a 1-D input indexed from 0
                  --trace               print every executed instruction, transfer and bank access per cycle
                  --max-cycles N        stop with an error after N cycles (default 1000000, at most %d)
                  --listing             print the configuration's listing (programs per processor class and FU) first
                exit code 1 when the configuration is invalid, the simulation fails, or the outputs differ from the
                PLA reference interpreter's (compared when the configuration names its plaSource)
                --input takes a comma-separated list or repeats (--input x=1,y=2 is --input x=1 --input y=2); a part
                without '=' continues the previous value (--input a=1,2,3,b=4 sets a to 1,2,3 and b to 4)
                the first example makes the configuration the second simulates:
                examples:
                  tessera instantiate examples/pla/bitext.pla --arch examples/tcpa/bitext-pe.tcpa --param N=8 --pes 1x8 --out bitext.xmi
                  tessera simulate bitext.xmi --input in=13
                """.formatted(MAX_CYCLES);
    }

    @Override
    public Set<String> flags() {
        return Set.of("trace", "listing");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("input", "max-cycles");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "xmi");
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the concrete configuration (.xmi)");
        Inputs inputs = new Inputs();
        a.assignments("input", "NAME=VALUE or NAME=V0,V1,...", "not a 32-bit integer", inputs::put);
        long maxCycles = a.longOption("max-cycles", 1_000_000, 1, MAX_CYCLES);
        Path path = ctx.resolve(file);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("file", file);
        if (Files.isRegularFile(path)) {
            try {
                ctx.readSource(file); // invalid UTF-8 is a diagnostic at its line and column, not an XML parser message (issue 22)
            } catch (tessera.core.DiagnosticException e) {
                ctx.report(e.diagnostic());
                return finish(ctx, json, List.of(e.diagnostic()), FAILED);
            }
        }
        ConcreteIO.Loaded loaded = ConcreteIO.load(path);
        loaded.diagnostics().forEach(ctx::report);
        if (loaded.configuration() == null) {
            return finish(ctx, json, loaded.diagnostics().list(), FAILED);
        }
        ConcreteConfiguration c = loaded.configuration();
        if (a.flag("listing") && !ctx.json()) {
            ctx.out().print(ConcreteIO.listing(c));
            ctx.out().println();
        }
        boolean trace = a.flag("trace");
        SimResult s = Simulator.run(c, file, inputs, new Simulator.Options(maxCycles, trace, trace ? 1_000_000 : 0), ctx.monitor());
        s.diagnostics().forEach(ctx::report);
        List<Diagnostic> problems = new ArrayList<>(s.diagnostics().list());
        json.put("cycles", s.cycles());
        json.put("sizeBytes", ConcreteIO.compactSize(c));
        json.put("outputs", outputs(s.outputs()));
        if (trace) {
            json.put("trace", s.trace());
            if (!ctx.json()) {
                s.trace().forEach(ctx.out()::println);
            }
        }
        int code = s.ok() ? OK : FAILED;
        if (s.ok() && c.getPlaSource() != null && !c.getPlaSource().isBlank()) {
            List<String> diffs = compare(ctx, path, c, inputs, file, s.outputs(), problems);
            json.put("interpreter", c.getPlaSource());
            json.put("equal", diffs != null && diffs.isEmpty());
            json.put("mismatches", diffs == null ? List.of() : diffs);
            if (diffs == null || !diffs.isEmpty()) {
                code = FAILED;
            } else if (!ctx.json()) {
                ctx.println("outputs equal the PLA reference interpreter's (" + c.getPlaSource() + ")");
            }
        }
        if (!ctx.json() && s.ok()) {
            s.outputs().values().forEach(d -> ctx.out().print(d));
            ctx.out().println(s.cycles() + " cycles");
        }
        return finish(ctx, json, problems, code);
    }

    private static int finish(CliContext ctx, Map<String, Object> json, List<Diagnostic> problems, int code) {
        if (ctx.json()) {
            json.put("ok", code == OK);
            json.put("diagnostics", problems.stream().map(Diagnostic::format).toList());
            ctx.json(json);
        }
        return code;
    }

    /** Differences between simulated and interpreted outputs; null when the interpreter could not run. */
    private static List<String> compare(CliContext ctx, Path config, ConcreteConfiguration c, Inputs inputs, String file,
            Map<String, ArrayData> simulated, List<Diagnostic> problems) {
        Path pla = config.toAbsolutePath().getParent().resolve(c.getPlaSource());
        String text;
        try {
            text = tessera.core.SourceText.read(pla, c.getPlaSource()); // strict UTF-8, BOM and lone CR handled (issue 22)
        } catch (tessera.core.DiagnosticException e) {
            ctx.report(e.diagnostic());
            problems.add(e.diagnostic());
            return null;
        } catch (IOException e) {
            Diagnostic d = Diagnostic.error(file, 0, "cannot read the PLA source " + pla + " to compare with: " + e.getMessage(),
                    "plaSource is relative to the configuration file");
            ctx.report(d);
            problems.add(d);
            return null;
        }
        PlaCompiler.Compiled pc = PlaCompiler.compile(pla.toString(), text);
        if (pc.rdg() == null || !pc.ok()) {
            pc.diagnostics().forEach(ctx::report);
            problems.addAll(pc.diagnostics().list());
            return null;
        }
        Map<String, Long> params = new LinkedHashMap<>();
        c.getParameters().stream().filter(p -> pc.rdg().getParameters().contains(p.getName()))
                .forEach(p -> params.put(p.getName(), p.getValue()));
        RunResult r = Interpreter.run(pc.rdg(), pla.toString(), params, inputs, ctx.monitor());
        if (!r.ok()) {
            r.diagnostics().forEach(ctx::report);
            problems.addAll(r.diagnostics().list());
            return null;
        }
        List<String> diffs = differences(r.outputs(), simulated);
        for (String d : diffs.subList(0, Math.min(20, diffs.size()))) {
            Diagnostic x = Diagnostic.error(file, 0, "simulated output differs from the interpreter: " + d,
                    "the configuration does not implement " + c.getPlaSource() + " for these parameters");
            ctx.report(x);
            problems.add(x);
        }
        return diffs;
    }

    /** Element-wise differences, e.g. {@code bits[3]: simulator 0, interpreter 1}. */
    public static List<String> differences(Map<String, ArrayData> expected, Map<String, ArrayData> actual) {
        List<String> out = new ArrayList<>();
        for (ArrayData e : expected.values()) {
            ArrayData s = actual.get(e.variable());
            e.values().forEach((k, v) -> {
                Integer got = s == null ? null : s.values().get(k);
                if (!v.equals(got)) {
                    out.add(ArrayData.instance(e.variable(), k.stream().mapToLong(Long::longValue).toArray()) + ": simulator "
                            + (got == null ? "nothing" : got) + ", interpreter " + v);
                }
            });
            if (s != null) {
                s.values().forEach((k, v) -> {
                    if (!e.values().containsKey(k)) {
                        out.add(ArrayData.instance(e.variable(), k.stream().mapToLong(Long::longValue).toArray()) + ": simulator "
                                + v + ", interpreter defines no such element");
                    }
                });
            }
        }
        for (String v : actual.keySet()) {
            if (!expected.containsKey(v)) {
                out.add(v + ": the simulator writes it, but it is not an output of the PLA");
            }
        }
        return out;
    }

    private static List<Map<String, Object>> elements(ArrayData d) {
        List<Map<String, Object>> list = new ArrayList<>();
        d.values().forEach((k, v) -> list.add(Json.object("index", k, "value", v)));
        return list;
    }

    private static Map<String, Object> outputs(Map<String, ArrayData> outs) {
        Map<String, Object> m = new LinkedHashMap<>();
        outs.values().forEach(d -> m.put(d.variable(), elements(d)));
        return m;
    }
}
