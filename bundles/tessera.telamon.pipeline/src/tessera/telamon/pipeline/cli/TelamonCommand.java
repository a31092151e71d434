package tessera.telamon.pipeline.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.telamon.pipeline.SpaceReport;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.telamon.search.Knuth;
import tessera.telamon.search.RandomDescent;

/**
 * {@code tessera telamon space|sample|codegen|stats FILE.kernel}: Telamon on GPUs (seed 001 ch. 4) from the command
 * line, through {@link TelamonPipeline}.
 */
public final class TelamonCommand implements CliCommand {
    @Override
    public String name() {
        return "telamon";
    }

    @Override
    public String summary() {
        return "GPU kernels (Telamon): the implementation space of a .kernel, random descents, PTX for a decision list";
    }

    @Override
    public String usage() {
        return """
                tessera telamon space FILE.kernel [--target sm_80] [--param N=VALUE ...] [--json]
                tessera telamon sample FILE.kernel [--count 10] [--seed 1] [--save FILE.decisions] [...]
                tessera telamon codegen FILE.kernel [--decisions FILE.decisions] [--out DIR] [...]
                tessera telamon stats FILE.kernel [--descents 1000] [--probes 1000] [--seed 1] [...]
                tessera telamon instance FILE.kernel [...]
                  space    the kernel's objects and the choices left open at the root, by group, with their domains
                  sample   random descents to fixed candidates (dead ends, depth); --save writes the first one's decisions
                  codegen  PTX and launch description for a decision list (default: FILE.decisions beside the kernel)
                  stats    dead-end probability (Table 4.3) and Knuth's space-size estimate with the average depth (Table 6.1)
                  instance the kernel as an instance of the GPU space (JSON for tessera dspace explore and the Candidate Explorer)
                  --target sm_75, sm_80 (default), sm_86, sm_89 or sm_90; --param replaces a parameter's value""";
    }

    @Override
    public Set<String> flags() {
        return Set.of();
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("target", "param", "count", "seed", "save", "decisions", "out", "descents", "probes");
    }

