package tessera.palmed.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import tessera.palmed.model.Kernel;

/**
 * The host back end's instruction table (digest §3.1, §8.3): an instruction id {@code MNEMONIC_K1_K2…} names the
 * operand kinds in Intel order (R8/R16/R32/R64/XMM/YMM, M8…M256, I8/I32), uops.info style. Rendering to AT&T assembly
 * avoids dependencies between instances: destinations rotate round-robin over a pool of registers, sources come from a
 * read-only pool, memory operands hit a small L1-resident buffer at %r15, %rbp is the loop counter.
 */
public final class X86Renderer {
    static final String[] GPR64 = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11"};
    static final String[] GPR64_SRC = {"r12", "r13", "r14"};
    static final Set<String> KINDS = Set.of("R8", "R16", "R32", "R64", "XMM", "YMM", "M8", "M16", "M32", "M64", "M128",
            "M256", "I8", "I32");
    private static final int VEC_DEST = 12;

    private int gpr;
    private int vec;
    private int mem;
    private int src;

    /** The operand kinds of an id, or null when the id is not in this notation (e.g. a toy name like ADDSS). */
    public static List<String> kinds(String id) {
        String[] parts = id.split("_");
        if (parts.length < 2) {
            return null;
        }
        List<String> k = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            if (!KINDS.contains(parts[i])) {
                return null;
            }
            k.add(parts[i]);
        }
        return k;
    }

    /**
     * The extension group of an id (seed 000 §VI-A): "AVX" (a YMM operand, or a V… mnemonic on XMM), "SSE" (legacy
     * XMM), else "BASE" (toy names too).
     */
    public static String extension(String id) {
        List<String> kinds = kinds(id);
        if (kinds == null || !(kinds.contains("XMM") || kinds.contains("YMM"))) {
            return "BASE";
        }
        return kinds.contains("YMM") || id.startsWith("V") ? "AVX" : "SSE";
    }

    /** The first legacy-SSE and the first AVX instruction of a kernel that mixes both, else null (§VI-A forbids it). */
    public static String[] sseAvxMix(Kernel k) {
        String sse = null;
        String avx = null;
        for (String i : k.instructions()) {
            String e = extension(i);
            if (sse == null && e.equals("SSE")) {
                sse = i;
            } else if (avx == null && e.equals("AVX")) {
                avx = i;
            }
        }
        return sse != null && avx != null ? new String[] {sse, avx} : null;
    }

    public static boolean renderable(String id) {
        return kinds(id) != null;
    }

    /** One AT&T instance of the instruction, with the next registers of the rotation. */
    public String render(String id) {
        List<String> kinds = kinds(id);
        if (kinds == null) {
            throw new IllegalArgumentException("instruction id " + id + " does not name its operands (MNEMONIC_R64_R64)");
        }
        String mnem = id.substring(0, id.indexOf('_')).toLowerCase(Locale.ROOT);
        if (mnem.equals("movsxd")) {
            mnem = "movslq"; // the AT&T name: GNU as takes both, llvm-mca 14 rejects movsxd in AT&T syntax
        }
        boolean vector = kinds.contains("XMM") || kinds.contains("YMM");
        boolean gprReg = kinds.stream().anyMatch(k -> k.startsWith("R"));
        String memKind = kinds.stream().filter(k -> k.startsWith("M")).findFirst().orElse(null);
        List<String> ops = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            ops.add(operand(kinds.get(i), i == 0));
        }
        if (memKind != null && !vector && !gprReg) {
            mnem += switch (memKind) {
                case "M8" -> "b";
                case "M16" -> "w";
                case "M32" -> "l";
                default -> "q";
            };
        }
        List<String> att = new ArrayList<>(ops);
        java.util.Collections.reverse(att);
        return att.isEmpty() ? mnem : mnem + " " + String.join(", ", att);
    }

    private String operand(String kind, boolean dest) {
        switch (kind) {
            case "R64", "R32", "R16", "R8": {
                String base = dest ? GPR64[gpr++ % GPR64.length] : GPR64_SRC[src++ % GPR64_SRC.length];
                return "%" + sized(base, kind);
            }
            case "XMM", "YMM": {
                int n = dest ? vec++ % VEC_DEST : VEC_DEST + (src++ % 4);
                return "%" + kind.toLowerCase(Locale.ROOT) + n;
            }
            case "I8", "I32":
                return "$1";
            default:
                return (64 * (mem++ % 32)) + "(%r15)";
        }
    }

    static String sized(String r64, String kind) {
        boolean numbered = r64.startsWith("r") && Character.isDigit(r64.charAt(1));
        if (kind.equals("R64")) {
            return r64;
        }
        if (numbered) {
            return r64 + switch (kind) {
                case "R32" -> "d";
                case "R16" -> "w";
                default -> "b";
            };
        }
        String core = r64.substring(1); // ax, bx, cx, dx, si, di
        return switch (kind) {
            case "R32" -> "e" + core;
            case "R16" -> core;
            default -> core.endsWith("x") ? core.charAt(0) + "l" : core + "l";
        };
    }

    /** The kernel body unrolled to at least {@code minInstructions} instructions (AT&T, one per line). */
    public static List<String> body(Kernel k, int minInstructions) {
        X86Renderer r = new X86Renderer();
        int reps = Math.max(1, (minInstructions + k.size() - 1) / k.size());
        List<String> lines = new ArrayList<>();
        for (int rep = 0; rep < reps; rep++) {
            // interleave the instructions so that no unit sees a burst of one kind
            Map<String, Integer> left = new java.util.LinkedHashMap<>(k.counts());
            boolean any = true;
            while (any) {
                any = false;
                for (Map.Entry<String, Integer> e : left.entrySet()) {
                    if (e.getValue() > 0) {
                        lines.add(r.render(e.getKey()));
                        e.setValue(e.getValue() - 1);
                        any = true;
                    }
                }
            }
        }
        return lines;
    }

    /** How many kernel iterations {@link #body} unrolled. */
    public static int unroll(Kernel k, int minInstructions) {
        return Math.max(1, (minInstructions + k.size() - 1) / k.size());
    }
}
