package tessera.ddg.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.TimeLimitException;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.ddg.convert.DdgLoader;
import tessera.modsched.io.ScheduleCsv;
import tessera.modsched.model.Schedule;
import tessera.modsched.io.ScheduleReport;
import tessera.modsched.model.Loop;
import tessera.modsched.sched.ExactScheduler;
import tessera.modsched.sched.IterativeModuloScheduler;
import tessera.modsched.sched.ScheduleResult;
import tessera.modsched.sched.TopDownScheduler;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;

/**
 * {@code tessera modsched FILE.ddg [--algo sms|topdown|ims|exact] [--time-limit SECONDS] [--csv FILE] [--json]}:
 * reads the file with the .ddg language ({@link DdgLoader}) and schedules every loop with the engine of
 * {@code tessera.modsched}.
 */
public final class ModschedCommand implements CliCommand {
    @Override
    public String name() {
        return "modsched";
    }

    @Override
    public String summary() {
        return "modulo-schedule the loops of a .ddg file (Swing Modulo Scheduling, baselines, exact SAT4J)";
    }

    @Override
    public String usage() {
        return """
                usage: tessera modsched FILE.ddg [--algo sms|sms-original|topdown|ims|exact] [--time-limit SECONDS]
                                        [--csv MRT.csv] [--json]
                  Schedules every loop of FILE and prints ResMII, RecMII, MII, the SMS sets and order, II, MaxLive,
                  stage count, the schedule and the modulo reservation table.
                  --algo        sms (default, with the production changes), sms-original (§4 exactly), topdown,
                                ims (Rau's iterative modulo scheduling), exact (SAT4J: minimum II, then minimum MaxLive)
                  --time-limit  seconds for the exact solver (default 60)
                  --csv         also write the modulo reservation tables as CSV (one line per cell:
                                loop,row,resource,instance,op,stage,iteration)""";
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("algo", "time-limit", "csv");
    }

    @Override
    public int run(CliContext context, Args args) throws Exception {
        args.expectPositional(1);
        String file = args.positional(0, "the .ddg file");
        String algo = args.option("algo").orElse("sms");
        if (!Set.of("sms", "sms-original", "topdown", "ims", "exact").contains(algo)) {
            throw new UsageException("--algo must be sms, sms-original, topdown, ims or exact, got '" + algo + "'");
        }
        double seconds = args.doubleOption("time-limit", 60);
        if (seconds <= 0) {
            throw new UsageException("--time-limit must be positive");
        }
        Path path = context.resolve(file);
        if (!Files.isRegularFile(path)) {
            context.report(Diagnostic.error(file, 0, "cannot read " + file, "check the path"));
            return FAILED;
        }
        String text = Files.readString(path);
        DdgLoader.Result read = DdgLoader.load(text, file);
        read.diagnostics().forEach(context::report);
        if (!read.ok()) {
            return FAILED;
        }
        if (read.loops().isEmpty()) {
            context.report(Diagnostic.warning(file, 0, "no loop in " + file, "add 'loop NAME machine M { ... }'"));
        }
        List<Object> results = new ArrayList<>();
        List<Schedule> schedules = new ArrayList<>();
        int rc = OK;
        Deadline deadline = Deadline.after(Duration.ofMillis((long) (seconds * 1000)));
        for (Loop loop : read.loops()) {
            ScheduleResult r;
            SwingScheduler.SmsResult sms = null;
            try {
                switch (algo) {
                    case "sms", "sms-original" -> {
                        sms = new SwingScheduler(algo.equals("sms") ? SmsOptions.production() : SmsOptions.original())
                                .run(loop, context.monitor());
                        r = sms.result();
                    }
                    case "topdown" -> r = new TopDownScheduler().schedule(loop, context.monitor());
                    case "ims" -> r = new IterativeModuloScheduler().schedule(loop, context.monitor());
                    default -> r = new ExactScheduler(deadline.remaining()).solve(loop, deadline, context.monitor())
                            .result();
                }
            } catch (TimeLimitException e) {
                context.report(Diagnostic.error(file, 0, e.getMessage(), "use --algo sms for large loops"));
                rc = FAILED;
                continue;
            }
            if (r.ok()) {
                schedules.add(r.schedule());
            } else {
                context.report(Diagnostic.error(file, 0, "loop '" + loop.name() + "': no schedule found ("
                        + r.lastFailure() + ")", "try --algo ims or --algo exact"));
                rc = FAILED;
            }
            if (context.json()) {
                results.add(ScheduleReport.json(loop, r, sms));
            } else {
                context.println(ScheduleReport.text(loop, r, sms));
            }
        }
        if (args.option("csv").isPresent()) {
            Path csv = context.resolve(args.option("csv").get());
            try {
                Files.writeString(csv, ScheduleCsv.mrt(schedules));
            } catch (java.io.IOException e) {
                context.report(Diagnostic.error(args.option("csv").get(), 0, "cannot write the CSV file: "
                        + e.getMessage(), "check the folder and its permissions"));
                rc = FAILED;
            }
        }
        if (context.json()) {
            context.json(tessera.core.cli.Json.object("file", file, "loops", results));
        }
        return rc;
    }
}
