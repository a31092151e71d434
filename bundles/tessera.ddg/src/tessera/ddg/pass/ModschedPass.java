package tessera.ddg.pass;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.cli.Json;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.ddg.convert.DdgLoader;
import tessera.modsched.io.ScheduleReport;
import tessera.modsched.model.Loop;
import tessera.modsched.sms.SmsOptions;
import tessera.modsched.sms.SwingScheduler;
import tessera.modsched.verify.Verifier;
import tessera.modsched.verify.Violation;
import tessera.core.Deadline;
import tessera.core.TimeLimitException;
import tessera.ddg.cli.ModschedCommand;
import java.time.Duration;

/**
 * Builder pass {@code modsched}: reads a {@code .ddg} file with the .ddg language ({@link DdgLoader}), schedules
 * every loop with SMS (production changes on),
 * writes {@code modsched/<name>.schedule.txt} and {@code modsched/<name>.schedule.json}, reports diagnostics with
 * lines (a loop without a schedule is an error, II > MII a warning).
 */
public final class ModschedPass extends FilePass {
    /** Time limit of SMS for each loop in a build. */
    static final Duration TIME_LIMIT = Duration.ofSeconds(60);

    public ModschedPass() {
        super("modsched", ".ddg loop → swing modulo schedule (II, MaxLive, MRT)", 100, ".ddg");
    }

    @Override
    public void run(PassContext context) {
        DdgLoader.Result read = DdgLoader.load(context.contents(), context.fileName());
        if (!reportRead(context, read.diagnostics(), read.ok())) {
            return;
        }
        StringBuilder text = new StringBuilder();
        List<Object> json = new ArrayList<>();
        for (Loop loop : read.loops()) {
            context.monitor().checkCanceled();
            SwingScheduler.SmsResult r;
            try { // bounded like the CLI's default --time-limit: a build never hangs on one loop (issue 22)
                r = new SwingScheduler(SmsOptions.production()).run(loop, context.monitor().withDeadline(
                        Deadline.after(TIME_LIMIT), "modsched of loop '" + loop.name() + "'"));
            } catch (TimeLimitException e) {
                context.report(Diagnostic.error(context.fileName(), 0, "loop '" + loop.name() + "': " + e.getMessage(),
                        "schedule it with tessera modsched --time-limit S"));
                continue;
            }
            text.append(ScheduleReport.text(loop, r.result(), r)).append('\n');
            json.add(ScheduleReport.json(loop, r.result(), r));
            List<Violation> violations = r.result().ok() ? Verifier.verify(r.result().schedule()) : List.of();
            if (!violations.isEmpty()) { // never a clean build with a schedule the verifier rejects (issue 22)
                context.report(Diagnostic.error(context.fileName(), 0, "loop '" + loop.name() + "': the schedule "
                        + "violates " + violations.get(0), "please report this"));
            } else if (!r.result().ok()) {
                context.report(Diagnostic.error(context.fileName(), 0, "loop '" + loop.name()
                        + "': no modulo schedule found (" + r.result().lastFailure() + ")",
                        "check the recurrences and reservation patterns"));
            } else if (r.result().ii() > r.result().mii().value()) {
                context.report(Diagnostic.warning(context.fileName(), 0, "loop '" + loop.name() + "': II "
                        + r.result().ii() + " > MII " + r.result().mii().value() + " ("
                        + r.result().failures().get(0) + ")", "the exact scheduler may find a smaller II"));
            }
        }
        String base = GenPaths.baseName(context.fileName());
        context.output(id() + "/" + base + ".schedule.txt", text.toString().getBytes(StandardCharsets.UTF_8));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("file", context.fileName());
        doc.put("loops", json);
        context.output(id() + "/" + base + ".schedule.json", Json.write(doc).getBytes(StandardCharsets.UTF_8));
        context.summary("modsched: " + read.loops().size() + " loop(s) scheduled from " + context.fileName());
    }
}
