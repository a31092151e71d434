package tessera.telamon.kernel;

import java.util.List;

/** §4.2.2: the operands of an instruction. */
public sealed interface Operand {
    /** A constant of the instruction's type. */
    record Const(double value) implements Operand {
    }

    /** A scalar kernel argument. */
    record Arg(String param) implements Operand {
    }

    /** The index along one of the instruction's dimensions. */
    record Index(String dim) implements Operand {
    }

    /**
     * The value of another instruction: at the same iteration of the common dimensions, at the last iteration of the
     * producer's others, and point-to-point along {@code mapped}.
     */
    record Value(String inst, List<DimMap> mapped) implements Operand {
        public Value {
            mapped = List.copyOf(mapped);
        }
    }

    /**
     * A loop-carried value (a reduction): the instruction's own value at the previous iteration of {@code dims}; at
     * the first iteration, the value of {@code init} (point-to-point along {@code mapped}).
     */
    record Carried(String init, List<String> dims, List<DimMap> mapped) implements Operand {
        public Carried {
            dims = List.copyOf(dims);
            mapped = List.copyOf(mapped);
        }
    }
}
