package tessera.telamon.ptx;

/** A decoded operand of a PTX instruction; registers by their index in {@link PtxProgram#registers()}. */
public sealed interface Operand {
    /** A register. */
    record Reg(int id) implements Operand {
    }

    /** An immediate, already in the raw bits of the type it is read as. */
    record Imm(long bits) implements Operand {
    }

    /** A special register: {@code %tid}, {@code %ntid}, {@code %ctaid}, {@code %nctaid} ({@code axis} 0..2), {@code %laneid}. */
    record Special(Sreg reg, int axis) implements Operand {
    }

    /** The special registers read by {@link Special}. */
    enum Sreg {
        TID, NTID, CTAID, NCTAID, LANEID
    }

    /** A memory address {@code [base + offset]}: base is a register (or -1: the offset alone, e.g. a symbol's address). */
    record Addr(int base, long offset) implements Operand {
    }

    /** A vector of registers {@code {%a, %b, …}}. */
    record Vec(int[] ids) implements Operand {
    }

    /** A resolved branch target: the index of the instruction that follows the label. */
    record Target(int index, String label) implements Operand {
    }
}