    @Override
    public int run(CliContext ctx, Args a) {
        String sub = a.positional(0, "subcommand (space, sample, codegen, stats or instance)");
        a.expectPositional(2);
        String file = a.positional(1, "FILE.kernel");
        TelamonPipeline.Settings s = new TelamonPipeline.Settings(a.option("target").orElse(TelamonPipeline.Settings.DEFAULT_TARGET),
                a.integers("param", "NAME=VALUE"));
        Path path = ctx.resolve(file);
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            ctx.report(Diagnostic.error(file, 0, "cannot read the kernel: " + e.getMessage(), "give the path of a .kernel file"));
            return FAILED;
        }
        return switch (sub) {
            case "space" -> space(ctx, file, text, s);
            case "sample" -> sample(ctx, a, file, text, s);
            case "codegen" -> codegen(ctx, a, path, file, text, s);
            case "stats" -> stats(ctx, a, file, text, s);
            case "instance" -> instance(ctx, file, text, s);
            default -> throw new UsageException("unknown subcommand '" + sub + "' (space, sample, codegen, stats or instance)");
        };
    }

    private static int failed(CliContext ctx, Diagnostics d) {
        d.forEach(ctx::report);
        return d.hasErrors() ? FAILED : OK;
    }

    private static TelamonPipeline.Result root(CliContext ctx, String file, String text, TelamonPipeline.Settings s, Diagnostics d) {
        TelamonPipeline.Result r = TelamonPipeline.space(file, text, s, d);
        return r.root() == null ? null : r;
    }

    private int space(CliContext ctx, String file, String text, TelamonPipeline.Settings s) {
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = root(ctx, file, text, s, d);
        if (r == null) {
            return failed(ctx, d);
        }
        d.forEach(ctx::report);
        Map<String, Object> report = SpaceReport.of(r.kernel(), r.root());
        if (ctx.json()) {
            ctx.json(report);
        } else {
            SpaceReport.text(report).lines().forEach(ctx::println);
        }
        return OK;
    }

    private int sample(CliContext ctx, Args a, String file, String text, TelamonPipeline.Settings s) {
        int count = positive(a.intOption("count", 10), "--count");
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = root(ctx, file, text, s, d);
        if (r == null) {
            return failed(ctx, d);
        }
        SplittableRandom random = new SplittableRandom(a.intOption("seed", 1));
        int deadEnds = 0, leaves = 0;
        long decisions = 0, rejected = 0;
        List<String> first = null;
        for (int i = 0; i < count; i++) {
            RandomDescent.Result dr = RandomDescent.run(r.root(), random);
            deadEnds += dr.deadEnds() > 0 ? 1 : 0;
            rejected += dr.rejected();
            if (dr.leaf() != null) {
                leaves++;
                decisions += dr.decisions().size();
                if (first == null) {
                    first = dr.decisions();
                }
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kernel", r.kernel().name());
        out.put("descents", count);
        out.put("leaves", leaves);
        out.put("descentsWithDeadEnds", deadEnds);
        out.put("rejectedValues", rejected);
        out.put("meanDecisions", leaves == 0 ? 0 : (double) decisions / leaves);
        Path save = a.option("save").map(ctx::resolve).orElse(null);
        if (save != null && first != null) {
            List<String> lines = new ArrayList<>();
            lines.add("# decisions of a random descent: tessera telamon sample " + file + " --seed " + a.intOption("seed", 1));
            lines.addAll(first);
            try {
                Files.write(save, lines, StandardCharsets.UTF_8);
            } catch (IOException e) {
                ctx.report(Diagnostic.error(save.toString(), 0, "cannot write: " + e.getMessage(), "check the folder"));
                return FAILED;
            }
            out.put("saved", save.toString());
        }
        if (ctx.json()) {
            ctx.json(out);
        } else {
            ctx.println(r.kernel().name() + ": " + leaves + "/" + count + " descents reached a leaf, " + deadEnds
                    + " met a dead end (a candidate with no valid value), " + rejected + " values rejected by propagation, " + String.format("%.1f", out.get("meanDecisions")) + " decisions on average"
                    + (save != null && first != null ? "; decisions of the first saved to " + save : ""));
        }
        return leaves == count ? OK : FAILED;
    }

    private int codegen(CliContext ctx, Args a, Path path, String file, String text, TelamonPipeline.Settings s) {
        String base = path.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path decisions = a.option("decisions").map(ctx::resolve).orElse(path.resolveSibling(base + ".decisions"));
        String dtext;
        try {
            dtext = Files.readString(decisions, StandardCharsets.UTF_8);
        } catch (IOException e) {
            ctx.report(Diagnostic.error(decisions.toString(), 0, "cannot read the decision list",
                    "give --decisions FILE, or write one with tessera telamon sample " + file + " --save " + base + ".decisions"));
            return FAILED;
        }
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = TelamonPipeline.run(file, text, decisions.toString(), dtext, s, d);
        d.forEach(ctx::report);
        if (r.code() == null) {
            return FAILED;
        }
        if (a.option("out").isPresent()) {
            Path out = ctx.resolve(a.option("out").get());
            try {
                Files.createDirectories(out);
                Files.writeString(out.resolve(base + ".ptx"), r.code().ptx(), StandardCharsets.UTF_8);
                Files.writeString(out.resolve(base + ".launch.json"), r.code().launch().toJson(), StandardCharsets.UTF_8);
                Files.writeString(out.resolve(base + ".tree.txt"), r.code().tree() + "\n" + r.code().pseudoCode(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                ctx.report(Diagnostic.error(out.toString(), 0, "cannot write: " + e.getMessage(), "check the folder"));
                return FAILED;
            }
            ctx.println(base + ": " + out.resolve(base + ".ptx") + ", " + base + ".launch.json, " + base + ".tree.txt");
        } else if (ctx.json()) {
            ctx.json(Map.of("ptx", r.code().ptx(), "launch", com.google.gson.JsonParser.parseString(r.code().launch().toJson())));
        } else {
            ctx.out().print(r.code().ptx());
        }
        return OK;
    }

    private int stats(CliContext ctx, Args a, String file, String text, TelamonPipeline.Settings s) {
        int descents = positive(a.intOption("descents", 1000), "--descents");
        int probes = positive(a.intOption("probes", 1000), "--probes");
        Diagnostics d = new Diagnostics();
        TelamonPipeline.Result r = root(ctx, file, text, s, d);
        if (r == null) {
            return failed(ctx, d);
        }
        SplittableRandom random = new SplittableRandom(a.intOption("seed", 1));
        double[] dead = new double[descents];
        for (int i = 0; i < descents; i++) {
            ctx.monitor().checkCanceled();
            dead[i] = RandomDescent.run(r.root(), random).deadEnds() > 0 ? 1 : 0;
        }
        double[] size = new double[probes], depth = new double[probes];
        for (int i = 0; i < probes; i++) {
            ctx.monitor().checkCanceled();
            Knuth.Probe p = Knuth.probe(r.root(), random);
            size[i] = p.estimate();
            depth[i] = p.depth();
        }
        Knuth.Estimate de = Knuth.Estimate.of(dead), se = Knuth.Estimate.of(size), dp = Knuth.Estimate.of(depth);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kernel", r.kernel().name());
        out.put("descents", descents);
        out.put("deadEndProbability", de.mean());
        out.put("deadEndHalfWidth95", de.halfWidth());
        out.put("probes", probes);
        out.put("spaceSize", se.mean());
        out.put("spaceSizeHalfWidth95", se.halfWidth());
        out.put("averageDepth", dp.mean());
        out.put("averageDepthHalfWidth95", dp.halfWidth());
        if (ctx.json()) {
            ctx.json(out);
        } else {
            ctx.println(String.format("%s: dead ends %.1f %% ± %.1f (%d descents); space size %.3g ± %.2g, average depth %.1f ± %.1f (%d probes)",
                    r.kernel().name(), 100 * de.mean(), 100 * de.halfWidth(), descents, se.mean(), se.halfWidth(), dp.mean(),
                    dp.halfWidth(), probes));
        }
        return OK;
    }

    private int instance(CliContext ctx, String file, String text, TelamonPipeline.Settings s) {
        tessera.kernel.KernelLoader.Result read = tessera.kernel.KernelLoader.loadText(file, text, s.params());
        if (!read.ok()) {
            return failed(ctx, read.diagnostics());
        }
        tessera.dspace.runtime.instance.Instance inst = tessera.telamon.space.Queries.instance(read.kernel(),
                tessera.telamon.space.Device.of(s.target()));
        ctx.out().println(tessera.dspace.runtime.instance.InstanceJson.write(inst, "kernel " + read.kernel().name() + " of " + file
                + " (tessera telamon instance), target " + s.target(), "gpu.exh"));
        read.diagnostics().forEach(ctx::report);
        return OK;
    }

    private static int positive(int v, String what) {
        if (v <= 0) {
            throw new UsageException(what + " must be positive");
        }
        return v;
    }
}
