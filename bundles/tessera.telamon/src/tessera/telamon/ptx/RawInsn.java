package tessera.telamon.ptx;

import java.util.List;

/** An instruction as written, before {@link PtxDecoder} checks it: opcode word, guard and operands with positions. */
record RawInsn(int line, int column, String text, String opcode, String guard, boolean guardNegated, int guardColumn,
        List<Raw> operands) {

    /** An operand as written. */
    sealed interface Raw {
        int line();

        int column();
    }

    /** A register, special register, symbol or label name. */
    record Name(String name, int line, int column) implements Raw {
    }

    /** A numeric constant, {@code negative} when written with a minus sign. */
    record Num(String text, boolean negative, int line, int column) implements Raw {
    }

    /** {@code [base+offset]}; base is null for {@code [offset]}. */
    record Mem(Name base, long offset, int line, int column) implements Raw {
    }

    /** {@code {%a, %b, …}}. */
    record Vector(List<Name> names, int line, int column) implements Raw {
    }

    /** {@code %p|%q}: the two destinations of {@code setp}. */
    record Pair(Name first, Name second, int line, int column) implements Raw {
    }
}
