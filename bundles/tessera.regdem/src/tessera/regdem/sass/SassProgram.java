package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed SASS listing: its dialect and its lines in order (digest §4.3 Program). Immutable; passes build new ones.
 * Header values (arch, register count, shared size) come from the maxas-style header or the cuobjdump banner.
 */
public record SassProgram(Dialect dialect, List<Line> lines, String eol, boolean finalNewline) {

    public SassProgram(Dialect dialect, List<Line> lines) {
        this(dialect, lines, "\n", true);
    }

    public enum Dialect {
        /** maxas-style extracted listing with {@code WW:R:W:Y:S} control codes (the paper's flow). */
        MAXAS,
        /** cuobjdump -sass of Maxwell/Pascal: 64-bit instructions, a control word before every 3. */
        CUOBJDUMP_MAXWELL,
        /** cuobjdump -sass of Volta and later: 128-bit instructions with the control bits in the high word. */
        CUOBJDUMP_VOLTA
    }

    public SassProgram {
        lines = List.copyOf(lines);
        eol = eol == null ? "\n" : eol;
    }

    public List<Line.Instr> instructions() {
        List<Line.Instr> l = new ArrayList<>();
        for (Line x : lines) {
            if (x instanceof Line.Instr i) {
                l.add(i);
            }
        }
        return l;
    }

    /** Instructions and labels only, in order (the "ast" of the paper's tool). */
    public List<Line> code() {
        return lines.stream().filter(x -> x instanceof Line.Instr || x instanceof Line.Label).toList();
    }

    public Optional<String> header(String key) {
        for (Line x : lines) {
            if (x instanceof Line.HeaderLine h && h.key().equalsIgnoreCase(key)) {
                return Optional.of(h.value());
            }
        }
        return Optional.empty();
    }

    /** Architecture, e.g. {@code sm_52}; from the header, the cuobjdump banner, or empty. */
    public Optional<String> arch() {
        return headerOrBanner("Arch", "code for ");
    }

    /** The kernels of this program (one per cuobjdump {@code Function :} section); see {@link CuobjdumpFunctions}. */
    public List<SassFunction> functions() {
        return CuobjdumpFunctions.split(this);
    }

    /**
     * Kernel name; from the header, the cuobjdump {@code Function :} line, or empty. For a listing of several kernels
     * this is the first one's: use {@link #functions()}.
     */
    public Optional<String> kernelName() {
        return headerOrBanner("Kernel", "Function :");
    }

    /** The trimmed header {@code key}, else the rest of the first cuobjdump banner line that starts with {@code prefix}. */
    private Optional<String> headerOrBanner(String key, String prefix) {
        Optional<String> h = header(key);
        if (h.isPresent()) {
            return h.map(String::trim);
        }
        for (Line x : lines) {
            if (x instanceof Line.Text t && t.kind() == Line.Text.Kind.CUOBJ_META) {
                String s = t.text().trim();
                if (s.startsWith(prefix)) {
                    return Optional.of(s.substring(prefix.length()).trim());
                }
            }
        }
        return Optional.empty();
    }

    /** Static shared memory size in bytes from the {@code # SharedSize:} header; 0 when absent. */
    public int sharedSize() {
        return header("SharedSize").map(v -> {
            try {
                return Integer.decode(v.trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }).orElse(0);
    }

    /** name → constant text from the {@code <CONSTANT_MAPPING>} block (e.g. {@code param_0 → c[0x0][0x140]}). */
    public Map<String, String> constants() {
        for (Line x : lines) {
            if (x instanceof Line.ConstBlock c) {
                return c.mapping();
            }
        }
        return Map.of();
    }

    /** Replaces (or appends after the last header line) a {@code # Key: value} header line. */
    public SassProgram withHeader(String key, String value) {
        List<Line> l = new ArrayList<>(lines);
        int last = -1;
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i) instanceof Line.HeaderLine h) {
                if (h.key().equalsIgnoreCase(key)) {
                    l.set(i, new Line.HeaderLine(h.key(), value, null));
                    return new SassProgram(dialect, l, eol, finalNewline);
                }
                last = i;
            }
        }
        if (last >= 0) {
            l.add(last + 1, new Line.HeaderLine(key, value, null));
        }
        return new SassProgram(dialect, l, eol, finalNewline);
    }

    public SassProgram withLines(List<Line> newLines) {
        return new SassProgram(dialect, newLines, eol, finalNewline);
    }

    /** The constant mapping as a modifiable copy. */
    public Map<String, String> constantsCopy() {
        return new LinkedHashMap<>(constants());
    }
}
