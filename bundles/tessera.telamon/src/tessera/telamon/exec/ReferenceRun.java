package tessera.telamon.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.LaunchDescription;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Param;
import tessera.telamon.kernel.Type;
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
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, Number> scalars = new HashMap<>();
        for (Param p : k.params()) {
            scalars.put(p.name(), p.value() != null ? p.value() : p.type().isFloat() ? (Number) 2.0 : (Number) 3L);
        }
        Map<String, Object> inputs = new LinkedHashMap<>();
        Map<String, Long> address = new HashMap<>();
        Memory m = new Memory();
        List<Object> args = new ArrayList<>();
        LaunchDescription l = out.launch();
        for (LaunchDescription.Param p : l.params()) {
            switch (p.kind()) {
                case "array" -> {
                    Array a = k.array(p.name());
                    int n = (int) a.length().value(k);
                    long at = m.allocate(a.name(), (long) n * a.type().bytes());
                    inputs.put(a.name(), fill(m, at, a.type(), n, random));
                    address.put(a.name(), at);
                    args.add(at);
                }
                case "scalar" -> args.add(scalar(k.param(p.name()), scalars.get(p.name())));
                default -> args.add(m.allocate(p.name(), p.bytes()));
            }
        }
        Map<String, Object> expected;
        long instructions;
        try {
            expected = KernelSemantics.evaluate(source, scalars, inputs, new HashMap<>(impl.size()));
            PtxExecutor.Stats stats = new PtxExecutor(PtxParser.parse(k.name() + ".ptx", out.ptx()), m).run(
                    new PtxExecutor.Dim3((int) l.grid().get(0).value(), (int) l.grid().get(1).value(), (int) l.grid().get(2).value()),
                    new PtxExecutor.Dim3(l.block().get(0).intValue(), l.block().get(1).intValue(), l.block().get(2).intValue()), args);
            instructions = stats.instructions();
        } catch (RuntimeException e) {
            return new Outcome(false, e.getMessage(), 0);
        }
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            String diff = compare(e.getKey(), e.getValue(), m, address.get(e.getKey()), k.array(e.getKey()).type());
            if (diff != null) {
                return new Outcome(false, diff, instructions);
            }
        }
        return new Outcome(true, "the PTX computes the kernel (" + expected.keySet() + " compared)", instructions);
    }

    private static Object scalar(Param p, Number v) {
        return switch (p.type()) {
            case F32 -> v.floatValue();
            case F64 -> v.doubleValue();
            case I32 -> v.intValue();
            case I64 -> v.longValue();
        };
    }

    private static Object fill(Memory m, long at, Type t, int n, SplittableRandom random) {
        switch (t) {
            case F32 -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                m.writeF32s(at, v);
                return v;
            }
            case F64 -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                m.writeF64s(at, v);
                return v;
            }
            case I32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                }
                m.writeS32s(at, v);
                return v;
            }
            default -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(-8, 9);
                    m.writeS64(at + 8L * i, v[i]);
                }
                return v;
            }
        }
    }

    private static String compare(String name, Object want, Memory m, long at, Type t) {
        int n = java.lang.reflect.Array.getLength(want);
        for (int i = 0; i < n; i++) {
            double w = ((Number) java.lang.reflect.Array.get(want, i)).doubleValue();
            double got = switch (t) {
                case F32 -> m.readF32(at + 4L * i);
                case F64 -> m.readF64(at + 8L * i);
                case I32 -> m.readS32(at + 4L * i);
                case I64 -> m.readS64(at + 8L * i);
            };
            if (Math.abs(w - got) > 1e-5 * Math.max(1, Math.abs(w))) {
                return name + "[" + i + "] = " + got + ", expected " + w;
            }
        }
        return null;
    }
}
