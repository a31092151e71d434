package tessera.telamon.codegen;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The text under construction by the PTX printer (seed 001 §4.4.4): register declarations (named registers and
 * numbered temporaries per type), the preamble run once per thread (parameter loads, indices, guards) and the body,
 * plus identifiers made from kernel names ({@code [A-Za-z0-9_]} only, distinct for distinct names).
 */
final class PtxCode {
    private static final Map<String, String> TEMP_PREFIX = Map.of("pred", "%p", "s32", "%r", "s64", "%rl", "f32", "%f", "f64", "%fd",
            "b64", "%rd");

    final StringBuilder pre = new StringBuilder();
    final StringBuilder body = new StringBuilder();
    private final Map<String, String> named = new LinkedHashMap<>();
    private final Map<String, Integer> temps = new LinkedHashMap<>();
    private final Map<String, String> idents = new LinkedHashMap<>();
    private final Set<String> identsUsed = new HashSet<>();
    private int labels;

    /** A register named {@code prefix + name} (made an identifier), declared with {@code type} on first use. */
    String reg(String prefix, String name, String type) {
        String r = "%" + ident(prefix + name);
        String prev = named.putIfAbsent(r, type);
        if (prev != null && !prev.equals(type)) {
            throw new IllegalStateException("register " + r + " declared as " + prev + " and " + type);
        }
        return r;
    }

    /** A fresh numbered register of {@code type} (pred, s32, s64, f32, f64, b64). */
    String temp(String type) {
        int n = temps.merge(type, 1, Integer::sum);
        return TEMP_PREFIX.get(type) + n;
    }

    /** A PTX identifier for {@code name}: invalid characters become '_', and distinct names stay distinct. */
    String ident(String name) {
        String id = idents.get(name);
        if (id == null) {
            String base = name.replaceAll("[^A-Za-z0-9_]", "_");
            if (base.isEmpty() || !Character.isLetter(base.charAt(0)) && base.charAt(0) != '_') {
                base = "_" + base;
            }
            id = base;
            for (int k = 1; !identsUsed.add(id); k++) {
                id = base + "_" + k;
            }
            idents.put(name, id);
        }
        return id;
    }

    int label() {
        return ++labels;
    }

    void line(String s) {
        body.append('\t').append(s).append('\n');
    }

    void pre(String s) {
        pre.append('\t').append(s).append('\n');
    }

    void label(String l) {
        body.append(l).append(":\n");
    }

    /** A comment line; ptxas accepts only ASCII, so other characters become '?'. */
    void comment(String c) {
        line("// " + ascii(c));
    }

    static String ascii(String s) {
        return s.replaceAll("[^\\x20-\\x7E]", "?");
    }

    /** {@code .reg} declarations: numbered temporaries first, then named registers. */
    String declarations() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Integer> e : temps.entrySet()) {
            b.append("\t.reg .").append(e.getKey()).append(' ').append(TEMP_PREFIX.get(e.getKey())).append('<').append(e.getValue() + 1)
                    .append(">;\n");
        }
        for (Map.Entry<String, String> e : named.entrySet()) {
            b.append("\t.reg .").append(e.getValue()).append(' ').append(e.getKey()).append(";\n");
        }
        return b.toString();
    }

    /** A float or integer immediate of PTX type {@code type}: {@code 0f3F800000}, {@code 0d3FF0000000000000}, {@code 2}. */
    static String literal(String type, double v) {
        return switch (type) {
            case "f32" -> String.format("0f%08X", Float.floatToRawIntBits((float) v));
            case "f64" -> String.format("0d%016X", Double.doubleToRawLongBits(v));
            default -> {
                if (v != Math.rint(v) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException("the constant " + v + " is not an integer of type " + type);
                }
                yield Long.toString((long) v);
            }
        };
    }
}
