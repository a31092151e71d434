package tessera.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.cli.CliContext;
import tessera.core.pass.ProjectRunner.PassRun;

/** Prints what {@code build} and {@code demo} did, as text or as the JSON convention. */
final class RunReport {
    private RunReport() {
    }

    static Map<String, Object> json(List<PassRun> runs) {
        List<Object> items = new ArrayList<>();
        for (PassRun r : runs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", r.file());
            m.put("pass", r.passId());
            m.put("ok", !r.hasErrors());
            m.put("summary", r.summaries());
            m.put("outputs", r.outputs());
            m.put("diagnostics", r.diagnostics().stream().map(Diagnostic::toJson).toList());
            items.add(m);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", runs.stream().noneMatch(PassRun::hasErrors));
        m.put("runs", items);
        return m;
    }

    static void text(CliContext ctx, List<PassRun> runs) {
        for (PassRun r : runs) {
            String status = r.hasErrors() ? "FAILED" : "ok";
            String summary = r.summaries().isEmpty() ? "" : String.join("; ", r.summaries());
            ctx.println(String.format("  %-14s %-34s %-6s %s", r.passId(), r.file(), status, summary));
            for (Diagnostic d : r.diagnostics()) {
                ctx.println("      " + d.format());
            }
        }
    }
}
