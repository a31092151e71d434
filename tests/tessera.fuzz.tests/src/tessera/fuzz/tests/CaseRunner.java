package tessera.fuzz.tests;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import tessera.cli.Main;

/**
 * Runs one {@link FuzzCase} through {@link Main#run} (the code of the {@code tessera} launcher and, for {@code build},
 * of the builder's {@code ProjectRunner}) on its own daemon thread with a time limit, and judges the outcome
 * (issue 22 item 4 and item 6). A case fails, in this order of kinds, on:
 * <ul>
 * <li>{@code exception}: a throwable escaping {@code Main.run}; {@code timeout}: over the per-case limit (three times
 * that for {@code build}, which runs every pass; the thread is interrupted and abandoned); {@code output-flood}:
 * more than {@link #OUTPUT_CAP} bytes printed;</li>
 * <li>{@code exit-code}: an exit code other than 0 or 1 (2 is accepted only when stderr names an option whose value
 * refers to the file's contents, e.g. {@code --param}, see {@link #DATA_OPTIONS});</li>
 * <li>{@code internal-error}, {@code stack-trace} ({@code "\tat "}), {@code out-of-memory}, {@code stack-overflow},
 * {@code exception-text} ({@code "Exception"} on stderr), {@code log-output} (a log4j line, watched by
 * {@link LogWatch} and added to the case's stderr);</li>
 * <li>{@code not-json}: with {@code --json}, stdout is not exactly one JSON document ({@code json-empty}, nothing
 * at all, is judged last, so that the other kinds show first);</li>
 * <li>{@code no-position}: a diagnostic (stderr line {@code [FILE[:LINE[:COL]]: ]error|warning|info: ...}, the form of
 * {@code tessera.core.Diagnostic.format}, or a JSON object with {@code severity} and {@code message}) without a line
 * number &ge; 1;</li>
 * <li>{@code bad-schedule}: a modsched schedule reported ok that {@link ScheduleCheck} rejects;
 * {@code exit0-with-error}: exit 0 although an error diagnostic was printed;</li>
 * <li>{@code tmp-left}: a {@code .tessera-*.tmp} file remains; {@code builder-wrote-outside}: {@code build} created or
 * changed a file outside {@code PROJECT/gen}.</li>
 * </ul>
 */
final class CaseRunner {
    /** Bytes kept per stream; more is an {@code output-flood} failure. */
    static final long OUTPUT_CAP = 16L << 20;

    /** Options whose value refers to the file's contents: a usage error (exit 2) naming one of them is accepted. */
    static final List<String> DATA_OPTIONS = List.of("--param", "--distribute", "--input", "--kernel", "--demote",
        "--decisions", "--decide", "--pes", "--tile", "--exclude", "--instance");

    /**
     * {@code -Dtessera.fuzz.allowEmptyJsonOnError=1} (or {@code TESSERA_FUZZ_ALLOWEMPTYJSONONERROR=1}): a failed
     * {@code --json} command may leave stdout empty (its diagnostics on stderr). Default: no, {@code --json} promises
     * exactly one JSON document (the launcher's help).
     */
    static final boolean ALLOW_EMPTY_JSON_ON_ERROR = Fuzzer.setting("tessera.fuzz.allowEmptyJsonOnError", 0) != 0;

    /** {@code [FILE: ]SEVERITY: message}: the shape of a Diagnostic.format line; group 1 is FILE[:LINE[:COL]]. */
    static final Pattern DIAGNOSTIC = Pattern.compile("^(?:(.+?): )?(error|warning|info): .*");
    /** FILE:LINE or FILE:LINE:COL with LINE >= 1 (Diagnostic.format ends the position with ':'). */
    static final Pattern POSITION = Pattern.compile(".+:[1-9][0-9]*(:[0-9]+)?:?");

    /** The outcome of one case. */
    record Outcome(int code, String out, String err, Throwable escaped, boolean timedOut, boolean flood, long nanos) {
        String firstErrLine() {
            for (String l : err.split("\n")) {
                if (!l.isBlank() && !l.startsWith("... ")) {
                    return l.length() > 300 ? l.substring(0, 300) + "…" : l;
                }
            }
            return err.isBlank() ? "(no stderr)" : err.lines().findFirst().orElse("");
        }
    }

