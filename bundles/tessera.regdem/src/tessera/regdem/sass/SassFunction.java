package tessera.regdem.sass;

import java.util.List;
import java.util.Map;

/**
 * One kernel of a listing: a {@code Function : NAME} section of {@code cuobjdump -sass} (addresses restart at 0 in
 * every section), or the whole of a maxas listing. {@link #program()} holds only this function's lines, preceded
 * for cuobjdump by a copy of the {@code code for sm_XX} banner that the function belongs to, so that the program
 * printed alone is a one-kernel listing again. {@code spans} are aligned with {@code program().lines()};
 * {@code addresses} maps each instruction address to its index in {@code program().lines()}.
 *
 * @param name      the name as the listing prints it (cuobjdump: the mangled name, e.g. {@code _Z5scaleifPf});
 *                  empty when the listing names no kernel
 * @param arch      e.g. {@code sm_90}; empty when unknown
 * @param firstLine index in the document's program of the function's first line (its {@code Function :} line)
 */
public record SassFunction(String name, String arch, SassProgram program, List<LineSpan> spans, int firstLine,
        Map<Long, Integer> addresses) {

    public SassFunction {
        name = name == null ? "" : name;
        arch = arch == null ? "" : arch;
        spans = List.copyOf(spans);
        addresses = Map.copyOf(addresses);
    }

    /** The C++ identifier without scope and parameters ({@code scale} for {@code _Z5scaleifPf}), else the name. */
    public String plainName() {
        String q = KernelNames.qualified(name);
        if (q == null) {
            return name;
        }
        int c = q.lastIndexOf("::");
        return c < 0 ? q : q.substring(c + 2);
    }

    /** The C++ name with its scopes, without parameters ({@code ns::scale}), else the name. */
    public String qualifiedName() {
        String q = KernelNames.qualified(name);
        return q == null ? name : q;
    }

    /** The name for messages: the listing's name, {@code (unnamed kernel)} when it has none. */
    public String displayName() {
        return name.isEmpty() ? "(unnamed kernel)" : name;
    }

    /** 1-based source line of the function's {@code Function :} line (else its first line), or 0 when unknown. */
    public int line() {
        for (int i = 0; i < program.lines().size(); i++) {
            if (program.lines().get(i) instanceof Line.Text t && t.text().trim().startsWith("Function")) {
                return sourceLine(i);
            }
        }
        return sourceLine(0);
    }

    /** The instruction at a cuobjdump address of this function, or null. */
    public Line.Instr instructionAt(long address) {
        Integer i = addresses.get(address);
        return i == null ? null : (Line.Instr) program.lines().get(i);
    }

    /** 1-based source line of the function's line {@code index} (its program line), or 0 when unknown. */
    public int sourceLine(int index) {
        return index >= 0 && index < spans.size() ? spans.get(index).lineNumber() : 0;
    }
}
