package tessera.telamon.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.LaunchDescription;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.ptx.Memory;
import tessera.telamon.ptx.PtxExecutor;
import tessera.telamon.ptx.PtxParser;

/**
 * The reference run of generated code without a GPU: the PTX launched as its launch description says on
 * {@link PtxExecutor} (races detected), on inputs drawn from a seed (small integers, so float sums are exact), and
 * every array the kernel writes compared with {@link KernelSemantics}, the kernel's meaning independent of decisions.
 */
public final class ReferenceRun {
    /** The verdict: {@code ok}, or the first difference / executor error; the instructions the run executed. */
    public record Outcome(boolean ok, String message, long instructions) {
    }

    private ReferenceRun() {
    }

    /**
     * Runs {@code out}, the code of {@code impl}, and compares it with the semantics of {@code source}, the kernel before
     * lowering (a temporary array means what it means only under the implementation's decisions).
     */
    public static Outcome check(Kernel source, Implementation impl, CodeGenerator.Output out, long seed) {
        Kernel k = impl.kernel();
        LaunchDescription l = out.launch();
        SeededInputs in = SeededInputs.draw(k, l, seed);
        Map<String, Long> address = new HashMap<>();
        Memory m = new Memory();
        List<Object> args = new ArrayList<>();
        for (LaunchDescription.Param p : l.params()) {
            switch (p.kind()) {
                case "array" -> {
                    Array a = k.array(p.name());
                    Object values = in.arrays().get(a.name());
                    long at = m.allocate(a.name(), (long) Values.length(values) * a.type().bytes());
                    write(m, at, values);
                    address.put(a.name(), at);
                    args.add(at);
                }
                case "scalar" -> args.add(in.scalar(k.param(p.name())));
                default -> args.add(m.allocate(p.name(), p.bytes()));
            }
        }
        Map<String, Object> expected;
        long instructions;
        try {
            expected = in.expected(source, impl);
            PtxExecutor.Stats stats = new PtxExecutor(PtxParser.parse(k.name() + ".ptx", out.ptx()), m).run(
                    new PtxExecutor.Dim3((int) l.grid().get(0).value(), (int) l.grid().get(1).value(), (int) l.grid().get(2).value()),
                    new PtxExecutor.Dim3(l.block().get(0).intValue(), l.block().get(1).intValue(), l.block().get(2).intValue()), args);
            instructions = stats.instructions();
        } catch (RuntimeException e) {
            return new Outcome(false, e.getMessage(), 0);
        }
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            String diff = SeededInputs.difference(e.getKey(), e.getValue(), read(m, address.get(e.getKey()), e.getValue()));
            if (diff != null) {
                return new Outcome(false, diff, instructions);
            }
        }
        return new Outcome(true, "the PTX computes the kernel (" + expected.keySet() + " compared)", instructions);
    }

    private static void write(Memory m, long at, Object values) {
        switch (values) {
            case float[] v -> m.writeF32s(at, v);
            case double[] v -> m.writeF64s(at, v);
            case int[] v -> m.writeS32s(at, v);
            case long[] v -> {
                for (int i = 0; i < v.length; i++) {
                    m.writeS64(at + 8L * i, v[i]);
                }
            }
            default -> throw new IllegalArgumentException("not an array of numbers: " + values.getClass());
        }
    }

    /** The contents of memory at {@code at} as an array shaped like {@code like}. */
    private static Object read(Memory m, long at, Object like) {
        int n = java.lang.reflect.Array.getLength(like);
        switch (like) {
            case float[] x -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = m.readF32(at + 4L * i);
                }
                return v;
            }
            case double[] x -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = m.readF64(at + 8L * i);
                }
                return v;
            }
            case int[] x -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = m.readS32(at + 4L * i);
                }
                return v;
            }
            default -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = m.readS64(at + 8L * i);
                }
                return v;
            }
        }
    }
}
