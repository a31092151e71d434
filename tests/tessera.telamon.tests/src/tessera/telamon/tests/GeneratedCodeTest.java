package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.LaunchDescription;
import tessera.telamon.codegen.Target;
import tessera.telamon.exec.KernelSemantics;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Param;
import tessera.telamon.ptx.Memory;
import tessera.telamon.ptx.PtxExecutor;
import tessera.telamon.ptx.PtxExecutor.Dim3;
import tessera.telamon.ptx.PtxParser;

/**
 * Generated code without a GPU: the PTX of every fixed candidate of {@link PtxasTest} runs on the reference executor
 * (races, bounds and barriers checked) and writes exactly, bit for bit, what the kernel's reference semantics computes.
 */
class GeneratedCodeTest {
    @Test
    void everyCandidateComputesTheKernelsSemantics() {
        Map<String, Implementation> candidates = PtxasTest.candidates();
        assertTrue(candidates.size() >= 10);
        for (Map.Entry<String, Implementation> e : candidates.entrySet()) {
            check(e.getKey(), e.getValue());
        }
    }

    static void check(String name, Implementation impl) {
        Kernel k = impl.kernel();
        CodeGenerator.Output code = CodeGenerator.generate(impl, Target.SM_80);
        Map<String, Number> scalars = new HashMap<>();
        for (Param p : k.params()) {
            scalars.put(p.name(), p.value() != null ? p.value() : (Number) 1.5f);
        }
        Random rnd = new Random(name.hashCode());
        Memory mem = new Memory();
        Map<String, Object> inputs = new HashMap<>();
        Map<String, Long> pointers = new HashMap<>();
        for (Array a : k.arrays()) {
            if (a.kind() != Array.Kind.INPUT) {
                continue;
            }
            int n = (int) a.length().value(k);
            long p = mem.allocate(a.name(), (long) n * a.type().bytes());
            pointers.put(a.name(), p);
            inputs.put(a.name(), fill(mem, p, a, n, rnd));
        }
        Map<String, Object> want = KernelSemantics.evaluate(k, scalars, inputs, impl.size());
        LaunchDescription l = code.launch();
        List<Object> args = new ArrayList<>();
        for (LaunchDescription.Param p : l.params()) {
            switch (p.kind()) {
                case "array" -> args.add(pointers.get(p.name()));
                case "temporary" -> args.add(mem.allocate(p.name(), p.bytes()));
                default -> args.add(p.type().startsWith("f") ? (Number) scalars.get(p.name()).floatValue()
                        : (Number) scalars.get(p.name()).intValue());
            }
        }
        Dim3 grid = new Dim3((int) l.grid().get(0).value(), (int) l.grid().get(1).value(), (int) l.grid().get(2).value());
        Dim3 block = new Dim3(l.block().get(0).intValue(), l.block().get(1).intValue(), l.block().get(2).intValue());
        new PtxExecutor(PtxParser.parse(name + ".ptx", code.ptx()), mem).run(grid, block, args);
        assertTrue(!want.isEmpty(), name);
        for (Map.Entry<String, Object> w : want.entrySet()) {
            Array a = k.array(w.getKey());
            long p = pointers.get(a.name());
            int n = java.lang.reflect.Array.getLength(w.getValue());
            switch (a.type()) {
                case F32 -> assertArrayEquals((float[]) w.getValue(), mem.readF32s(p, n), name + ": " + a.name());
                case F64 -> assertArrayEquals((double[]) w.getValue(), mem.readF64s(p, n), name + ": " + a.name());
                case I32 -> assertArrayEquals((int[]) w.getValue(), mem.readS32s(p, n), name + ": " + a.name());
                case I64 -> assertArrayEquals((long[]) w.getValue(), mem.readS64s(p, n), name + ": " + a.name());
            }
        }
        assertEquals(k.name(), l.kernel(), name);
    }

    private static Object fill(Memory mem, long p, Array a, int n, Random rnd) {
        switch (a.type()) {
            case F32 -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextFloat() * 2 - 1;
                }
                mem.writeF32s(p, v);
                return v;
            }
            case F64 -> {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextDouble() * 2 - 1;
                }
                mem.writeF64s(p, v);
                return v;
            }
            case I32 -> {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt();
                }
                mem.writeS32s(p, v);
                return v;
            }
            default -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextLong();
                }
                mem.writeS64s(p, v);
                return v;
            }
        }
    }
}
