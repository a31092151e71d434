package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tessera.telamon.codegen.Erased.Code;
import tessera.telamon.codegen.Erased.Exec;
import tessera.telamon.codegen.Erased.Guard;
import tessera.telamon.codegen.Erased.Loop;
import tessera.telamon.codegen.Erased.Region;
import tessera.telamon.codegen.Erased.Sync;
import tessera.telamon.impl.DimKind;

/**
 * Seed 001 §4.4.2, Listing 4.7(b): the erased code as thesis-style pseudo-code. The block and thread indices come
 * first as {@code parallel_for ctaid.x in 0..n/16:} and {@code parallel_for tid.x in 0..4:} (with the dimensions mapped
 * to them as a comment), then {@code for} / {@code unroll} / {@code vector} loops, instructions as {@code name()},
 * consecutive instructions with the same guard under one {@code if}, and {@code synchronize_threads}.
 */
public final class PseudoCode {
    private final Annotation a;
    private final StringBuilder b = new StringBuilder();

    private PseudoCode(Annotation a) {
        this.a = a;
    }

    public static String print(Annotation a, Erased e) {
        PseudoCode p = new PseudoCode(a);
        int depth = 0;
        for (String d : e.blockDims()) {
            p.line(depth++, "parallel_for ctaid." + "xyz".charAt(a.axis(d)) + " in 0.." + a.extent(d).formula() + ":  # " + d);
        }
        long[] block = a.block();
        for (int axis = 0; axis < 3; axis++) {
            List<String> dims = new ArrayList<>();
            for (String r : a.classes().keySet()) {
                if (a.kind(r) == DimKind.THREAD && a.axis(r) == axis) {
                    dims.add(r);
                }
            }
            if (!dims.isEmpty()) {
                p.line(depth++, "parallel_for tid." + "xyz".charAt(axis) + " in 0.." + block[axis] + ":  # " + String.join(", ", dims));
            }
        }
        p.body(e.body(), depth);
        return p.b.toString();
    }

    private void body(List<Code> body, int depth) {
        Guard open = Guard.ALWAYS;
        for (Code c : body) {
            Guard g = c instanceof Exec x ? x.guard() : Guard.ALWAYS;
            if (!g.always() && !g.equals(open)) {
                line(depth, "if " + g + ":");
            }
            open = g;
            switch (c) {
                case Exec x -> line(g.always() ? depth : depth + 1, x.inst() + "()");
                case Sync s -> line(depth, "synchronize_threads");
                case Region r -> body(r.body(), depth);
                case Loop l -> {
                    String word = l.kind() == DimKind.LOOP ? "for" : l.kind().name().toLowerCase(Locale.ROOT);
                    line(depth, word + " " + l.dim() + " in 0.." + a.extent(l.dim()).formula() + ":");
                    body(l.body(), depth + 1);
                }
            }
        }
    }

    private void line(int depth, String text) {
        b.append("  ".repeat(depth)).append(text).append('\n');
    }
}
