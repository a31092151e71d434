package tessera.regdem.sass;

import java.util.List;

/**
 * Where one parsed line and its tokens are in the source, for editors (highlighting, outline, hover).
 * {@code lineNumber} is 1-based; absent tokens are {@link Range#NONE}.
 */
public record LineSpan(int lineNumber, Range line, Range ctrl, Range guard, Range opcode, List<Range> operands,
        Range label) {
    public LineSpan {
        operands = List.copyOf(operands);
    }

    public static LineSpan plain(int lineNumber, Range line) {
        return new LineSpan(lineNumber, line, Range.NONE, Range.NONE, Range.NONE, List.of(), Range.NONE);
    }
}
