package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Splits a listing into its kernels and chooses one by name. {@code cuobjdump -sass} prints one section per kernel,
 * {@code Function : NAME} under the {@code code for sm_XX} banner of its architecture; addresses restart at 0 in every
 * section, so sections are never merged: each becomes a {@link SassFunction} with its own lines and address map.
 * A section runs from its {@code Function :} line to the next {@code Function :}, {@code code for} or
 * {@code Fatbin ...} banner. A cuobjdump listing without {@code Function :} lines, and every maxas listing, is one
 * function.
 */
public final class CuobjdumpFunctions {
    private CuobjdumpFunctions() {
    }

    /** The functions of a parsed document, in listing order, with the source spans of their lines. */
    public static List<SassFunction> split(SassDocument d) {
        return split(d.program(), d.spans());
    }

    /** The functions of a program without source positions ({@link SassFunction#sourceLine} is 0). */
    public static List<SassFunction> split(SassProgram p) {
        return split(p, List.of());
    }

    private record Section(int start, int end, String name, String arch, int archLine) {
    }

    private static List<SassFunction> split(SassProgram p, List<LineSpan> spans) {
        List<Line> lines = p.lines();
        if (p.dialect() == SassProgram.Dialect.MAXAS) {
            return List.of(function(p, spans, new Section(0, lines.size(), p.kernelName().orElse(""),
                    p.arch().orElse(""), -1)));
        }
        List<Section> sections = new ArrayList<>();
        String arch = "";
        int archLine = -1;
        int start = -1;
        String name = null;
        for (int i = 0; i < lines.size(); i++) {
            if (!(lines.get(i) instanceof Line.Text t) || t.kind() != Line.Text.Kind.CUOBJ_META) {
                continue;
            }
            String s = t.text().trim();
            boolean function = s.startsWith("Function :") || s.startsWith("Function:");
            boolean banner = s.startsWith("code for ") || s.startsWith("Fatbin ");
            if ((function || banner) && start >= 0) {
                sections.add(new Section(start, i, name, arch, archLine));
                start = -1;
            }
            if (s.startsWith("code for ")) {
                arch = s.substring("code for ".length()).trim();
                archLine = i;
            } else if (function) {
                start = i;
                name = s.substring(s.indexOf(':') + 1).trim();
            }
        }
        if (start >= 0) {
            sections.add(new Section(start, lines.size(), name, arch, archLine));
        }
        List<SassFunction> out = new ArrayList<>();
        int first = sections.isEmpty() ? lines.size() : sections.get(0).start();
        if (sections.isEmpty() || lines.subList(0, first).stream().anyMatch(l -> l instanceof Line.Instr)) {
            // code before any Function line (or no Function line at all): one function named by the listing, if at all
            out.add(function(p, spans, new Section(0, first, sections.isEmpty() ? p.kernelName().orElse("") : "",
                    p.arch().orElse(""), -1)));
        }
        for (Section s : sections) {
            out.add(function(p, spans, s));
        }
        return List.copyOf(out);
    }

    private static SassFunction function(SassProgram p, List<LineSpan> spans, Section s) {
        List<Line> lines = new ArrayList<>();
        List<LineSpan> sp = new ArrayList<>();
        if (s.archLine() >= 0 && s.archLine() < s.start()) {
            lines.add(p.lines().get(s.archLine()));
            if (s.archLine() < spans.size()) {
                sp.add(spans.get(s.archLine()));
            }
        }
        lines.addAll(p.lines().subList(s.start(), s.end()));
        if (spans.size() >= s.end()) {
            sp.addAll(spans.subList(s.start(), s.end()));
        } else {
            sp.clear();
        }
        Map<Long, Integer> addresses = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) instanceof Line.Instr ins && ins.address() >= 0) {
                addresses.putIfAbsent(ins.address(), i);
            }
        }
        boolean finalNewline = s.end() < p.lines().size() || p.finalNewline();
        SassProgram fp = new SassProgram(p.dialect(), lines, p.eol(), finalNewline);
        return new SassFunction(s.name(), s.arch(), fp, sp, s.start(), addresses);
    }

    /** The outcome of choosing a kernel: the function, or a message and a hint saying why none was chosen. */
    public record Selection(SassFunction function, String message, String hint) {
        public boolean ok() {
            return function != null;
        }
    }

    /**
     * Chooses the kernel {@code kernel} (null: the only one). A name matches exactly as the listing prints it (the
     * mangled name), else by its C++ name without parameters ({@code scale}, {@code ns::scale}) when exactly one
     * kernel has it. When sections of several architectures hold the name, {@code arch} (if it is one of them)
     * decides. Never picks one of several kernels silently.
     */
    public static Selection select(List<SassFunction> functions, String kernel, String arch) {
        if (functions.isEmpty()) {
            return new Selection(null, "the listing holds no kernel",
                    "expected cuobjdump -sass output (Function : NAME sections) or a maxas listing");
        }
        List<SassFunction> pool = functions;
        if (arch != null && functions.stream().anyMatch(f -> f.arch().equals(arch))) {
            pool = functions.stream().filter(f -> f.arch().equals(arch)).toList();
        }
        String hint = "choose one with --kernel NAME";
        if (kernel == null || kernel.isBlank()) {
            if (pool.size() == 1) {
                return new Selection(pool.get(0), null, null);
            }
            return new Selection(null, "the listing holds " + pool.size() + " kernels: " + names(pool), hint);
        }
        String k = kernel.trim();
        List<SassFunction> exact = pool.stream().filter(f -> f.name().equals(k)).toList();
        List<SassFunction> byCxx = exact.isEmpty()
                ? pool.stream().filter(f -> f.qualifiedName().equals(k) || f.plainName().equals(k)).toList()
                : exact;
        if (byCxx.size() == 1) {
            return new Selection(byCxx.get(0), null, null);
        }
        if (byCxx.isEmpty()) {
            return new Selection(null, "no kernel '" + k + "' in the listing; kernels: " + names(pool), hint);
        }
        Set<String> distinct = byCxx.stream().map(SassFunction::name).collect(Collectors.toCollection(LinkedHashSet::new));
        if (distinct.size() == 1) {
            return new Selection(null, "kernel '" + k + "' is compiled for several architectures: " + names(byCxx),
                    "choose the architecture with --arch sm_XX");
        }
        return new Selection(null, "'" + k + "' names " + byCxx.size() + " kernels: " + names(byCxx),
                "choose one with --kernel NAME, spelled as the listing prints it (mangled)");
    }

    /** {@code _Z5scaleifPf (scale), ...}; with {@code [sm_XX]} when the kernels come from several architectures. */
    public static String names(List<SassFunction> functions) {
        boolean archs = functions.stream().map(SassFunction::arch).distinct().count() > 1;
        return functions.stream().map(f -> f.displayName()
                + (f.qualifiedName().equals(f.name()) ? "" : " (" + f.qualifiedName() + ")")
                + (archs ? " [" + f.arch() + "]" : "")).collect(Collectors.joining(", "));
    }
}