    /** A failed case: its kind (see the class comment) and what was wrong. */
    record Failure(String kind, String detail, FuzzCase fuzzCase, Outcome outcome) {
        @Override
        public String toString() {
            return "[" + kind + "] " + fuzzCase.commandLine() + ": " + detail + "; exit " + outcome.code() + ", stderr: "
                    + outcome.firstErrLine() + " (" + fuzzCase.origin() + ")";
        }
    }

    private final Path examples;
    private final Path fixtures;
    private final long limitMillis;

    CaseRunner(Path examples, Path fixtures, long limitMillis) {
        this.examples = examples;
        this.fixtures = fixtures;
        this.limitMillis = limitMillis;
    }

    /** Runs {@code c} in the (new, empty) folder {@code dir}; the failure, or null when the case passes. */
    Failure run(FuzzCase c, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path project = dir.resolve("project");
        if (c.builder()) {
            Path f = project.resolve(c.projectPath());
            Files.createDirectories(f.getParent());
            Files.write(f, c.bytes());
            for (String copy : c.projectCopies()) {
                Path to = project.resolve(copy);
                if (!Files.exists(to)) {
                    Files.createDirectories(to.getParent());
                    Files.copy(examples.resolve(copy), to);
                }
            }
        } else {
            Files.write(dir.resolve(c.fileName()), c.bytes());
        }
        Map<Path, byte[]> before = c.builder() ? snapshot(dir) : Map.of();
        List<String> words = new ArrayList<>();
        for (String w : c.words()) {
            words.add(w.replace("{FILE}", c.fileName()).replace("{EX}", examples.toString())
                    .replace("{FIX}", fixtures.toString()).replace("{DIR}", project.toString()));
        }
        Outcome o = execute(words, dir, c.builder() ? 3 * limitMillis : limitMillis);
        Failure f = judge(c, o);
        if (f == null && !o.timedOut()) {
            f = checkTree(c, o, dir, project, before);
        }
        return f;
    }

