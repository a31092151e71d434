package tessera.modsched.io;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;

/**
 * The POWER8 machine of GCC's rs6000 pipeline model ({@code config/rs6000/power8.md}), as the modulo scheduler sees
 * it when it reads GCC's dependence graphs (docs/modsched.md, "GCC's dependence graphs"): two units each of FXU, LU,
 * LSU and VSU, one BPU and one CRU, and 7 dispatch slots a cycle (GCC's {@code rs6000_issue_rate} for POWER8). GCC's
 * latencies are on its arcs and are kept; this class only decides which units an instruction reserves, from its RTL:
 * <ul>
 * <li>a jump: BPU;</li>
 * <li>a store ({@code (set (mem …) …)}): LSU + LU, or LSU + VSU for a floating-point or vector value
 * ({@code power8-store}, {@code power8-fpstore}, {@code power8-vecstore});</li>
 * <li>a load ({@code (mem …)} read): LU ({@code power8-fpload}; an integer load may also use an LSU in GCC's model,
 * here it takes an LU: one unit class per reservation);</li>
 * <li>an operation on a floating-point or vector mode: VSU; on condition registers only ({@code CR} logic): CRU;</li>
 * <li>anything else: FXU (integer arithmetic, compares, moves; divides are pipelined here, GCC blocks an FXU).</li>
 * </ul>
 */
public final class Power8 {
    private static final Pattern SET_MEM = Pattern.compile("^\\(set \\(mem(?::([A-Z0-9]+))?");
    private static final Pattern SET_REG = Pattern.compile("^\\(set \\((?:reg|subreg)(?:/[a-z/]+)?:([A-Z0-9]+)");

    private Power8() {
    }

    /** The machine, built once. */
    public static Machine machine() {
        return MACHINE;
    }

    private static final Machine MACHINE = Machine.builder("power8").issueWidth(7).pipelined("fxu", 2).pipelined("lu", 2)
            .pipelined("lsu", 2).pipelined("vsu", 2).pipelined("bpu", 1).pipelined("cru", 1).build();

    /** Units of one instruction: its primary class and, for stores, the second class it holds in the same cycle. */
    public record Units(String primary, String second) {
        /** The explicit reservation for {@link Loop.Builder#op}, or null for the primary class's standard one. */
        public List<Loop.Use> reservation() {
            return second == null ? null : List.of(new Loop.Use(primary, 0), new Loop.Use(second, 0));
        }
    }

    /**
     * Classifies an instruction by its RTL text as GCC prints it ({@code (insn UID … (set …) …)}), the pattern being
     * the first {@code (set …)}, {@code (parallel [(set …) …])} or jump.
     */
    public static Units classify(String rtl) {
        String t = rtl.strip();
        if (t.startsWith("(jump_insn") || t.startsWith("(call_insn")) {
            return new Units("bpu", null);
        }
        String body = pattern(t);
        Matcher store = SET_MEM.matcher(body);
        if (store.find()) {
            return new Units("lsu", floating(store.group(1)) ? "vsu" : "lu");
        }
        Matcher set = SET_REG.matcher(body);
        String mode = set.find() ? set.group(1) : "";
        if (body.contains("(mem")) {
            return new Units("lu", null);
        }
        if (floating(mode)) {
            return new Units("vsu", null);
        }
        if (mode.startsWith("CC") && !body.contains("compare")) {
            return new Units("cru", null);
        }
        return new Units("fxu", null);
    }

    /** The instruction's pattern from its first set (inside a parallel when there is one). */
    private static String pattern(String insn) {
        int s = insn.indexOf("(set ");
        return s < 0 ? "" : insn.substring(s);
    }

    /** Floating-point, decimal-float and vector machine modes of GCC. */
    static boolean floating(String mode) {
        return mode != null && (mode.startsWith("V") || List.of("SF", "DF", "TF", "KF", "IF", "SD", "DD", "TD").contains(mode));
    }
}
