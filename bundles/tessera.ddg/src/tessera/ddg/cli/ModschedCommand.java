package tessera.ddg.cli;

import tessera.core.cli.CliCommand.InputFile;
import java.util.Optional;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import tessera.core.Deadline;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Severity;
import tessera.core.TimeLimitException;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.ddg.convert.DdgLoader;
import tessera.ddg.ddg.DdgPackage;
import tessera.modsched.verify.Verifier;
import tessera.modsched.verify.Violation;
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
                usage: tessera modsched FILE.ddg [--algo sms|sms-original|topdown|ims|hrms|exact] [--time-limit S]
                                        [--csv MRT.csv] [--json]
                       tessera modsched --from-gcc DUMP.sms [--algo …] [--time-limit S] [--ddg OUT.ddg] [--json]
                  Schedules every loop of FILE and prints ResMII, RecMII, MII, the SMS sets and order, II, MaxLive,
                  stage count, the schedule and the modulo reservation table.
                  --algo        sms (default, with the production changes), sms-original (§4 exactly), topdown,
                                ims (Rau's iterative modulo scheduling), hrms (hypernode reduction),
                                exact (SAT4J: minimum II, then minimum MaxLive)
                  --from-gcc    read the dependence graphs of GCC's SMS dump (gcc -fmodulo-sched
                                -fdump-rtl-sms-details, POWER8 machine: docs/modsched.md) and print one line per loop,
                                ours beside GCC's RecMII, MII, II and stage count
                  --ddg         with --from-gcc: also write the graphs as OUT.ddg and GCC's numbers as OUT.gcc.csv
                  --time-limit  seconds for each loop, every algorithm (default 60, at most 1000000); a loop that
                                runs out is an error (exit 1); with exact, when it runs out after the minimum II is
                                proven, the best schedule found is kept (MaxLive not proven minimal)
                  --csv         also write the modulo reservation tables as CSV (one line per cell:
                                loop,row,resource,instance,op,stage,iteration)
                  Limits (docs/modsched.md): latencies and distances 0..100000, counts and issue width up to 1000,
                  busy times up to 1000, 100000 operations and 1000000 edges per loop.
                examples:
                  tessera modsched examples/modsched/motivating.ddg
                  tessera modsched examples/modsched/recurrence.ddg --algo exact --csv recurrence.mrt.csv""";
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("algo", "time-limit", "csv", "from-gcc", "ddg");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return args.option("from-gcc").isPresent() ? Optional.empty() : InputFile.at(0, "ddg", Set.of("csv", "ddg"));
    }
    @Override
    public int run(CliContext context, Args args) throws Exception {
        String algo = args.option("algo").orElse("sms");
        if (!Set.of("sms", "sms-original", "topdown", "ims", "hrms", "exact").contains(algo)) {
            throw new UsageException("--algo must be sms, sms-original, topdown, ims, hrms or exact, got '" + algo + "'");
        }
        Duration limit = args.timeLimit(DEFAULT_TIME_LIMIT_S); // for each loop, not shared
        if (args.option("from-gcc").isPresent()) {
            args.expectPositional(0);
            return GccComparison.run(context, args.option("from-gcc").get(), algo, limit, args.option("ddg").orElse(null));
        }
        if (args.option("ddg").isPresent()) {
            throw new UsageException("--ddg writes the graphs read with --from-gcc; give --from-gcc DUMP.sms");
        }
        args.expectPositional(1);
        String file = args.positional(0, "the .ddg file");
        String csvOut = args.option("csv").orElse(null);
        String text = readSource(context, file);
        if (text == null) {
            return FAILED;
        }
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
        context.monitor().begin("modsched " + file + " (" + algo + ")", read.loops().size());
        int index = 0;
        for (Loop loop : read.loops()) {
            context.monitor().item(index++, read.loops().size(), "loop " + loop.name());
            ScheduleResult r;
            SwingScheduler.SmsResult sms = null;
            int[] at = position(read, text, loop.name());
            try {
                Scheduled sc = schedule(algo, loop, limit, context.monitor());
                r = sc.result();
                sms = sc.sms();
            } catch (TimeLimitException e) { // exact: the minimum II was not proven; the others: nothing found yet
                context.report(error(file, at, "loop '" + loop.name() + "': no schedule, "
                        + (algo.equals("exact") ? "the minimum II was not proven: " : "") + e.getMessage(),
                        "--time-limit is in seconds for each loop (default " + (int) DEFAULT_TIME_LIMIT_S + ")"));
                rc = FAILED;
                continue;
            }
            if (r.proof() != null && !r.proof().maxLiveMinimal() && r.ok()) {
                context.report(new Diagnostic(Severity.WARNING, file, at[0], at[1], at[2], at[3], "loop '" + loop.name()
                        + "': kept the schedule at II " + r.ii() + ": " + r.proof().text(),
                        "raise --time-limit to prove the minimum MaxLive", ""));
            }
            List<Violation> violations = r.ok() ? Verifier.verify(r.schedule()) : List.of();
            if (r.ok() && violations.isEmpty()) {
                schedules.add(r.schedule());
            } else if (r.ok()) { // never exit 0 with a schedule the verifier rejects (issue 22)
                context.report(error(file, at, "loop '" + loop.name() + "': the " + algo + " schedule violates "
                        + violations.size() + " constraint(s), e.g. " + violations.get(0), "please report this"));
                rc = FAILED;
            } else {
                context.report(error(file, at, "loop '" + loop.name() + "': no schedule found ("
                        + r.lastFailure() + ")", algo.equals("exact") ? "try --algo sms" : "try --algo ims or --algo exact"));
                rc = FAILED;
            }
            if (context.json()) {
                results.add(ScheduleReport.json(loop, r, sms));
            } else {
                context.println(ScheduleReport.text(loop, r, sms));
            }
        }
        if (csvOut != null) {
            try {
                context.writeOutput("csv", csvOut, ScheduleCsv.mrt(schedules).getBytes(StandardCharsets.UTF_8));
            } catch (java.io.IOException e) {
                context.report(Diagnostic.error(csvOut, 0, "cannot write the CSV file: " + e.getMessage(),
                        "check the folder and its permissions"));
                rc = FAILED;
            }
        }
        if (context.json()) {
            context.json(tessera.core.cli.Json.object("file", file, "loops", results));
        }
        return rc;
    }

    /** Default {@code --time-limit} of every algorithm, in seconds for each loop (printed in the usage text). */
    static final double DEFAULT_TIME_LIMIT_S = 60;

    /**
     * A source file as {@link tessera.core.SourceText} reads it (strict UTF-8, BOM and CR handled), or null after
     * reporting why it cannot be read (a missing file, a folder, invalid UTF-8 at file:line:column).
     */
    static String readSource(CliContext context, String file) {
        Path path = context.resolve(file);
        if (!Files.isRegularFile(path)) {
            context.report(Diagnostic.error(file, 0, "cannot read " + file, "check the path"));
            return null;
        }
        try {
            return context.readSource(file);
        } catch (DiagnosticException e) {
            context.report(e.diagnostic());
        } catch (java.io.IOException e) {
            context.report(Diagnostic.error(file, 0, "cannot read " + file + ": " + e.getMessage(), "check the path"));
        }
        return null;
    }

    /** Line, column, offset and length of the loop's name in the text ({1, 1, 0, 0} when not found). */
    private static int[] position(DdgLoader.Result read, String text, String loopName) {
        if (read.ast() != null) {
            for (var e : read.ast().getElements()) {
                if (e instanceof tessera.ddg.ddg.Loop l && loopName.equals(l.getName())) {
                    var nodes = NodeModelUtils.findNodesForFeature(l, DdgPackage.eINSTANCE.getElement_Name());
                    var n = nodes.isEmpty() ? NodeModelUtils.findActualNodeFor(l) : nodes.get(0);
                    if (n != null) {
                        int off = n.getOffset();
                        int col = off - text.lastIndexOf('\n', off - 1);
                        return new int[] { n.getStartLine(), col, off, n.getLength() };
                    }
                }
            }
        }
        return new int[] { 1, 1, 0, 0 };
    }

    private static Diagnostic error(String file, int[] at, String message, String hint) {
        return new Diagnostic(Severity.ERROR, file, at[0], at[1], at[2], at[3], message, hint, "");
    }

    /** A loop scheduled by one algorithm, with SMS's intermediate results when it ran. */
    public record Scheduled(ScheduleResult result, SwingScheduler.SmsResult sms) {
    }

    /**
     * Schedules with the algorithm named as {@code --algo} does, every one within {@code limit}.
     *
     * @throws TimeLimitException when the limit passes first
     */
    public static Scheduled schedule(String algo, Loop loop, Duration limit, Monitor outer) {
        Deadline deadline = Deadline.after(limit);
        Monitor monitor = outer.withDeadline(deadline, algo + " modulo scheduling of loop '" + loop.name() + "'");
        return switch (algo) {
            case "sms", "sms-original" -> {
                SwingScheduler.SmsResult sms = new SwingScheduler(algo.equals("sms") ? SmsOptions.production()
                        : SmsOptions.original()).run(loop, monitor);
                yield new Scheduled(sms.result(), sms);
            }
            case "topdown" -> new Scheduled(new TopDownScheduler().schedule(loop, monitor), null);
            case "ims" -> new Scheduled(new IterativeModuloScheduler().schedule(loop, monitor), null);
            case "hrms" -> new Scheduled(new HrmsScheduler().schedule(loop, monitor), null);
            default -> new Scheduled(new ExactScheduler(limit).solve(loop, deadline, monitor).result(), null);
        };
    }
}
