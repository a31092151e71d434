package tessera.pla.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.ParameterLimits;
import tessera.rdg.interp.RunResult;

/**
 * {@code tessera run FILE.pla --param N=16 --input in=13 [--input-file x=FILE] [--seed S] [--json]}: runs the PLA
 * with the reference interpreter (32-bit wrap-around integers, see docs/pla.md) and prints its outputs.
 */
public final class RunCommand implements CliCommand {
    @Override
    public String name() {
        return "run";
    }

    @Override
    public String summary() {
        return "run a PLA (.pla) with the reference interpreter";
    }

    @Override
    public String usage() {
        return """
                usage: tessera run FILE.pla --param N=16,M=4 [--input in=13] [--input a=1,2,3] [--input-file x=FILE]
                                   [--seed N] [--json]
                  --param NAME=V,...      values of the parameters
                  --input NAME=V,...      a scalar input; NAME=V0,V1,... a 1-D input indexed from 0
                  --input-file NAME=F,... an input array from a file: one element per line, its indices then its value
                                          ("2 3 -7" sets NAME[2, 3] = -7); '#' starts a comment
                  --seed N                random values in [-100, 100] for every input element not given
                parameter values are at most %d in absolute value; a run evaluates at most %d equation instances
                NAME=VALUE options take a comma-separated list or repeat (--param N=8,M=4 is --param N=8 --param M=4);
                a part without '=' continues the previous value (--input a=1,2,3,b=4 sets a to 1,2,3 and b to 4)
                examples:
                  tessera run examples/pla/fir.pla --param N=8,M=4 --seed 1
                  tessera run examples/pla/fir.pla --param N=4 --param M=2 --input a=1,2,u=5,6,7,8
                  tessera run examples/pla/bitext.pla --param N=8 --input in=13
                """.formatted(ParameterLimits.MAX_PARAMETER, Interpreter.MAX_INSTANCES);
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("param", "input", "input-file", "seed");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(0, "pla");
    }
    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the .pla file");
        Map<String, Long> params = ParameterLimits.check("param", a.integers("param", "NAME=VALUE"));
        Inputs inputs = new Inputs();
        a.assignments("input", "NAME=VALUE or NAME=V0,V1,...", "not a 32-bit integer", inputs::put);
        List<Diagnostic> problems = new ArrayList<>();
        a.assignments("input-file", "NAME=FILE").forEach((name, f) -> readFile(ctx, name, f, inputs, problems));
        PlaCompiler.Compiled c = PlaCli.load(ctx, file);
        if (c == null || c.rdg() == null || !problems.isEmpty()) {
            problems.forEach(ctx::report);
            return fail(ctx, file, c, problems);
        }
        if (a.option("seed").isPresent()) {
            long seed = a.longOption("seed", 0, Long.MIN_VALUE, Long.MAX_VALUE); // as every command's --seed N
            if (c.rdg().getParameters().stream().allMatch(params::containsKey)
                    && c.rdg().getParameters().containsAll(params.keySet())
                    && Interpreter.sizeProblem(c.rdg(), file, params) == null) { // else the run reports it, unfilled
                try {
                    inputs.fillRandom(c.rdg(), params, new Random(seed), 100);
                } catch (IllegalArgumentException e) {
                    problems.add(Diagnostic.error(file, 1, "cannot fill the inputs at random: " + e.getMessage(),
                            "use smaller parameter values"));
                    problems.forEach(ctx::report);
                    return fail(ctx, file, c, problems);
                }
            }
        }
        RunResult r = Interpreter.run(c.rdg(), file, params, inputs, ctx.monitor());
        r.diagnostics().forEach(ctx::report);
        if (!r.ok()) {
            problems.addAll(r.diagnostics().list());
            return fail(ctx, file, c, problems);
        }
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
            m.put("parameters", params);
            Map<String, Object> outs = new LinkedHashMap<>();
            for (ArrayData d : r.outputs().values()) {
                List<Map<String, Object>> elems = new ArrayList<>();
                d.values().forEach((k, v) -> {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("index", k);
                    e.put("value", v);
                    elems.add(e);
                });
                outs.put(d.variable(), elems);
            }
            m.put("outputs", outs);
            m.put("instances", r.instances());
            m.put("diagnostics", PlaCli.diagnosticTexts(c));
            ctx.json(m);
        } else {
            for (ArrayData d : r.outputs().values()) {
                ctx.out().print(d);
            }
            ctx.println(r.instances() + " equation instances evaluated");
        }
        return OK;
    }

    private static int fail(CliContext ctx, String file, PlaCompiler.Compiled c, List<Diagnostic> extra) {
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
            List<String> ds = new ArrayList<>(PlaCli.diagnosticTexts(c));
            extra.forEach(d -> ds.add(d.format()));
            m.put("diagnostics", ds);
            ctx.json(m);
        }
        return FAILED;
    }

    private static void readFile(CliContext ctx, String name, String path, Inputs inputs, List<Diagnostic> problems) {
        List<String> lines;
        try {
            lines = ctx.readSource(path).lines().toList(); // strict UTF-8, BOM and lone CR handled (issue 22)
        } catch (tessera.core.DiagnosticException e) {
            problems.add(e.diagnostic());
            return;
        } catch (IOException e) {
            problems.add(Diagnostic.error(path, 0, "cannot read input file for " + name + ": " + e.getMessage(), ""));
            return;
        }
        int dim = -1;
        for (int ln = 1; ln <= lines.size(); ln++) {
            String l = lines.get(ln - 1);
            int hash = l.indexOf('#');
            String t = (hash >= 0 ? l.substring(0, hash) : l).trim();
            if (t.isEmpty()) {
                continue;
            }
            String[] parts = t.split("[\\s,]+");
            try {
                long[] idx = new long[parts.length - 1];
                for (int k = 0; k < idx.length; k++) {
                    idx[k] = Long.parseLong(parts[k]);
                }
                int v = Integer.parseInt(parts[parts.length - 1]);
                if (dim >= 0 && dim != idx.length) {
                    problems.add(Diagnostic.error(path, ln, "expected " + dim + " indices and a value, found " + parts.length + " numbers", ""));
                    continue;
                }
                dim = idx.length;
                inputs.set(name, idx, v);
            } catch (NumberFormatException e) {
                problems.add(Diagnostic.error(path, ln, "not a list of integers: '" + t + "'", "write the indices, then the value"));
            }
        }
    }
}
