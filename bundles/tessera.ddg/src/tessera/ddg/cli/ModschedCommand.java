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
import tessera.core.Monitor;
import tessera.modsched.sched.HrmsScheduler;
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
                usage: tessera modsched FILE.ddg [--algo sms|sms-original|topdown|ims|hrms|exact] [--time-limit SECONDS]
                                        [--csv MRT.csv] [--json]
                       tessera modsched --from-gcc DUMP.sms [--algo …] [--time-limit SECONDS] [--ddg OUT.ddg] [--json]
                  Schedules every loop of FILE and prints ResMII, RecMII, MII, the SMS sets and order, II, MaxLive,
                  stage count, the schedule and the modulo reservation table.
                  --algo        sms (default, with the production changes), sms-original (§4 exactly), topdown,
                                ims (Rau's iterative modulo scheduling), hrms (hypernode reduction),
                                exact (SAT4J: minimum II, then minimum MaxLive)
                  --from-gcc    read the dependence graphs of GCC's SMS dump (gcc -fmodulo-sched
                                -fdump-rtl-sms-details, POWER8 machine: docs/modsched.md) and print one line per loop,
                                ours beside GCC's RecMII, MII, II and stage count
                  --ddg         with --from-gcc: also write the graphs as OUT.ddg and GCC's numbers as OUT.gcc.csv
                  --time-limit  seconds for the exact solver, for each loop (default 60); when it runs out after
                                the minimum II is proven, the best schedule found is kept (MaxLive not proven minimal)
                  --csv         also write the modulo reservation tables as CSV (one line per cell:
                                loop,row,resource,instance,op,stage,iteration)""";
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("algo", "time-limit", "csv", "from-gcc", "ddg");
    }

    @Override
    public int run(CliContext context, Args args) throws Exception {
        String algo = args.option("algo").orElse("sms");
        if (!Set.of("sms", "sms-original", "topdown", "ims", "hrms", "exact").contains(algo)) {
            throw new UsageException("--algo must be sms, sms-original, topdown, ims, hrms or exact, got '" + algo + "'");
        }
        double seconds = args.doubleOption("time-limit", 60);
        if (seconds <= 0) {
            throw new UsageException("--time-limit must be positive");
        }
        Duration limit = Duration.ofMillis((long) Math.ceil(seconds * 1000)); // for each loop, not shared
        if (args.option("from-gcc").isPresent()) {
            args.expectPositional(0);
            return GccComparison.run(context, args.option("from-gcc").get(), algo, limit, args.option("ddg").orElse(null));
        }
        if (args.option("ddg").isPresent()) {
            throw new UsageException("--ddg writes the graphs read with --from-gcc; give --from-gcc DUMP.sms");
        }
        args.expectPositional(1);
        String file = args.positional(0, "the .ddg file");
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
        for (Loop loop : read.loops()) {
            ScheduleResult r;
            SwingScheduler.SmsResult sms = null;
            try {
                Scheduled sc = schedule(algo, loop, limit, context.monitor());
                r = sc.result();
                sms = sc.sms();
            } catch (TimeLimitException e) { // the minimum II was not proven: nothing to keep
                context.report(Diagnostic.error(file, 0, "loop '" + loop.name()
                        + "': no schedule, the minimum II was not proven: " + e.getMessage(),
                        "--time-limit is in seconds for each loop; --algo sms needs no time limit"));
                rc = FAILED;
                continue;
            }
            if (r.proof() != null && !r.proof().maxLiveMinimal() && r.ok()) {
                context.report(Diagnostic.warning(file, 0, "loop '" + loop.name() + "': kept the schedule at II "
                        + r.ii() + ": " + r.proof().text(), "raise --time-limit to prove the minimum MaxLive"));
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

    /** A loop scheduled by one algorithm, with SMS's intermediate results when it ran. */
    record Scheduled(ScheduleResult result, SwingScheduler.SmsResult sms) {
    }

    /** Schedules with the algorithm named as {@code --algo} does; the exact one within {@code limit}. */
    static Scheduled schedule(String algo, Loop loop, Duration limit, Monitor monitor) {
        return switch (algo) {
            case "sms", "sms-original" -> {
                SwingScheduler.SmsResult sms = new SwingScheduler(algo.equals("sms") ? SmsOptions.production()
                        : SmsOptions.original()).run(loop, monitor);
                yield new Scheduled(sms.result(), sms);
            }
            case "topdown" -> new Scheduled(new TopDownScheduler().schedule(loop, monitor), null);
            case "ims" -> new Scheduled(new IterativeModuloScheduler().schedule(loop, monitor), null);
            case "hrms" -> new Scheduled(new HrmsScheduler().schedule(loop, monitor), null);
            default -> new Scheduled(new ExactScheduler(limit).solve(loop, Deadline.after(limit), monitor).result(), null);
        };
    }
}
