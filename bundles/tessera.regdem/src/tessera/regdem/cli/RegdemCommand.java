package tessera.regdem.cli;

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
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.regdem.RegdemRunner;
import tessera.regdem.predict.StallPredictor;
import tessera.regdem.predict.Variant;
import tessera.regdem.predict.VariantGenerator;
import tessera.regdem.sass.SassPrinter;

/**
 * {@code tessera regdem FILE.sass --block 192 [--smem BYTES] [--arch sm_52] [--target-occupancy X] [--out FILE]}:
 * generates the RegDem variants, prints the variant table and writes the chosen SASS.
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
                tessera regdem FILE.sass --block THREADS [options]
                  --block N | NxM        threads per block (required; a binary does not contain it)
                  --smem BYTES           static shared memory of the kernel (default: the # SharedSize header)
                  --arch sm_XX           architecture for occupancy and throughputs (default: the # Arch header, else sm_52)
                  --target-occupancy X   only the first occupancy step reaching X
                  --demote K             demote exactly K registers (repeatable) instead of the automatic steps
                  --exclude R12          never demote this register (repeatable)
                  --local FILE.sass      nvcc --maxrregcount build: adds the 'local' and 'local_shared' variants
                  --occupancy-model arch|paper   NVIDIA calculator (default) or the paper tool's formula
                  --predictor code|paper         stall scaling of the paper's tool (default) or Eq. (2) for all
                  --out FILE             where to write the chosen SASS (default FILE.regdem.sass)
                """;
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("block", "smem", "arch", "target-occupancy", "out", "demote", "exclude", "local",
                "occupancy-model", "predictor");
    }

    @Override
    public int run(CliContext ctx, Args a) throws Exception {
        String file = a.single("the SASS file");
        RegdemRunner.Request req = request(a, ctx, file);
        RegdemRunner.Outcome out = RegdemRunner.run(req, ctx.monitor());
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
        Path target = ctx.resolve(a.option("out").orElse(file.replaceAll("\\.sass$", "") + ".regdem.sass"));
        Variant chosen = out.report().chosen();
        Files.writeString(target, SassPrinter.print(chosen.program()), StandardCharsets.UTF_8);
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file);
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

    private static RegdemRunner.Request request(Args a, CliContext ctx, String file) throws Exception {
        Path p = ctx.resolve(file);
        String text = Files.readString(p, StandardCharsets.UTF_8);
        String localText = null;
        if (a.option("local").isPresent()) {
            localText = Files.readString(ctx.resolve(a.option("local").get()), StandardCharsets.UTF_8);
        }
        String block = a.required("block", "missing --block THREADS");
        int threads = RegdemRunner.parseBlock(block);
        if (threads <= 0) {
            throw new UsageException("--block expects N or NxM threads, got '" + block + "'");
        }
        List<Integer> ks = new ArrayList<>();
        for (String k : a.options("demote")) {
            try {
                ks.add(Integer.parseInt(k.trim()));
            } catch (NumberFormatException e) {
                throw new UsageException("--demote expects a whole number, got '" + k + "'");
            }
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
        if (target < 0 || target > 1) {
            throw new UsageException("--target-occupancy expects a number in 0..1");
        }
        Integer smem = a.option("smem").isPresent() ? a.intOption("smem", 0) : null;
        return new RegdemRunner.Request(file, text, localText, threads, smem, a.option("arch").orElse(null), model,
                mode, target, ks, exclude);
    }
}
