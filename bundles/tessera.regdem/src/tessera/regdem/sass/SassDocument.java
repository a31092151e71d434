package tessera.regdem.sass;

import java.util.List;

import tessera.core.Diagnostics;

/**
 * Result of parsing one SASS file: the program, the problems found, and one {@link LineSpan} per program line
 * (same index as {@code program.lines()}; a {@code <CONSTANT_MAPPING>} block is one line spanning its rows).
 */
public record SassDocument(String fileName, SassProgram program, Diagnostics diagnostics, List<LineSpan> spans) {
    public SassDocument {
        spans = List.copyOf(spans);
    }

    /**
     * The kernels of the listing, one per cuobjdump {@code Function :} section (never merged: addresses restart at 0
     * in each), or the whole maxas listing; see {@link CuobjdumpFunctions}.
     */
    public List<SassFunction> functions() {
        return CuobjdumpFunctions.split(this);
    }

    /** Index of the program line containing the offset, or -1. */
    public int lineAt(int offset) {
        for (int i = 0; i < spans.size(); i++) {
            if (spans.get(i).line().contains(offset)
                    || (spans.get(i).line().offset() == offset && spans.get(i).line().length() == 0)) {
                return i;
            }
        }
        return -1;
    }
}
