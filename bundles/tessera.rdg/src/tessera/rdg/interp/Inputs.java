package tessera.rdg.interp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import tessera.core.poly.IntegerSet;
import tessera.rdg.InputEdge;
import tessera.rdg.OperationNode;
import tessera.rdg.Rdg;

/** Values of the input variables (scalars are 0-dimensional arrays) for the {@link Interpreter}. */
public final class Inputs {
    private final Map<String, ArrayData> arrays = new LinkedHashMap<>();

    public Inputs scalar(String name, int value) {
        ArrayData a = new ArrayData(name, 0);
        a.put(new long[0], value);
        arrays.put(name, a);
        return this;
    }

    /**
     * Sets an input from its text on a command line: {@code 13} a scalar, {@code 1,2,3} a 1-D array indexed from 0
     * ({@code 5,} one of one element).
     *
     * @throws NumberFormatException when a value is not a 32-bit integer
     */
    public Inputs put(String name, String text) {
        if (!text.contains(",")) {
            return scalar(name, Integer.parseInt(text.trim()));
        }
        String[] vs = text.split(",");
        for (int k = 0; k < vs.length; k++) {
            set(name, new long[] {k}, Integer.parseInt(vs[k].trim()));
        }
        return this;
    }

    public Inputs array(ArrayData data) {
        arrays.put(data.variable(), data);
        return this;
    }

    /** Sets one element, creating the array with the index's dimension when needed. */
    public Inputs set(String name, long[] index, int value) {
        arrays.computeIfAbsent(name, n -> new ArrayData(n, index.length)).put(index, value);
        return this;
    }

    public ArrayData get(String name) {
        return arrays.get(name);
    }

    public Map<String, ArrayData> arrays() {
        return java.util.Collections.unmodifiableMap(arrays);
    }

    /**
     * The input instances a run reads for the given parameters: x[Q·I − d] for every input edge and every I in the
     * condition space of its operation node (seed 003 §4 input edges). Keys are input variable names.
     *
     * @throws IllegalArgumentException for a parameter beyond {@link ParameterLimits#MAX_PARAMETER} or more than
     *         {@link Interpreter#MAX_INSTANCES} instances
     */
    public static Map<String, Set<List<Long>>> required(Rdg rdg, Map<String, Long> params) {
        Map<String, Set<List<Long>>> req = new LinkedHashMap<>();
        params.forEach((name, v) -> {
            String tooLarge = ParameterLimits.problem(name, v);
            if (tooLarge != null) {
                throw new IllegalArgumentException(tooLarge);
            }
        });
        long[] visited = {0}; // bounded like the interpreter (issue 22)
        for (var e : rdg.getEdges()) {
            if (e instanceof InputEdge in && e.getTarget() instanceof OperationNode op) {
                long[][] q = Interpreter.matrix(in.getQ());
                long[] d = in.getD().stream().mapToLong(Integer::longValue).toArray();
                Set<List<Long>> set = req.computeIfAbsent(in.getVariable(), k -> new TreeSet<>(ArrayData::compare));
                op.getConditionSpace().basic().fix(params)
                        .forEachPoint(Map.of(), p -> {
                            if (++visited[0] > Interpreter.MAX_INSTANCES) {
                                throw new IllegalArgumentException("more than " + Interpreter.MAX_INSTANCES
                                        + " input instances to fill; use smaller parameter values");
                            }
                            set.add(ArrayData.key(Interpreter.apply(q, d, p)));
                        });
            }
        }
        return req;
    }

    /**
     * Random values for every required input instance (uniform in [-bound, bound], or all 32-bit values when
     * bound is 0), keeping the values already given.
     */
    public Inputs fillRandom(Rdg rdg, Map<String, Long> params, Random random, int bound) {
        for (var e : required(rdg, params).entrySet()) {
            for (List<Long> idx : e.getValue()) {
                long[] index = idx.stream().mapToLong(Long::longValue).toArray();
                ArrayData a = arrays.computeIfAbsent(e.getKey(), n -> new ArrayData(n, index.length));
                if (a.dimension() == index.length && !a.has(index)) {
                    a.put(index, bound == 0 ? random.nextInt() : random.nextInt(2 * bound + 1) - bound);
                }
            }
        }
        return this;
    }
}
