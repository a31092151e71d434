package tessera.telamon.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.2.2 (digest 001b §2.2, "Data communication"): the meaning of a {@link Kernel} as plain sequential Java,
 * independent of every decision. Each instruction runs over its {@link IterationSpace} (logical indexes, so tile
 * sizes do not matter); a value operand reads its producer at the same iteration of common dimensions, the last
 * iteration of the producer's other dimensions, and point-to-point along mapped pairs ({@link ProducerPoint}); a
 * carried operand reads the instruction's own value at the previous iteration along its dimensions, or its init at the
 * first; loads and stores address arrays by eq. 4.2. The result is the contents of the arrays the stores write.
 */
public final class KernelSemantics {
    /**
     * The largest iteration space evaluated (points of one instruction): about 2.5 µs a point on one core, so 2^21
     * (matmul 256) takes about 5 s and 2^22 about 10 s; the batched matmul's 2^25 (80 s), axpy 2^26 and the 1024³
     * matmuls are beyond it.
     */
    public static final long MAX_POINTS = 1L << 22;

    private final Kernel k;
    private final Sizes sizes;
    private final Map<String, IterationSpace> spaces = new HashMap<>();
    private final Map<String, long[]> values = new HashMap<>();
    private final Map<String, Object> arrays = new LinkedHashMap<>();
    private final Map<String, Map<Long, Long>> temporaries = new HashMap<>();

    private KernelSemantics(Kernel k, Map<String, ? extends Number> scalars, Map<String, Long> sizes) {
        this.k = k;
        this.sizes = new Sizes(k, scalars, sizes);
    }

    /**
     * Evaluates {@code kernel}: {@code scalars} gives the scalar parameters (a parameter's instance value is used when
     * it is missing), {@code inputs} the contents of INPUT arrays (float[], double[], int[] or long[] by element type;
     * an array not given starts zeroed), {@code sizes} the sizes of dimensions that are not fixed (d0 included, or
     * inferred). Returns, in declaration order, a new array for every INPUT array some store writes.
     */
    public static Map<String, Object> evaluate(Kernel kernel, Map<String, ? extends Number> scalars, Map<String, ?> inputs,
            Map<String, Long> sizes) {
        List<String> problems = kernel.check();
        if (!problems.isEmpty()) {
            throw error(kernel, "the kernel is not well formed: " + String.join("; ", problems));
        }
        return new KernelSemantics(kernel, scalars, sizes).run(inputs);
    }

    static DiagnosticException error(Kernel k, String message) {
        return new DiagnosticException(Diagnostic.error(k.name(), 0, message, ""));
    }

    private Map<String, Object> run(Map<String, ?> inputs) {
        for (String name : inputs.keySet()) {
            if (k.array(name) == null || k.array(name).kind() != Array.Kind.INPUT) {
                throw error(k, "contents are given for " + name + ", which is not an input array of " + k.name());
            }
        }
        for (Array a : k.arrays()) {
            if (a.kind() == Array.Kind.TEMPORARY) {
                temporaries.put(a.name(), new HashMap<>());
                continue;
            }
            long n = a.length().isStatic() ? a.length().constant() : lengthParam(a);
            Object given = inputs.get(a.name());
            if (given == null) {
                arrays.put(a.name(), Values.newArray(a.type(), Math.toIntExact(n)));
            } else if (!Values.isArrayOf(given, a.type()) || Values.length(given) != n) {
                throw error(k, "array " + a.name() + " needs " + n + " elements of type " + a.type().keyword() + ", given "
                        + given.getClass().getSimpleName() + " of " + (given.getClass().isArray() ? Values.length(given) : "?"));
            } else {
                arrays.put(a.name(), Values.copy(given));
            }
        }
        for (Inst i : EvaluationOrder.of(k)) {
            evaluate(i);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Inst i : k.insts()) {
            if (i.op() == Op.ST && arrays.containsKey(i.access().array())) {
                out.put(i.access().array(), arrays.get(i.access().array()));
            }
        }
        Map<String, Object> ordered = new LinkedHashMap<>();
        arrays.keySet().stream().filter(out::containsKey).forEach(n -> ordered.put(n, out.get(n)));
        return ordered;
    }

    private long lengthParam(Array a) {
        Number n = sizes.scalar(a.length().param());
        if (n == null) {
            throw error(k, "the length parameter " + a.length().param() + " of array " + a.name() + " has no value");
        }
        return n.longValue();
    }

    private void evaluate(Inst inst) {
        IterationSpace s = new IterationSpace(k, inst, sizes);
        if (s.count > MAX_POINTS) {
            throw error(k, "instruction " + inst.name() + " has " + s.count + " iterations, more than the reference "
                    + "evaluator's " + MAX_POINTS);
        }
        spaces.put(inst.name(), s);
        long[] out = new long[(int) s.count];
        values.put(inst.name(), out);
        long[] p = new long[s.axes.size()];
        long[] args = new long[inst.operands().size()];
        for (long n = 0; n < s.count; n++) {
            s.decode(n, p);
            for (int o = 0; o < args.length; o++) {
                args[o] = operand(inst, s, p, inst.operands().get(o), (int) n);
            }
            switch (inst.op()) {
                case LD -> out[(int) n] = load(inst, s, p);
                case ST -> store(inst, s, p, args[0]);
                default -> out[(int) n] = Values.apply(inst.op(), inst.type(), args);
            }
        }
    }

