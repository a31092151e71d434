package tessera.rdg.interp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The operations of a TCPA processing element that a PLA equation may apply (seed 003 §3.2, §4), with their exact
 * semantics: 32-bit two's complement, wrap-around on overflow (Java {@code int}); shift amounts are masked to 5 bits
 * like Java ({@code b & 31}); comparisons yield 1 or 0; {@code select(c, a, b)} is {@code c != 0 ? a : b};
 * {@code mac(a, b, c)} is {@code a * b + c} (no intermediate widening). See docs/pla.md.
 */
public final class Ops {
    /** One operation: canonical name, operand count, semantics. */
    public record Op(String name, int arity, Eval eval, String description) {
    }

    @FunctionalInterface
    public interface Eval {
        int apply(int[] a);
    }

    private static final Map<String, Op> OPS = new LinkedHashMap<>();
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("=", "move"), Map.entry("+", "add"), Map.entry("-", "sub"), Map.entry("*", "mul"),
            Map.entry("&", "and"), Map.entry("|", "or"), Map.entry("^", "xor"), Map.entry("<<", "shl"),
            Map.entry(">>", "shr"), Map.entry(">>>", "ushr"), Map.entry("fma", "mac"));

    static {
        add("move", 1, a -> a[0], "copy (the paper's [=])");
        add("add", 2, a -> a[0] + a[1], "a + b");
        add("sub", 2, a -> a[0] - a[1], "a - b");
        add("mul", 2, a -> a[0] * a[1], "a * b (low 32 bits)");
        add("mac", 3, a -> a[0] * a[1] + a[2], "a * b + c (multiply-accumulate; fma is an alias)");
        add("neg", 1, a -> -a[0], "-a");
        add("abs", 1, a -> Math.abs(a[0]), "|a| (abs(MIN_VALUE) = MIN_VALUE)");
        add("min", 2, a -> Math.min(a[0], a[1]), "minimum (signed)");
        add("max", 2, a -> Math.max(a[0], a[1]), "maximum (signed)");
        add("and", 2, a -> a[0] & a[1], "bitwise and");
        add("or", 2, a -> a[0] | a[1], "bitwise or");
        add("xor", 2, a -> a[0] ^ a[1], "bitwise exclusive or");
        add("not", 1, a -> ~a[0], "bitwise complement");
        add("shl", 2, a -> a[0] << a[1], "shift left by b & 31");
        add("shr", 2, a -> a[0] >> a[1], "arithmetic shift right by b & 31");
        add("ushr", 2, a -> a[0] >>> a[1], "logical shift right by b & 31");
        add("eq", 2, a -> a[0] == a[1] ? 1 : 0, "1 if a == b else 0");
        add("ne", 2, a -> a[0] != a[1] ? 1 : 0, "1 if a != b else 0");
        add("lt", 2, a -> a[0] < a[1] ? 1 : 0, "1 if a < b (signed) else 0");
        add("le", 2, a -> a[0] <= a[1] ? 1 : 0, "1 if a <= b (signed) else 0");
        add("gt", 2, a -> a[0] > a[1] ? 1 : 0, "1 if a > b (signed) else 0");
        add("ge", 2, a -> a[0] >= a[1] ? 1 : 0, "1 if a >= b (signed) else 0");
        add("select", 3, a -> a[0] != 0 ? a[1] : a[2], "c != 0 ? a : b");
    }

    private Ops() {
    }

    private static void add(String name, int arity, Eval eval, String description) {
        OPS.put(name, new Op(name, arity, eval, description));
    }

    /** The canonical name of an operation written as a function name or an infix symbol ({@code >>} → shr). */
    public static String canonical(String written) {
        return ALIASES.getOrDefault(written, written);
    }

    public static Optional<Op> lookup(String written) {
        return Optional.ofNullable(OPS.get(canonical(written)));
    }

    public static Map<String, Op> all() {
        return java.util.Collections.unmodifiableMap(OPS);
    }
}
