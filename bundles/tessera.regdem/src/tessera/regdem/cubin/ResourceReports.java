package tessera.regdem.cubin;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.regdem.occupancy.ArchSpec;

/**
 * Parses the compiler's text reports of kernel resources: ptxas's {@code -v} log ({@code nvcc -Xptxas -v}, as in the
 * corpus's {@code .ptxas} files) and {@code cuobjdump -res-usage} output. Problems are {@link ResourceException}s with
 * the 1-based line number.
 */
public final class ResourceReports {
    private static final Pattern PTXAS = Pattern.compile("^\\s*(?:ptxas|nvlink)\\s+(info|warning|error|fatal)\\s*:"
            + "\\s*(.*?)\\s*$");
    private static final Pattern ENTRY = Pattern.compile("^Compiling entry function '([^']+)' for '([^']+)'$");
    private static final Pattern PROPS = Pattern.compile("^Function properties for (\\S+)$");
    private static final Pattern USED = Pattern.compile("^Used (\\d+) registers(.*)$");
    private static final Pattern FRAME = Pattern.compile(
            "^\\s*(\\d+) bytes stack frame, (\\d+) bytes spill stores, (\\d+) bytes spill loads\\s*$");
    private static final Pattern USED_PART = Pattern.compile(
            "^(?:used (\\d+) barriers|(\\d+) bytes (smem|lmem|cumulative stack size|cmem\\[(\\d+)\\])"
                    + "|(\\d+) (textures|samplers|surfaces))$");
    private static final Pattern RES_FUNCTION = Pattern.compile("^\\s*Function (\\S+?):\\s*$");
    private static final Pattern RES_PAIR = Pattern.compile("([A-Z_]+(?:\\[\\d+\\])?):(\\d+)");
    private static final Pattern FATBIN_META = Pattern.compile(
            "^(?:Fatbin (?:elf|ptx) code:|=+|arch = (\\S+)|code version = .*|host = .*|compile_size = .*"
                    + "|producer = .*|identifier = .*|ptxasOptions = .*)$");
    private static final String HINT_PTXAS = "give the stderr of nvcc -Xptxas -v (or ptxas -v): lines such as "
            + "\"ptxas info    : Used 12 registers, used 1 barriers, 256 bytes smem\"";
    private static final String HINT_RES = "give the output of cuobjdump -res-usage FILE: \"Function NAME:\" lines, "
            + "each followed by \"REG:n STACK:n SHARED:n LOCAL:n CONSTANT[0]:n ...\"";

    private ResourceReports() {
    }

    /** Either report, told apart by its content ({@code Resource usage:} for cuobjdump). */
    public static List<ResourceUsage> parse(String fileName, String text, String arch) throws ResourceException {
        if (text.contains("Resource usage:")) {
            return parseResUsage(fileName, text, arch);
        }
        if (text.contains("ptxas")) {
            return parsePtxasLog(fileName, text);
        }
        throw new ResourceException(fileName, 0, "neither a ptxas -v log nor cuobjdump -res-usage output",
                HINT_PTXAS + "; or " + HINT_RES);
    }

