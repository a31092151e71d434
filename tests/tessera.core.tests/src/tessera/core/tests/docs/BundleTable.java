package tessera.core.tests.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the bundle table of {@code docs/architecture.md} against the bundles' MANIFESTs: one row per bundle, its
 * "depends on" column naming exactly the {@code tessera.*} bundles of its {@code Require-Bundle} header (written in
 * backticks; other entries of the column are prose and not checked). {@link #check} returns the problems and the
 * corrected table, so the document is fixed by copying.
 */
final class BundleTable {
    private static final Pattern TESSERA = Pattern.compile("`(tessera(?:\\.[A-Za-z0-9_]+)*)`");

    private BundleTable() {
    }

    /** One table row: the bundle, what it holds, its tessera.* dependencies and the prose about other dependencies. */
    record Row(String bundle, String holds, Set<String> dependencies, String otherDependencies) {
        String markdown() {
            List<String> deps = new ArrayList<>();
            dependencies.forEach(d -> deps.add("`" + d + "`"));
            if (!otherDependencies.isEmpty()) {
                deps.add(otherDependencies);
            }
            return "| `" + bundle + "` | " + holds + " | " + (deps.isEmpty() ? "—" : String.join(", ", deps)) + " |";
        }
    }

    /** The result: the problems found (empty when the table is right) and the whole table as it should read. */
    record Result(List<String> problems, List<Row> correctTable) {
        boolean ok() {
            return problems.isEmpty();
        }

        /** The message of a failed check: the problems, then the corrected rows, then the whole corrected table. */
        String message() {
            StringBuilder b = new StringBuilder("docs/architecture.md's bundle table does not match the MANIFESTs:\n");
            problems.forEach(p -> b.append("  - ").append(p).append('\n'));
            b.append("\nThe whole table, corrected (copy it over the table under \"## Bundles\"; replace any TODO):\n\n");
            b.append(HEADER).append('\n');
            correctTable.forEach(r -> b.append(r.markdown()).append('\n'));
            return b.toString();
        }
    }

    static final String HEADER = "| bundle | holds | depends on |\n|---|---|---|";

    /** The rows of the table under the heading {@code ## Bundles}, in document order. */
    static List<Row> parseTable(String doc) {
        List<Row> rows = new ArrayList<>();
        boolean inSection = false;
        for (String line : doc.split("\r?\n")) {
            if (line.startsWith("## ")) {
                inSection = line.trim().equals("## Bundles");
                continue;
            }
            if (!inSection || !line.startsWith("| `")) {
                continue;
            }
            List<String> cells = cells(line);
            if (cells.size() < 3) {
                continue;
            }
            Matcher m = TESSERA.matcher(cells.get(0));
            if (!m.find()) {
                continue;
            }
            String column = cells.get(cells.size() - 1);
            String holds = String.join(" | ", cells.subList(1, cells.size() - 1));
            Set<String> deps = new TreeSet<>();
            List<String> other = new ArrayList<>();
            for (String entry : column.split(",")) {
                String e = entry.trim();
                Matcher d = TESSERA.matcher(e);
                if (d.matches()) {
                    deps.add(d.group(1));
                } else if (!e.isEmpty() && !e.equals("—")) {
                    other.add(e);
                }
            }
            rows.add(new Row(m.group(1), holds, deps, String.join(", ", other)));
        }
        return rows;
    }

    /** The cells of a markdown table row; a {@code |} inside backticks does not split. */
    private static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean code = false;
        String body = line.trim();
        body = body.substring(1, body.endsWith("|") && body.length() > 1 ? body.length() - 1 : body.length());
        for (char c : body.toCharArray()) {
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code) {
                cells.add(cur.toString().trim());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        cells.add(cur.toString().trim());
        return cells;
    }

    /** The main headers of a MANIFEST.MF, continuation lines (starting with one space) joined. */
    static Map<String, String> headers(String manifest) {
        Map<String, String> headers = new LinkedHashMap<>();
        String last = null;
        for (String line : manifest.split("\r?\n")) {
            if (line.isEmpty()) {
                if (last != null) {
                    break; // end of the main section
                }
                continue;
            }
            if (line.startsWith(" ") && last != null) {
                headers.put(last, headers.get(last) + line.substring(1));
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                last = line.substring(0, colon).trim();
                headers.put(last, line.substring(colon + 1).trim());
            }
        }
        return headers;
    }

    /** The symbolic name of a bundle, without attributes such as {@code ;singleton:=true}. */
    static String symbolicName(String manifest) {
        String bsn = headers(manifest).get("Bundle-SymbolicName");
        return bsn == null ? null : clauses(bsn).get(0);
    }

    /** The {@code tessera.*} bundles of the {@code Require-Bundle} header, attributes and directives ignored. */
    static Set<String> tesseraRequirements(String manifest) {
        Set<String> out = new TreeSet<>();
        String rb = headers(manifest).get("Require-Bundle");
        if (rb != null) {
            for (String name : clauses(rb)) {
                if (name.equals("tessera") || name.startsWith("tessera.")) {
                    out.add(name);
                }
            }
        }
        return out;
    }

    /** The names of the comma-separated clauses of a header (commas inside quotes do not split). */
    private static List<String> clauses(String header) {
        List<String> names = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (char c : (header + ",").toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == ',' && !quoted) {
                String clause = cur.toString();
                int semi = clause.indexOf(';');
                String name = (semi < 0 ? clause : clause.substring(0, semi)).trim();
                if (!name.isEmpty()) {
                    names.add(name);
                }
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        return names;
    }

    /**
     * Checks {@code doc}'s bundle table against {@code manifests} (the text of each {@code bundles/X/META-INF/MANIFEST.MF},
     * keyed by any label, e.g. its path; the bundle is its {@code Bundle-SymbolicName}).
     */
    static Result check(String doc, Map<String, String> manifests) {
        Map<String, Set<String>> actual = new TreeMap<>();
        for (String text : manifests.values()) {
            String name = symbolicName(text);
            if (name != null) {
                actual.put(name, tesseraRequirements(text));
            }
        }
        List<Row> rows = parseTable(doc);
        List<String> problems = new ArrayList<>();
        Map<String, Row> documented = new LinkedHashMap<>();
        for (Row r : rows) {
            if (documented.putIfAbsent(r.bundle(), r) != null) {
                problems.add("`" + r.bundle() + "` has more than one row");
            }
        }
        List<Row> correct = new ArrayList<>();
        for (Row r : documented.values()) {
            Set<String> deps = actual.get(r.bundle());
            if (deps == null) {
                problems.add("row `" + r.bundle() + "` names no bundle under bundles/ (remove the row)");
                continue;
            }
            Row fixed = new Row(r.bundle(), r.holds(), deps, r.otherDependencies());
            if (!deps.equals(r.dependencies())) {
                Set<String> missing = new TreeSet<>(deps);
                missing.removeAll(r.dependencies());
                Set<String> extra = new TreeSet<>(r.dependencies());
                extra.removeAll(deps);
                List<String> what = new ArrayList<>();
                if (!missing.isEmpty()) {
                    what.add("required by the MANIFEST, missing from the table: " + missing);
                }
                if (!extra.isEmpty()) {
                    what.add("listed in the table, not required by the MANIFEST: " + extra);
                }
                problems.add("`" + r.bundle() + "`: " + String.join("; ", what) + "; correct row:\n      " + fixed.markdown());
            }
            correct.add(fixed);
        }
        for (Map.Entry<String, Set<String>> e : actual.entrySet()) {
            if (documented.containsKey(e.getKey())) {
                continue;
            }
            Row fixed = new Row(e.getKey(), "TODO: what it holds", e.getValue(), "");
            problems.add("bundle `" + e.getKey() + "` has no row; add:\n      " + fixed.markdown());
            correct.add(insertionIndex(correct, e.getKey()), fixed);
        }
        return new Result(problems, correct);
    }

    /** Where a new bundle's row goes: after the last row sharing the longest dotted prefix with it (else at the end). */
    private static int insertionIndex(List<Row> rows, String bundle) {
        int best = rows.size();
        int bestLength = 0;
        for (int i = 0; i < rows.size(); i++) {
            int common = commonSegments(rows.get(i).bundle(), bundle);
            if (common > 0 && common >= bestLength) {
                bestLength = common;
                best = i + 1;
            }
        }
        return best;
    }

    private static int commonSegments(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int n = 0;
        while (n < x.length && n < y.length && x[n].equals(y[n])) {
            n++;
        }
        return n;
    }
}
