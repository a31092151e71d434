package tessera.telamon.ptx;

import java.util.List;

/**
 * One decoded PTX instruction: opcode, types (for {@code cvt}, {@code type} is the destination and {@code source} the
 * source type), state space, vector width, modifiers, optional guard predicate and operands, with its place in the
 * text for error messages.
 */
public record Insn(int line, int column, String text, Opcode op, PtxType type, PtxType source, Space space, int vector,
        Mode mode, Cmp cmp, Round round, boolean sat, boolean ftz, int guard, boolean guardNegated, List<Operand> operands) {

    /** Instruction kinds of the interpreted subset (and a little more). */
    public enum Opcode {
        LD, ST, CVTA, MOV, CVT, ADD, SUB, MUL, MAD, FMA, DIV, REM, MIN, MAX, NEG, ABS, AND, OR, XOR, NOT, SHL, SHR, SETP,
        SELP, BRA, BAR, RET
    }

    /** State spaces of memory instructions (GENERIC: no space named, read as global). */
    public enum Space {
        NONE, PARAM, GLOBAL, SHARED, GENERIC
    }

    /** Integer multiply modes ({@code .lo}, {@code .hi}, {@code .wide}); NONE for floats. */
    public enum Mode {
        NONE, LO, HI, WIDE
    }

    /** Comparison operators of {@code setp} (PTX ISA, comparison instructions); the {@code u} forms are true on NaN. */
    public enum Cmp {
        NONE, EQ, NE, LT, LE, GT, GE, LO, LS, HI, HS, EQU, NEU, LTU, LEU, GTU, GEU, NUM, NAN
    }

    /** Rounding modifiers: float ({@code .rn …}) and integer ({@code .rni …}) rounding. */
    public enum Round {
        NONE, RN, RZ, RM, RP, RNI, RZI, RMI, RPI;

        boolean isInteger() {
            return this == RNI || this == RZI || this == RMI || this == RPI;
        }
    }

    public Operand operand(int i) {
        return operands.get(i);
    }
}
