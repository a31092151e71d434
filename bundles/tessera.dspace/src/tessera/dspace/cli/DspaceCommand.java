package tessera.dspace.cli;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.core.Diagnostics;
import tessera.core.TimeLimitException;
import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.CliContext;
import tessera.core.cli.UsageException;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.csp.GeneratedCode;
import tessera.dspace.runtime.explore.Explorer;
import tessera.dspace.runtime.instance.Instance;
import tessera.dspace.runtime.instance.InstanceJson;

/**
 * {@code tessera dspace check FILE.exh} and {@code tessera dspace explore FILE.exh --instance INST.json [--count]
 * [--decide 'choice(a,b)=V1|V2' ...] [--generated] [--hidden]}: validate a decision space; instantiate it, apply
 * decisions, print the decision vector, what propagation removed, and the number of solutions and dead ends.
 */
public final class DspaceCommand implements CliCommand {
    private static final String DECISION_FORM = "CHOICE(obj,...)=VALUE[|VALUE]";

    private static final Pattern DECISION = Pattern.compile("\\s*([a-z_][A-Za-z0-9_]*)\\s*\\(([^)]*)\\)\\s*=\\s*(.+)");

    @Override
    public String name() {
        return "dspace";
    }

    @Override
    public String summary() {
        return "decision spaces (Telamon DSL): check a .exh file, explore it on a kernel instance";
    }

    @Override
    public String usage() {
        return """
                usage: tessera dspace check FILE.exh [--json]
                       tessera dspace explore FILE.exh --instance INST.json [--decide 'choice(obj,...)=VALUE|VALUE,...']
                                              [--count] [--limit N] [--time-limit S] [--generated] [--hidden] [--json]
                  --decide      restrict choice instances to the values given, in order; a comma-separated list or
                                repeated (commas inside the parentheses do not split: --decide 'order(a,b)=BEFORE,
                                order(b,c)=BEFORE' is --decide 'order(a,b)=BEFORE' --decide 'order(b,c)=BEFORE')
                  --time-limit  seconds for the whole run: loading, compiling, propagating, counting (default 60,
                                at most 1000000)
                  --limit N     candidates --count visits at most (default 100000, at most 1000000000)
                  --count       enumerate the fixed candidates below the result (solutions, dead ends)
                  --generated   propagate with the generated Java propagators (compiled in memory) instead of the interpreter
                  --hidden      also list the compiler's hidden choices (counter conditions δ)
                examples:
                  tessera dspace check examples/dspace/scheduling.exh
                  tessera dspace explore examples/dspace/scheduling.exh --instance examples/dspace/scheduling-3.json --count
                  tessera dspace explore examples/dspace/scheduling.exh --instance examples/dspace/scheduling-3.json --decide 'order(i0,i1)=BEFORE'""";
    }

    @Override
    public Set<String> flags() {
        return Set.of("count", "generated", "hidden");
    }

    @Override
    public Set<String> valuedOptions() {
        return Set.of("instance", "decide", "limit", "time-limit");
    }


    /** Several files, or a folder, in one run (issue 25). */
    @Override
    public Optional<InputFile> inputFile(Args args) {
        return InputFile.at(1, "exh");
    }
    @Override
    public int run(CliContext ctx, Args a) {
        String sub = a.positional(0, "subcommand (check or explore)");
        return switch (sub) {
            case "check" -> check(ctx, a);
            case "explore" -> explore(ctx, a);
            default -> throw new UsageException("unknown subcommand '" + sub + "' (check or explore)");
        };
    }

    private static DspaceLoader.Result load(CliContext ctx, String file) {
        Path p = ctx.resolve(file);
        if (!Files.isRegularFile(p)) {
            Diagnostics d = new Diagnostics();
            d.add(Diagnostic.error(file, 0, "no such file", "give the path of a .exh file"));
            return new DspaceLoader.Result(null, null, d, List.of());
        }
        return DspaceLoader.load(p);
    }

    private static List<Map<String, Object>> json(Diagnostics ds) {
        List<Map<String, Object>> r = new ArrayList<>();
        for (Diagnostic d : ds) {
            r.add(d.toJson()); // positions as shown: a diagnostic about a whole file at 1:1
        }
        return r;
    }

