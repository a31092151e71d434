package tessera.palmed.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;

/**
 * Reads a {@code .portmap} file: the uops.info notation of seed 000 §III-B port mappings, one instruction a line.
 * <pre>
 * # comment
 * machine toy            (optional name)
 * ports 0 1 6            (optional; when present every used port must be declared)
 * issue-width 4          (optional front-end limit, μOPs per cycle)
 * ADDSS: 1*p01
 * CVT:   1*p0+1*p01      (a '*'-less term means one μOP)
 * DIVPS: 1*p0+4c*pd uops 1
 * NOP:   uops 1          (no port, only the issue width; needs 'issue-width')
 * </pre>
 * Issue 21 item 5 adds two forms, both optional, so every older file reads as before. A busy term {@code Cc*pPORTS}
 * is one μOP that keeps one unit of PORTS busy C cycles (a non-pipelined divider); {@code N*pPORTS} stays N
 * one-cycle μOPs. Both add their cycles of load to PORTS (seed 000 digest §2.3: the throughput is the optimal
 * fractional assignment, max over port sets J of load(J)/|J|). A trailing {@code uops N} gives the μOPs the front end
 * issues (used with {@code issue-width}) instead of the default, the sum of N over plain terms plus 1 per busy term.
 * Problems are reported as line-numbered diagnostics; the result is null when there is any error.
 */