    /** One {@link ResourceUsage} per "Compiling entry function" of a ptxas {@code -v} log, in log order. */
    public static List<ResourceUsage> parsePtxasLog(String fileName, String text) throws ResourceException {
        record Entry(String name, String arch, int line, int[] used, OptionalInt barriers, OptionalInt cmem0) {
        }
        List<Entry> entries = new ArrayList<>();
        Map<String, Integer> frames = new LinkedHashMap<>();
        String entryName = null;
        String entryArch = "";
        int entryLine = 0;
        String propsFor = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int ln = i + 1;
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            Matcher m = FRAME.matcher(line);
            if (m.matches()) {
                if (propsFor == null) {
                    throw new ResourceException(fileName, ln, "stack frame line without a \"Function properties "
                            + "for NAME\" line before it", HINT_PTXAS);
                }
                frames.put(propsFor, num(fileName, ln, m.group(1)));
                continue;
            }
            m = PTXAS.matcher(line);
            if (!m.matches()) {
                throw new ResourceException(fileName, ln, "not a line of a ptxas -v log: \"" + clip(line) + "\"",
                        HINT_PTXAS);
            }
            String kind = m.group(1);
            String msg = m.group(2);
            if (kind.equals("error") || kind.equals("fatal")) {
                throw new ResourceException(fileName, ln, "the log reports a failed compilation: " + msg,
                        "fix the compile error and give the log of a successful nvcc -Xptxas -v run");
            }
            if (!kind.equals("info")) {
                continue;
            }
            Matcher e = ENTRY.matcher(msg);
            Matcher p = PROPS.matcher(msg);
            Matcher u = USED.matcher(msg);
            if (e.matches()) {
                entryName = e.group(1);
                entryArch = e.group(2);
                entryLine = ln;
            } else if (p.matches()) {
                propsFor = p.group(1);
            } else if (u.matches()) {
                if (entryName == null) {
                    throw new ResourceException(fileName, ln, "\"Used ... registers\" line before any \"Compiling "
                            + "entry function\" line", HINT_PTXAS);
                }
                int[] used = { num(fileName, ln, u.group(1)), 0 };
                OptionalInt barriers = OptionalInt.empty();
                OptionalInt cmem0 = OptionalInt.empty();
                for (String part : u.group(2).split(",")) {
                    String t = part.trim();
                    if (t.isEmpty()) {
                        continue;
                    }
                    Matcher q = USED_PART.matcher(t);
                    if (!q.matches()) {
                        throw new ResourceException(fileName, ln, "unknown item \"" + clip(t) + "\" in a \"Used "
                                + "... registers\" line", HINT_PTXAS);
                    }
                    if (q.group(1) != null) {
                        barriers = OptionalInt.of(num(fileName, ln, q.group(1)));
                    } else if ("smem".equals(q.group(3))) {
                        used[1] = num(fileName, ln, q.group(2));
                    } else if ("0".equals(q.group(4))) {
                        cmem0 = OptionalInt.of(num(fileName, ln, q.group(2)));
                    }
                }
                entries.add(new Entry(entryName, entryArch, entryLine, used, barriers, cmem0));
                entryName = null;
            }
        }
        if (entryName != null) {
            throw new ResourceException(fileName, entryLine, "no \"Used N registers\" line for entry " + entryName
                    + " (the log is cut short?)", HINT_PTXAS);
        }
        if (entries.isEmpty()) {
            throw new ResourceException(fileName, 0, "no \"Compiling entry function\" line: not a ptxas -v log of a "
                    + "kernel", HINT_PTXAS);
        }
        List<ResourceUsage> out = new ArrayList<>();
        for (Entry x : entries) {
            out.add(new ResourceUsage(x.name(), x.arch(), x.used()[0], x.used()[1], frames.getOrDefault(x.name(), 0),
                    x.barriers(), x.cmem0(), ResourceSource.PTXAS_LOG));
        }
        return out;
    }

    /**
     * One {@link ResourceUsage} per "Function NAME:" of {@code cuobjdump -res-usage} output: REG, SHARED less the
     * reserved 1 KB on sm_90 (cuobjdump reports the ELF section size, which includes it; see {@link CubinReader}),
     * STACK (the stack frame; the legacy LOCAL field is not added), CONSTANT[0]. The architecture comes from the
     * output's {@code arch = sm_XX} lines (fatbin input) or else {@code arch} (may be null: then SHARED is taken as
     * is).
     */
    public static List<ResourceUsage> parseResUsage(String fileName, String text, String arch)
            throws ResourceException {
        List<ResourceUsage> out = new ArrayList<>();
        String curArch = arch == null ? "" : arch.trim();
        String function = null;
        boolean common = false;
        boolean header = false;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int ln = i + 1;
            String line = lines[i];
            String t = line.trim();
            if (t.isEmpty()) {
                continue;
            }
            Matcher f = RES_FUNCTION.matcher(line);
            Matcher meta = FATBIN_META.matcher(t);
            if (t.equals("Resource usage:")) {
                header = true;
                function = null;
                common = false;
            } else if (t.equals("Common:")) {
                common = true;
                function = null;
            } else if (f.matches()) {
                if (!header) {
                    throw new ResourceException(fileName, ln, "\"Function\" line before \"Resource usage:\"",
                            HINT_RES);
                }
                function = f.group(1);
                common = false;
            } else if (meta.matches()) {
                if (meta.group(1) != null) {
                    curArch = meta.group(1);
                }
                header = false;
            } else if (function != null) {
                out.add(resLine(fileName, ln, t, function, curArch));
                function = null;
            } else if (common && RES_PAIR.matcher(t).lookingAt()) {
                common = false;
            } else {
                throw new ResourceException(fileName, ln, "not a line of cuobjdump -res-usage output: \"" + clip(t)
                        + "\"", HINT_RES);
            }
        }
        if (function != null) {
            throw new ResourceException(fileName, lines.length, "no REG/SHARED/STACK line after \"Function "
                    + function + ":\" (the output is cut short?)", HINT_RES);
        }
        if (out.isEmpty()) {
            throw new ResourceException(fileName, 0, "no \"Function NAME:\" entry: not cuobjdump -res-usage output",
                    HINT_RES);
        }
        return out;
    }

    private static ResourceUsage resLine(String fileName, int ln, String t, String function, String arch)
            throws ResourceException {
        Map<String, Integer> kv = new LinkedHashMap<>();
        int pos = 0;
        Matcher m = RES_PAIR.matcher(t);
        while (pos < t.length()) {
            if (!m.find(pos) || !t.substring(pos, m.start()).isBlank()) {
                throw new ResourceException(fileName, ln, "expected KEY:number items (REG:22 STACK:0 ...), found \""
                        + clip(t.substring(pos)) + "\"", HINT_RES);
            }
            try {
                kv.put(m.group(1), Integer.parseInt(m.group(2)));
            } catch (NumberFormatException e) {
                throw new ResourceException(fileName, ln, "number too large: " + m.group(), HINT_RES);
            }
            pos = m.end();
            while (pos < t.length() && Character.isWhitespace(t.charAt(pos))) {
                pos++;
            }
        }
        for (String key : List.of("REG", "STACK", "SHARED")) {
            if (!kv.containsKey(key)) {
                throw new ResourceException(fileName, ln, "no " + key + ": item for function " + function, HINT_RES);
            }
        }
        int base = ArchSpec.find(arch).map(ArchSpec::sharedWindowBase).orElse(0);
        int shared = kv.get("SHARED");
        OptionalInt c0 = kv.containsKey("CONSTANT[0]") ? OptionalInt.of(kv.get("CONSTANT[0]")) : OptionalInt.empty();
        return new ResourceUsage(function, ArchSpec.find(arch).map(ArchSpec::name).orElse(arch), kv.get("REG"),
                shared >= base ? shared - base : shared, kv.get("STACK"), OptionalInt.empty(), c0,
                ResourceSource.RES_USAGE);
    }

    private static int num(String fileName, int ln, String digits) throws ResourceException {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new ResourceException(fileName, ln, "number too large: " + clip(digits), HINT_PTXAS);
        }
    }

    private static String clip(String s) {
        String t = s.strip();
        return t.length() > 60 ? t.substring(0, 57) + "..." : t;
    }
}
