package tessera.regdem.sass;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints a {@link SassProgram} back to text, the single source of truth for SASS text (with {@link SassParser}).
 * Unchanged parsed lines print byte for byte; changed or new instructions print canonically in the maxas dialect:
 * {@code CTRL␠GUARD(5 wide)␠OPCODE operand, operand;}.
 */
public final class SassPrinter {
    private SassPrinter() {
    }

    public static String print(SassProgram p) {
        StringBuilder sb = new StringBuilder();
        List<Line> lines = p.lines();
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0) {
                sb.append(p.eol());
            }
            sb.append(line(lines.get(i), p.eol()));
        }
        if (p.finalNewline() && !lines.isEmpty()) {
            sb.append(p.eol());
        }
        return sb.toString();
    }

    public static String line(Line l, String eol) {
        return switch (l) {
            case Line.Instr i -> i.verbatim() != null ? i.verbatim() : maxasInstruction(i);
            case Line.Label lb -> lb.verbatim() != null ? lb.verbatim() : lb.name() + ":";
            case Line.HeaderLine h -> h.verbatim() != null ? h.verbatim() : header(h.key(), h.value());
            case Line.ConstBlock c -> String.join(eol, c.rawLines());
            case Line.Text t -> t.text();
        };
    }

    /** Canonical header comment: {@code # Key: value}, or {@code # Key:} when the value is empty. */
    public static String header(String key, String value) {
        return value.isEmpty() ? "# " + key + ":" : "# " + key + ": " + value;
    }

    /** Canonical maxas text of an instruction. */
    public static String maxasInstruction(Line.Instr i) {
        StringBuilder sb = new StringBuilder();
        sb.append(i.ctrl().text()).append(' ');
        String g = i.guard() == null ? "" : "@" + i.guard().text();
        sb.append(g);
        for (int k = g.length(); k < 5; k++) {
            sb.append(' ');
        }
        sb.append(' ');
        sb.append(body(i));
        if (!i.comment().isEmpty()) {
            sb.append(' ').append(i.comment());
        }
        return sb.toString();
    }

    /** {@code OPCODE operands;} without control code and guard. */
    public static String body(Line.Instr i) {
        String ops = i.operands().stream().map(Operand::text).collect(Collectors.joining(", "));
        return i.fullOpcode() + (ops.isEmpty() ? "" : " " + ops) + ";";
    }

    /** Instruction text with guard, for reports: {@code @!P0 BRA TARGET1;}. */
    public static String withGuard(Line.Instr i) {
        return (i.guard() == null ? "" : "@" + i.guard().text() + " ") + body(i);
    }
}
