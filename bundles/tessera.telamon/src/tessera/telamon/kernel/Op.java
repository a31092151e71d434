package tessera.telamon.kernel;

/** Instruction kinds (§4.2.1): arithmetic on basic types, move, memory accesses. */
public enum Op {
    ADD(2), SUB(2), MUL(2), MAD(3), MAX(2), MIN(2), MOV(1), LD(0), ST(1);

    private final int arity;

    Op(int arity) {
        this.arity = arity;
    }

    /** The number of value operands (a memory access has its {@link Access} besides). */
    public int arity() {
        return arity;
    }

    public boolean isMemory() {
        return this == LD || this == ST;
    }
}