    private int check(CliContext ctx, Args a) {
        a.expectPositional(2);
        String file = a.positional(1, "FILE.exh");
        DspaceLoader.Result r = load(ctx, file);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file", file);
        out.put("ok", r.ok());
        out.put("diagnostics", json(r.diagnostics()));
        if (r.program() != null) {
            Program p = r.program();
            out.put("sets", p.setNames.size());
            out.put("choices", p.choices.stream().filter(c -> !c.hidden()).count());
            out.put("constraints", p.space.constraints.size());
            out.put("propagatorGroups", p.groups.size());
            out.put("rules", p.groups.stream().mapToInt(Program.Group::rules).sum());
            out.put("triggers", p.space.triggers.size());
            out.put("quotients", p.space.quotients.size());
        }
        if (print(ctx, out, r.diagnostics()) && r.program() != null) {
            ctx.println(file + ": ok — " + out.get("sets") + " sets, " + out.get("choices") + " choices, "
                    + out.get("constraints") + " constraints → " + out.get("rules") + " propagators in "
                    + out.get("propagatorGroups") + " groups, " + out.get("triggers") + " triggers, "
                    + out.get("quotients") + " quotients");
        }
        return r.ok() ? OK : FAILED;
    }

    private int explore(CliContext ctx, Args a) {
        a.expectPositional(2);
        String file = a.positional(1, "FILE.exh");
        String instFile = a.required("instance", "missing --instance INST.json");
        long limit = a.longOption("limit", 100_000, 1, MAX_LIMIT);
        Deadline deadline = Deadline.after(a.timeLimit(TIME_LIMIT_S)); // covers loading, compiling and propagation
        Monitor monitor = ctx.monitor().withDeadline(deadline, "dspace explore");
        List<Explorer.Decision> decisions = new ArrayList<>();
        for (Map.Entry<String, String> d : a.assignmentList("decide", DECISION_FORM, false)) {
            String part = d.getKey() + "=" + d.getValue();
            Matcher m = DECISION.matcher(part);
            if (!m.matches()) {
                throw new UsageException("--decide expects " + DECISION_FORM + ", got '" + part + "'");
            }
            List<String> objs = new ArrayList<>();
            for (String o : m.group(2).split(",")) {
                if (!o.isBlank()) {
                    objs.add(o.trim());
                }
            }
            List<String> vals = new ArrayList<>();
            for (String v : m.group(3).split("\\|")) {
                vals.add(v.trim());
            }
            decisions.add(new Explorer.Decision(m.group(1), objs, vals));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file", file);
        out.put("instance", instFile);
        Diagnostics diags = new Diagnostics();
        try {
            return explore(ctx, a, file, instFile, decisions, limit, deadline, monitor, out, diags);
        } catch (TimeLimitException e) {
            throw e; // the launcher's one line "tessera dspace: ... did not finish within ..." (exit 1)
        }
    }

    /** The largest {@code --limit} of {@code explore --count} ({@value} candidates). */
    public static final long MAX_LIMIT = 1_000_000_000L;

    /** Default {@code explore --time-limit} in seconds: loading, compiling, propagating and counting together. */
    public static final double TIME_LIMIT_S = 60;

    private int explore(CliContext ctx, Args a, String file, String instFile, List<Explorer.Decision> decisions,
            long limit, Deadline deadline, Monitor monitor, Map<String, Object> out, Diagnostics diags) {
        DspaceLoader.Result r = load(ctx, file);
        diags.addAll(r.diagnostics());
        deadline.check("dspace explore (loading " + file + ")");
        Engine engine = null;
        if (r.program() != null) {
            String text;
            try {
                text = ctx.readSource(instFile);
            } catch (DiagnosticException e) {
                text = null;
                diags.add(e.diagnostic());
            } catch (IOException e) {
                text = null;
                diags.add(Diagnostic.error(instFile, 0, "cannot read the instance: " + e.getMessage(), null));
            }
            Instance inst = text == null ? null : InstanceJson.parse(instFile, text, diags);
            if (inst != null) {
                Diagnostics instDiags = new Diagnostics();
                engine = Engine.instantiate(r.program(), inst, instFile, instDiags);
                for (Diagnostic x : instDiags) {
                    diags.add(InstanceJson.place(x, text, 1)); // at the set or key it names in the instance
                }
                deadline.check("dspace explore (instantiating " + instFile + ")");
            }
        }
        if (engine == null) {
            return fail(ctx, out, diags);
        }
        if (a.flag("generated")) {
            try {
                engine.useGeneratedCode(GeneratedCode.compile(r.program()));
                deadline.check("dspace explore (compiling the propagators)");
            } catch (IllegalStateException e) {
                diags.add(Diagnostic.error(file, 0, e.getMessage(), "run without --generated to interpret the propagators"));
                return fail(ctx, out, diags);
            }
        }
        Explorer ex = new Explorer(engine, monitor);
        List<Map<String, Object>> steps = new ArrayList<>();
        boolean failed = ex.current().failed();
        if (failed) {
            diags.add(new Diagnostic(tessera.core.Severity.ERROR, instFile, 1, 1, -1, 0,
                    "the initial candidate has no solution: " + ex.current().failure(), null, ""));
        }
        for (Explorer.Decision d : decisions) {
            if (ex.current().failed()) {
                break;
            }
            Explorer.Step s;
            try {
                s = ex.apply(d);
            } catch (IllegalArgumentException e) {
                diags.add(Diagnostic.error("--decide", 0, e.getMessage(), "objects and values come from the instance and the space"));
                return fail(ctx, out, diags);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("decision", d.toString());
            m.put("removed", s.removed());
            m.put("failed", s.failed());
            m.put("failure", s.failure());
            steps.add(m);
            failed = s.failed();
        }
        Candidate cur = ex.current();
        List<Map<String, Object>> vector = new ArrayList<>();
        int open = 0;
        if (!cur.failed()) {
            for (Explorer.Entry e : ex.vector(a.flag("hidden"))) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("choice", e.choice());
                m.put("objects", e.objects());
                m.put("kind", e.kind());
                if (e.kind().equals("counter")) {
                    m.put("min", e.min());
                    m.put("max", e.max() >= Long.MAX_VALUE / 4 ? null : e.max());
                } else {
                    m.put("values", e.values());
                    if (!e.fixed()) {
                        open++;
                    }
                }
                vector.add(m);
            }
        }
        out.put("steps", steps);
        out.put("failed", cur.failed());
        out.put("failure", cur.failure());
        out.put("open", open);
        out.put("vector", vector);
        if (a.flag("count") && !cur.failed()) {
            try {
                Enumerator.Result er = Enumerator.run(cur, deadline, monitor, limit, false);
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("solutions", er.leaves());
                c.put("deadEnds", er.deadEnds());
                c.put("internalNodes", er.internalNodes());
                c.put("complete", er.complete());
                out.put("count", c);
            } catch (TimeLimitException e) {
                throw e; // as every time limit: the launcher's one line (exit 1)
            }
        }
        out.put("diagnostics", json(diags));
        if (print(ctx, out, diags)) {
            for (Map<String, Object> s : steps) {
                ctx.println("decide " + s.get("decision") + (Boolean.TRUE.equals(s.get("failed")) ? "  → FAILED: " + s.get("failure") : ""));
                @SuppressWarnings("unchecked")
                Map<String, List<String>> rm = (Map<String, List<String>>) s.get("removed");
                rm.forEach((k, v) -> ctx.println("  removed " + k + ": " + String.join(" ", v)));
            }
            if (!cur.failed()) {
                ctx.println("decision vector (" + vector.size() + " instances, " + open + " open):");
                for (Explorer.Entry e : ex.vector(a.flag("hidden"))) {
                    ctx.println("  " + pad(e.instance(), 32) + (e.kind().equals("counter")
                            ? "[" + e.min() + ", " + (e.max() >= Long.MAX_VALUE / 4 ? "∞" : e.max()) + "]"
                            : String.join(" ", e.values())));
                }
            } else {
                ctx.println("candidate FAILED: " + cur.failure());
            }
            if (out.get("count") instanceof Map<?, ?> c) {
                ctx.println("solutions: " + c.get("solutions") + ", dead ends: " + c.get("deadEnds") + ", inner nodes: "
                        + c.get("internalNodes") + (Boolean.TRUE.equals(c.get("complete")) ? "" : " (stopped at --limit)"));
            }
        }
        return diags.hasErrors() || failed ? FAILED : OK;
    }

    private static String pad(String s, int n) {
        return s.length() >= n ? s + " " : s + " ".repeat(n - s.length());
    }

    private static int fail(CliContext ctx, Map<String, Object> out, Diagnostics diags) {
        out.put("diagnostics", json(diags));
        print(ctx, out, diags);
        return FAILED;
    }

    /** Prints {@code out} as JSON, or the diagnostics as text; true in text mode, where the caller prints the rest. */
    private static boolean print(CliContext ctx, Map<String, Object> out, Diagnostics diags) {
        if (ctx.json()) {
            ctx.json(out);
            return false;
        }
        for (Diagnostic d : diags) {
            ctx.println(d.format());
        }
        return true;
    }
}