public final class PortMappingParser {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.{}\\-]*");
    private static final Pattern TERM = Pattern.compile("(?:(\\d+)(c?)\\s*\\*\\s*)?p([A-Za-z0-9]+)");
    private static final Pattern UOPS = Pattern.compile("(?:^|\\s)uops(?:\\s+(\\S*))?\\s*$");

    /**
     * The largest μOP count or busy cycles of one term, {@code uops N} and {@code issue-width} ({@value}): real
     * mappings stay below 100, and the throughput LP and the renderers add these up (issue 22, documented maximum).
     */
    public static final int MAX_COUNT = 10_000;

    private PortMappingParser() {
    }

    public static PortMapping parse(String file, String text, Diagnostics diags) {
        String name = baseName(file);
        TreeSet<String> declared = null;
        int declaredLine = 0;
        int issue = 0;
        Map<String, List<Uop>> instrs = new LinkedHashMap<>();
        Map<String, Integer> declaredUops = new LinkedHashMap<>();
        int portlessLine = 0;
        Map<String, Integer> firstLine = new LinkedHashMap<>();
        TreeSet<String> used = new TreeSet<>();
        Map<String, Integer> portFirstUse = new LinkedHashMap<>();
        boolean errors = false;
        for (ContentLine cl : contentLines(text)) {
            int ln = cl.number();
            int col = cl.column();
            String line = cl.text();
            int colon = line.indexOf(':');
            if (colon < 0) {
                String[] w = line.split("\\s+");
                switch (w[0]) {
                    case "machine" -> {
                        if (w.length != 2) {
                            errors = err(diags, file, ln, col, "'machine' takes exactly one name", "write: machine skylake");
                        } else {
                            name = w[1];
                        }
                    }
                    case "ports" -> {
                        declared = new TreeSet<>();
                        declaredLine = ln;
                        for (int k = 1; k < w.length; k++) {
                            String p = w[k].startsWith("p") && w[k].length() == 2 ? w[k].substring(1) : w[k];
                            if (p.length() != 1 || !Character.isLetterOrDigit(p.charAt(0))) {
                                errors = err(diags, file, ln, col, "bad port name '" + w[k] + "'",
                                        "ports are single letters or digits, e.g. 'ports 0 1 5 6'");
                            } else if (!declared.add(p)) {
                                errors = err(diags, file, ln, col, "port " + p + " declared twice", "");
                            }
                        }
                        if (declared.isEmpty()) {
                            errors = err(diags, file, ln, col, "'ports' lists no port", "write: ports 0 1 6");
                        }
                    }
                    case "issue-width" -> {
                        try {
                            issue = w.length == 2 ? Integer.parseInt(w[1]) : -1;
                        } catch (NumberFormatException e) {
                            issue = -1;
                        }
                        if (issue <= 0 || issue > MAX_COUNT) {
                            errors = err(diags, file, ln, col + Math.max(0, line.indexOf(w[w.length - 1])), "'issue-width' needs a whole number in 1.." + MAX_COUNT,
                                    "write: issue-width 4");
                            issue = 0;
                        }
                    }
                    default -> errors = err(diags, file, ln, col, "expected 'NAME: usage' or a directive, got '" + line + "'",
                            "instruction lines look like 'ADDSS: 1*p01'; directives are machine, ports, issue-width");
                }
                continue;
            }
            String iname = line.substring(0, colon).strip();
            String usage = line.substring(colon + 1).strip();
            if (!NAME.matcher(iname).matches()) {
                errors = err(diags, file, ln, col, "bad instruction name '" + iname + "'",
                        "names start with a letter and use letters, digits, '_', '.', '-'");
                continue;
            }
            if (firstLine.containsKey(iname)) {
                errors = err(diags, file, ln, col, "instruction " + iname + " is defined twice (first on line "
                        + firstLine.get(iname) + ")", "keep one definition");
                continue;
            }
            Integer declaredCount = null;
            Matcher um = UOPS.matcher(usage);
            if (um.find()) {
                declaredCount = wholeNumber(um.group(1));
                if (declaredCount == null || declaredCount > MAX_COUNT) {
                    errors = err(diags, file, ln, col + Math.max(0, line.lastIndexOf("uops")), "'uops' of " + iname + " needs a whole number in 0.." + MAX_COUNT,
                            "write e.g. 'DIVPS: 1*p0+4c*pd uops 1'");
                    continue;
                }
                usage = usage.substring(0, um.start()).strip();
                if (usage.isEmpty() && declaredCount == 0) {
                    errors = err(diags, file, ln, col, "instruction " + iname + " uses no port and no μOP",
                            "give a port usage or 'uops N' with N > 0");
                    continue;
                }
            }
            if (usage.isEmpty() && declaredCount == null) {
                errors = err(diags, file, ln, col, "instruction " + iname + " has no port usage", "write e.g. 1*p01");
                continue;
            }
            List<Uop> uops = new ArrayList<>();
            boolean bad = false;
            for (String term : usage.isEmpty() ? new String[0] : usage.split("\\+")) {
                Matcher m = TERM.matcher(term.strip());
                if (!m.matches()) {
                    errors = err(diags, file, ln, col, "cannot read port usage '" + term.strip() + "' of " + iname,
                            "use N*pPORTS (N μOPs, e.g. 1*p0156), Cc*pPORTS (a unit busy C cycles, e.g. 4c*pd),"
                                    + " then optionally 'uops N'");
                    bad = true;
                    break;
                }
                int count;
                try {
                    count = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
                } catch (NumberFormatException e) {
                    count = 0;
                }
                if (count <= 0 || count > MAX_COUNT) {
                    errors = err(diags, file, ln, col + Math.max(0, line.indexOf(term.strip())), "μOP count must be a whole number in 1.." + MAX_COUNT + " in '"
                            + term.strip() + "'", "");
                    bad = true;
                    break;
                }
                TreeSet<String> ps = new TreeSet<>();
                for (char c : m.group(3).toCharArray()) {
                    String p = String.valueOf(c);
                    if (!ps.add(p)) {
                        errors = err(diags, file, ln, col, "port " + p + " repeated in '" + term.strip() + "'", "");
                        bad = true;
                    }
                    used.add(p);
                    portFirstUse.putIfAbsent(p, ln);
                }
                uops.add(new Uop(count, ps, m.group(2) != null && !m.group(2).isEmpty()));
            }
            if (!bad) {
                instrs.put(iname, uops);
                firstLine.put(iname, ln);
                if (declaredCount != null) {
                    declaredUops.put(iname, declaredCount);
                }
                if (uops.isEmpty() && portlessLine == 0) {
                    portlessLine = ln;
                }
            }
        }
        if (declared != null) {
            for (String p : used) {
                if (!declared.contains(p)) {
                    errors = err(diags, file, portFirstUse.get(p), "port " + p + " is used but not declared on line "
                            + declaredLine, "add it to the 'ports' line");
                }
            }
        }
        if (portlessLine > 0 && issue == 0) {
            errors = err(diags, file, portlessLine, "an instruction with only 'uops N' needs an issue width",
                    "add 'issue-width W' or give the instruction a port usage");
        }
        if (instrs.isEmpty() && !errors) {
            errors = err(diags, file, 1, 1, "the port mapping defines no instruction", "add lines like 'ADDSS: 1*p01'");
        }
        if (errors) {
            return null;
        }
        return new PortMapping(name, declared != null ? declared : used, instrs, issue, declaredUops);
    }

    /** The value of a whole-number field, or null when it is missing, negative or not a number. */
    private static Integer wholeNumber(String s) {
        if (s == null || !s.matches("\\d{1,9}")) {
            return null;
        }
        return Integer.parseInt(s);
    }

    /** An error at {@code line:column} of the file (issue 22: every diagnostic of an input names its position). */
    private static boolean err(Diagnostics d, String file, int line, int column, String msg, String hint) {
        d.add(new Diagnostic(tessera.core.Severity.ERROR, file, line, column, -1, 0, msg, hint, ""));
        return true;
    }

    private static boolean err(Diagnostics d, String file, int line, String msg, String hint) {
        d.add(Diagnostic.error(file, line, msg, hint));
        return true;
    }

    /**
     * A non-blank line of a mapping file: its 1-based number, its text without the {@code #} comment and outer blanks,
     * and the 1-based column where that text starts.
     */
    record ContentLine(int number, String text, int column) {
    }

    /** The non-blank lines of {@code text}, comments ({@code #} to the end of the line) and outer blanks removed. */
    static List<ContentLine> contentLines(String text) {
        List<ContentLine> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int ln = 1; ln <= lines.length; ln++) {
            String line = lines[ln - 1];
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (!content.isEmpty()) {
                out.add(new ContentLine(ln, content, line.indexOf(content) + 1));
            }
        }
        return out;
    }

    static String baseName(String file) {
        String n = file == null ? "machine" : file.replace('\\', '/');
        n = n.substring(n.lastIndexOf('/') + 1);
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : (n.isEmpty() ? "machine" : n);
    }
}