    Outcome execute(List<String> words, Path dir, long limit) {
        CappedOutput out = new CappedOutput(OUTPUT_CAP);
        CappedOutput err = new CappedOutput(OUTPUT_CAP);
        PrintStream po = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream pe = new PrintStream(err, true, StandardCharsets.UTF_8);
        int[] code = {-1};
        Throwable[] escaped = {null};
        LogWatch log = LogWatch.get();
        int logMark = log.mark();
        long t0 = System.nanoTime();
        Thread t = new Thread(() -> {
            try {
                code[0] = Main.run(words, po, pe, dir);
            } catch (Throwable e) {
                escaped[0] = e;
            }
        }, "fuzz-case");
        t.setDaemon(true);
        t.start();
        boolean timedOut = false;
        try {
            t.join(limit);
            if (t.isAlive()) {
                timedOut = true;
                t.interrupt(); // abandoned: Java cannot stop a thread; it stays a daemon
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            timedOut = true;
        }
        long nanos = System.nanoTime() - t0;
        po.flush();
        pe.flush();
        boolean flood = out.total() > OUTPUT_CAP || err.total() > OUTPUT_CAP;
        String logged = String.join("\n", log.since(logMark));
        return new Outcome(code[0], out.text(), logged.isEmpty() ? err.text() : err.text() + "\n" + logged, escaped[0],
                timedOut, flood, nanos);
    }

    /** The first failure kind {@code o} shows for {@code c} (class comment), or null. */
    static Failure judge(FuzzCase c, Outcome o) {
        if (o.escaped() != null) {
            return new Failure("exception", "escaped Main.run: " + o.escaped(), c, o);
        }
        if (o.timedOut()) {
            return new Failure("timeout", "no exit within the case's time limit", c, o);
        }
        if (o.flood()) {
            return new Failure("output-flood", "more than " + (OUTPUT_CAP >> 20) + " MiB printed", c, o);
        }
        String err = o.err();
        if (o.code() != 0 && o.code() != 1 && !(o.code() == 2 && DATA_OPTIONS.stream().anyMatch(err::contains))) {
            return new Failure("exit-code", "exit " + o.code(), c, o);
        }
        for (String l : err.split("\n")) {
            if (l.startsWith("log4j:") || l.matches("tessera: (WARN|ERROR|FATAL|INFO|DEBUG) .*")) {
                return new Failure("log-output", "a log line on stderr: " + l, c, o);
            }
        }
        if (err.contains("internal error") || o.out().contains("internal error")) {
            return new Failure("internal-error", "'internal error' printed", c, o);
        }
        if (err.contains("\tat ") || o.out().contains("\tat ")) {
            return new Failure("stack-trace", "a stack trace printed", c, o);
        }
        if (err.contains("out of memory")) {
            return new Failure("out-of-memory", "out of memory reached the launcher", c, o);
        }
        if (err.contains("stack overflow")) {
            return new Failure("stack-overflow", "stack overflow reached the launcher", c, o);
        }
        if (err.contains("Exception")) {
            return new Failure("exception-text", "an exception's name on stderr", c, o);
        }
        Object doc = null;
        boolean emptyJson = false;
        if (c.json()) {
            if (o.out().isBlank()) {
                emptyJson = true;
            } else {
                try {
                    doc = StrictJson.parse(o.out());
                } catch (IllegalArgumentException e) {
                    return new Failure("not-json", "--json but stdout is not one JSON document: " + e.getMessage(), c, o);
                }
            }
        }
        boolean errorPrinted = false;
        for (String l : err.split("\n")) {
            Matcher m = DIAGNOSTIC.matcher(l.strip());
            if (!m.matches()) {
                continue;
            }
            errorPrinted |= m.group(2).equals("error");
            if (m.group(1) == null || !POSITION.matcher(m.group(1)).matches()) {
                return new Failure("no-position", "diagnostic without file:line: " + l.strip(), c, o);
            }
        }
        if (doc != null) {
            List<Map<?, ?>> diags = new ArrayList<>();
            collectDiagnostics(doc, diags);
            for (Map<?, ?> d : diags) {
                errorPrinted |= "error".equals(d.get("severity"));
                if (!(d.get("line") instanceof java.math.BigDecimal line) || line.signum() <= 0) {
                    return new Failure("no-position", "JSON diagnostic without a line: " + d, c, o);
                }
            }
        }
        if (doc != null && c.words().contains("modsched")) {
            String problem = ScheduleCheck.check(new String(c.bytes(), StandardCharsets.UTF_8), doc);
            if (problem != null) {
                return new Failure("bad-schedule", problem, c, o);
            }
        }
        if (o.code() == 0 && errorPrinted) {
            return new Failure("exit0-with-error", "exit 0 with an error diagnostic", c, o);
        }
        if (emptyJson && !(o.code() != 0 && ALLOW_EMPTY_JSON_ON_ERROR)) {
            return new Failure("json-empty", "--json but nothing on stdout (exit " + o.code() + ")", c, o);
        }
        return null;
    }

    private static void collectDiagnostics(Object v, List<Map<?, ?>> into) {
        if (v instanceof Map<?, ?> m) {
            if (m.get("severity") instanceof String && m.get("message") instanceof String) {
                into.add(m);
            }
            m.values().forEach(x -> collectDiagnostics(x, into));
        } else if (v instanceof List<?> l) {
            l.forEach(x -> collectDiagnostics(x, into));
        }
    }

    static Failure checkTree(FuzzCase c, Outcome o, Path dir, Path project, Map<Path, byte[]> before)
            throws IOException {
        Path gen = project.resolve("gen");
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String name = p.getFileName().toString();
                if (name.startsWith(".tessera-") && name.endsWith(".tmp")) {
                    return new Failure("tmp-left", "half-written file left: " + dir.relativize(p), c, o);
                }
                if (c.builder() && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !p.startsWith(gen)) {
                    byte[] old = before.get(p);
                    if (old == null || !java.util.Arrays.equals(old, Files.readAllBytes(p))) {
                        return new Failure("builder-wrote-outside", (old == null ? "created " : "changed ")
                                + dir.relativize(p) + " outside PROJECT/gen", c, o);
                    }
                }
            }
        } catch (UncheckedIOException e) {
            // a file the abandoned or finished command is still moving: not a finding of this case
        }
        return null;
    }

    static Map<Path, byte[]> snapshot(Path dir) throws IOException {
        Map<Path, byte[]> m = new HashMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isRegularFile(p)) {
                    m.put(p, Files.readAllBytes(p));
                }
            }
        }
        return m;
    }

    /** Deletes {@code dir} and everything under it, quietly (a timed-out case may still be writing there). */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // left for the JVM's temp cleanup
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // same
        }
    }
}
