package tessera.ddg.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.TimeLimitException;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.Json;
import tessera.core.cli.UsageException;
import tessera.modsched.verify.Verifier;
import tessera.modsched.io.DdgWriter;
import tessera.modsched.io.GccSmsDump;
import tessera.modsched.metrics.RegisterPressure;
import tessera.modsched.sched.ScheduleResult;

/**
 * {@code tessera modsched --from-gcc DUMP.sms}: the loops of GCC's SMS dump ({@link GccSmsDump}) scheduled by our
 * scheduler, each beside GCC's own result (RecMII, MII, II and stages, or why GCC gave up). {@code --ddg OUT.ddg}
 * keeps the graphs as a .ddg file (GCC's numbers in a comment before each loop) and GCC's numbers as
 * {@code OUT.gcc.csv}.
 */
final class GccComparison {
    /** The CSV of GCC's results that {@code --ddg} writes beside the graphs. */
    static final String CSV_HEADER = "loop,function,loop_number,location,rec_mii,mii,max_ii,ii,stages,failure";

    private GccComparison() {
    }

    static int run(CliContext ctx, String file, String algo, Duration limit, String ddgOut) throws Exception {
        String text = ModschedCommand.readSource(ctx, file);
        if (text == null) {
            return CliCommand.FAILED;
        }
        if (ddgOut != null) { // a folder or a missing folder is a usage error before any work is done
            checkOutput(ctx, ddgOut);
        }
        Diagnostics d = new Diagnostics();
        List<GccSmsDump.GccLoop> loops = GccSmsDump.read(file, text, d);
        d.forEach(ctx::report);
        if (loops.isEmpty()) {
            ctx.report(Diagnostic.error(file, 0, "no loop with a dependence graph in " + file,
                    "give GCC's dump of -fmodulo-sched -fdump-rtl-sms-details (the file ending in .sms)"));
            return CliCommand.FAILED;
        }
        int rc = d.hasErrors() ? CliCommand.FAILED : CliCommand.OK;
        List<Object> json = new ArrayList<>();
        int scheduled = 0, atMii = 0, gccScheduled = 0, better = 0, worse = 0;
        if (!ctx.json()) {
            ctx.println(String.format(Locale.ROOT, "%-28s %4s %4s %4s %4s %3s %7s | %s", "loop (" + algo + ")", "ops", "MII",
                    "Rec", "II", "SC", "MaxLive", "GCC: RecMII MII II SC"));
        }
        for (GccSmsDump.GccLoop l : loops) {
            ScheduleResult r;
            try {
                r = ModschedCommand.schedule(algo, l.loop(), limit, ctx.monitor()).result();
            } catch (TimeLimitException e) {
                ctx.report(Diagnostic.error(file, l.line(), "loop '" + l.loop().name() + "': no schedule, "
                        + (algo.equals("exact") ? "the minimum II was not proven: " : "") + e.getMessage(),
                        "--time-limit is in seconds for each loop"));
                rc = CliCommand.FAILED;
                continue;
            }
            if (r.ok() && !Verifier.verify(r.schedule()).isEmpty()) { // never exit 0 with a rejected schedule
                ctx.report(Diagnostic.error(file, l.line(), "loop '" + l.loop().name() + "': the " + algo
                        + " schedule violates " + Verifier.verify(r.schedule()).get(0), "please report this"));
                rc = CliCommand.FAILED;
            }
            GccSmsDump.GccResult g = l.gcc();
            int maxLive = r.ok() ? RegisterPressure.of(r.schedule()).maxLive() : -1;
            if (r.ok()) {
                scheduled++;
                atMii += r.ii() == r.mii().value() ? 1 : 0;
            } else {
                ctx.report(Diagnostic.error(file, l.line(), "loop '" + l.loop().name() + "': " + algo
                        + " found no schedule (" + r.lastFailure() + ")", "try --algo ims or --algo exact"));
                rc = CliCommand.FAILED;
            }
            if (g != null && g.scheduled()) {
                gccScheduled++;
                better += r.ok() && r.ii() < g.ii() ? 1 : 0;
                worse += !r.ok() || r.ii() > g.ii() ? 1 : 0;
            }
            if (ctx.json()) {
                json.add(Json.object("loop", l.loop().name(), "function", l.function(), "location", l.location(),
                        "ops", l.loop().size(), "mii", r.mii().value(), "recMii", r.mii().recMII().value(),
                        "ii", r.ok() ? r.ii() : null, "stages", r.ok() ? r.schedule().stageCount() : null,
                        "maxLive", r.ok() ? maxLive : null, "failure", r.ok() ? null : r.lastFailure(),
                        "gcc", gccJson(g)));
            } else {
                String where = l.loop().name() + (l.location() == null ? "" : " (" + l.location() + ")");
                ctx.println(String.format(Locale.ROOT, "%-28s %4d %4d %4d %4s %3s %7s | %s", where, l.loop().size(),
                        r.mii().value(), r.mii().recMII().value(), r.ok() ? r.ii() : "-",
                        r.ok() ? r.schedule().stageCount() : "-", r.ok() ? maxLive : "-", gccText(g)));
            }
        }
        String summary = String.format(Locale.ROOT, "%d loops: %s scheduled %d, II = MII on %d; GCC scheduled %d, of "
                + "which ours has a smaller II on %d and a larger one (or none) on %d", loops.size(), algo, scheduled, atMii,
                gccScheduled, better, worse);
        if (ddgOut != null) {
            rc = Math.max(rc, save(ctx, loops, ddgOut));
        }
        if (ctx.json()) {
            ctx.json(Json.object("file", file, "algorithm", algo, "loops", json, "summary", summary));
        } else {
            ctx.println(summary);
        }
        return rc;
    }

