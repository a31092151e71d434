package tessera.telamon.exec;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

import tessera.telamon.codegen.LaunchDescription;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Param;
import tessera.telamon.kernel.Type;

/**
 * The inputs of a checked run of generated code (the reference executor's and the GPU's): the contents of every INPUT
 * array a launch passes, drawn from a seed in launch order (small integers in [-8, 8], so float sums are exact), and
 * the scalar parameters (an instance value where the kernel gives one, else 2.0 or 3); the expected outputs are
 * {@link KernelSemantics} of the kernel before lowering on them.
 */
public record SeededInputs(Map<String, Object> arrays, Map<String, Number> scalars) {
    /** Draws the arrays of {@code launch}'s array parameters of {@code k} (the lowered kernel of an implementation). */
    public static SeededInputs draw(Kernel k, LaunchDescription launch, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Number> scalars = new HashMap<>();
        for (Param p : k.params()) {
            scalars.put(p.name(), p.value() != null ? p.value() : p.type().isFloat() ? (Number) 2.0 : (Number) 3L);
        }
        Map<String, Object> arrays = new LinkedHashMap<>();
        for (LaunchDescription.Param p : launch.params()) {
            if (p.kind().equals("array")) {
                Array a = k.array(p.name());
                arrays.put(a.name(), draw(a.type(), Math.toIntExact(a.length().value(k)), random));
            }
        }
        return new SeededInputs(arrays, scalars);
    }

    /** The value of scalar parameter {@code p} in its PTX type (Float, Double, Integer or Long). */
    public Object scalar(Param p) {
        Number v = scalars.get(p.name());
        return switch (p.type()) {
            case F32 -> v.floatValue();
            case F64 -> v.doubleValue();
            case I32 -> v.intValue();
            case I64 -> v.longValue();
        };
    }

    /**
     * The arrays {@code source} (the kernel before lowering: a temporary means what it means only under the
     * implementation's decisions) writes, computed on these inputs; throws a DiagnosticException when the kernel is
     * too large for the reference ({@link KernelSemantics#MAX_POINTS}).
     */
    public Map<String, Object> expected(Kernel source, Implementation impl) {
        return KernelSemantics.evaluate(source, scalars, arrays, new HashMap<>(impl.size()));
    }

    /** The first element where {@code got} differs from {@code want} (relative 1e-5), or null when they agree. */
    public static String difference(String name, Object want, Object got) {
        int n = java.lang.reflect.Array.getLength(want);
        for (int i = 0; i < n; i++) {
            double w = ((Number) java.lang.reflect.Array.get(want, i)).doubleValue();
            double g = ((Number) java.lang.reflect.Array.get(got, i)).doubleValue();
            if (!(Math.abs(w - g) <= 1e-5 * Math.max(1, Math.abs(w)))) {
                return name + "[" + i + "] = " + g + ", expected " + w;
            }
        }
        return null;
    }

    private static Object draw(Type t, int n, SplittableRandom random) {
        switch (t) {
            case F32 -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                return v;
            }
            case F64 -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                return v;
            }
            case I32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                return v;
            }
            default -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                return v;
            }
        }
    }
}