    private long operand(Inst inst, IterationSpace s, long[] p, Operand o, int n) {
        return switch (o) {
            case Operand.Const c -> {
                Long v = Values.ofDouble(c.value(), inst.type());
                if (v == null) {
                    throw error(k, "instruction " + inst.name() + ": the constant " + c.value() + " is not an "
                            + inst.type().keyword());
                }
                yield v;
            }
            case Operand.Arg a -> {
                Number v = sizes.scalar(a.param());
                if (v == null) {
                    throw error(k, "instruction " + inst.name() + " reads parameter " + a.param() + ", which has no value");
                }
                Long bits = v instanceof Double || v instanceof Float ? Values.ofDouble(v.doubleValue(), inst.type())
                        : Long.valueOf(Values.ofLong(v.longValue(), inst.type()));
                if (bits == null) {
                    throw error(k, "instruction " + inst.name() + ": parameter " + a.param() + " = " + v + " is not an "
                            + inst.type().keyword());
                }
                yield bits;
            }
            case Operand.Index x -> Values.ofLong(s.dimIndex(p, x.dim()), inst.type());
            case Operand.Value v -> read(v.inst(), inst, s, p, v.mapped());
            case Operand.Carried c -> {
                long prev = previous(s, p, c.dims());
                yield prev < 0 ? read(c.init(), inst, s, p, c.mapped()) : values.get(inst.name())[(int) prev];
            }
        };
    }

    /** The value of {@code producer} that {@code consumer} reads at point {@code p}, converted to its type. */
    private long read(String producer, Inst consumer, IterationSpace s, long[] p, List<tessera.telamon.kernel.DimMap> mapped) {
        IterationSpace ps = spaces.get(producer);
        long at = ProducerPoint.of(k, sizes, ps, s, p, mapped);
        return Values.convert(values.get(producer)[(int) at], k.inst(producer).type(), consumer.type());
    }

    /** The linear index of the previous iteration along {@code dims} (lexicographic), or -1 at the first one. */
    private static long previous(IterationSpace s, long[] p, List<String> dims) {
        List<Integer> axes = new ArrayList<>();
        for (int a = 0; a < s.axes.size(); a++) {
            if (dims.containsAll(s.axes.get(a).dims())) {
                axes.add(a);
            }
        }
        long[] q = p.clone();
        for (int i = axes.size() - 1; i >= 0; i--) {
            int a = axes.get(i);
            if (q[a] > 0) {
                q[a]--;
                return s.linear(q);
            }
            q[a] = s.axes.get(a).size() - 1;
        }
        return -1;
    }

    /** Eq. 4.2: offset + Σ stride · index, logical keys by ⟨d0, …, dk⟩. */
    private long address(Inst inst, IterationSpace s, long[] p) {
        Access a = inst.access();
        long addr = a.offset();
        for (Map.Entry<String, Long> e : a.strides().entrySet()) {
            long idx = k.logical(e.getKey()) != null ? s.logicalIndex(p, e.getKey()) : s.dimIndex(p, e.getKey());
            addr += e.getValue() * idx;
        }
        return addr;
    }

    private long load(Inst inst, IterationSpace s, long[] p) {
        String name = inst.access().array();
        long addr = address(inst, s, p);
        Array a = k.array(name);
        if (a.kind() == Array.Kind.TEMPORARY) {
            Long v = temporaries.get(name).get(addr);
            if (v == null) {
                throw error(k, "instruction " + inst.name() + " reads " + name + "[" + addr + "] before any store writes it"
                        + at(s, p));
            }
            return Values.convert(v, a.type(), inst.type());
        }
        return Values.convert(Values.get(arrays.get(name), index(inst, s, p, addr)), a.type(), inst.type());
    }

    private void store(Inst inst, IterationSpace s, long[] p, long value) {
        String name = inst.access().array();
        long addr = address(inst, s, p);
        Array a = k.array(name);
        long v = Values.convert(value, inst.type(), a.type());
        if (a.kind() == Array.Kind.TEMPORARY) {
            temporaries.get(name).put(addr, v);
        } else {
            Values.set(arrays.get(name), index(inst, s, p, addr), v);
        }
    }

    private int index(Inst inst, IterationSpace s, long[] p, long addr) {
        int n = Values.length(arrays.get(inst.access().array()));
        if (addr < 0 || addr >= n) {
            throw error(k, "instruction " + inst.name() + ": address " + addr + " is outside " + inst.access().array()
                    + " (" + n + " elements)" + at(s, p));
        }
        return (int) addr;
    }

    private static String at(IterationSpace s, long[] p) {
        StringBuilder b = new StringBuilder(" at ");
        for (int i = 0; i < p.length; i++) {
            b.append(i == 0 ? "" : ", ").append(s.axes.get(i).name()).append(" = ").append(p[i]);
        }
        return p.length == 0 ? "" : b.toString();
    }
}