    private static Object gccJson(GccSmsDump.GccResult g) {
        if (g == null) {
            return null;
        }
        return Json.object("recMii", g.recMii(), "mii", g.mii(), "maxIi", g.maxIi(), "ii", g.scheduled() ? g.ii() : null,
                "stages", g.scheduled() ? g.stages() : null, "failure", g.failure());
    }

    static String gccText(GccSmsDump.GccResult g) {
        if (g == null) {
            return "no II (GCC stopped before scheduling)";
        }
        return g.recMii() + " " + g.mii() + " " + (g.scheduled() ? g.ii() + " " + g.stages() : "failed: " + g.failure());
    }

    /** The path {@code --ddg} names; a folder, or one inside a missing folder, is a usage error. */
    private static Path checkOutput(CliContext ctx, String ddgOut) {
        Path out = ctx.resolve(ddgOut);
        if (Files.isDirectory(out)) {
            throw new UsageException("--ddg " + ddgOut + ": is a folder; name a file to write");
        }
        if (out.getParent() != null && !Files.isDirectory(out.getParent())) {
            throw new UsageException("--ddg " + ddgOut + ": folder " + out.getParent() + " does not exist");
        }
        return out;
    }

    /** Writes the graphs as .ddg (GCC's numbers in comments) and GCC's numbers as CSV beside them. */
    private static int save(CliContext ctx, List<GccSmsDump.GccLoop> loops, String ddgOut) {
        Path out = checkOutput(ctx, ddgOut);
        List<String> comments = new ArrayList<>();
        StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
        for (GccSmsDump.GccLoop l : loops) {
            GccSmsDump.GccResult g = l.gcc();
            comments.add(l.function() + ", loop " + l.loopNumber() + (l.location() == null ? "" : ", " + l.location())
                    + "\nGCC: RecMII MII II SC = " + gccText(g));
            csv.append(String.join(",", l.loop().name(), l.function(), Integer.toString(l.loopNumber()),
                    l.location() == null ? "" : l.location(), g == null ? "" : Integer.toString(g.recMii()),
                    g == null ? "" : Integer.toString(g.mii()), g == null ? "" : Integer.toString(g.maxIi()),
                    g == null || !g.scheduled() ? "" : Integer.toString(g.ii()),
                    g == null || !g.scheduled() ? "" : Integer.toString(g.stages()),
                    g == null || g.failure() == null ? "" : '"' + g.failure().replace("\"", "'") + '"')).append('\n');
        }
        Path csvPath = out.resolveSibling(out.getFileName().toString().replaceFirst("\\.ddg$", "") + ".gcc.csv");
        try {
            byte[] ddg = DdgWriter.write(loops.stream().map(GccSmsDump.GccLoop::loop).toList(), comments)
                    .getBytes(StandardCharsets.UTF_8);
            ctx.writeOutput("ddg", ddgOut, ddg);
            ctx.writeOutput("ddg", csvPath.toString(), csv.toString().getBytes(StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            ctx.report(Diagnostic.error(ddgOut, 0, "cannot write: " + e.getMessage(), "check the folder"));
            return CliCommand.FAILED;
        }
        return CliCommand.OK;
    }
}
