package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * Seed 001 §4.4: the generated PTX, launched as its launch description says on the reference executor (with its race
 * detector), writes the same arrays as the kernel's semantics (§4.2) for every candidate of {@link PtxasTest}.
 */
class GeneratedPtxRunTest {
    @Test
    void everyCandidateComputesTheKernel() {
        List<String> failures = new ArrayList<>();
        for (Map.Entry<String, Implementation> e : PtxasTest.candidates().entrySet()) {
            try {
                check(e.getValue());
            } catch (RuntimeException | AssertionError x) {
                failures.add(e.getKey() + ": " + x.getMessage());
            }
        }
        assertEquals(List.of(), failures);
    }

    private static void check(Implementation impl) {
        Kernel k = impl.kernel();
        CodeGenerator.Output out = CodeGenerator.generate(impl, Target.SM_80);
        LaunchDescription l = out.launch();
        Memory m = new Memory();
        Map<String, Number> scalars = new HashMap<>();
        Map<String, float[]> inputs = new HashMap<>();
        Map<String, Long> address = new HashMap<>();
        for (Param p : k.params()) {
            if (p.value() != null) {
                scalars.put(p.name(), p.value());
            } else {
                scalars.put(p.name(), 1.5f);
            }
        }
        List<Object> args = new ArrayList<>();
        for (LaunchDescription.Param p : l.params()) {
            switch (p.kind()) {
                case "array" -> {
                    Array a = k.array(p.name());
                    int n = (int) a.length().value(k);
                    float[] v = new float[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = (i * 7 % 13) - 6 + i / 8f;
                    }
                    inputs.put(a.name(), v);
                    long at = m.allocate(a.name(), 4L * n);
                    m.writeF32s(at, v);
                    address.put(a.name(), at);
                    args.add(at);
                }
                case "scalar" -> args.add(scalars.get(p.name()));
                default -> args.add(m.allocate(p.name(), p.bytes()));
            }
        }
        Map<String, Long> sizes = new HashMap<>(impl.size());
        Map<String, Object> expected = KernelSemantics.evaluate(k, scalars, inputs, sizes);
        new PtxExecutor(PtxParser.parse(k.name() + ".ptx", out.ptx()), m).run(dim3(l.grid().get(0).value(), l.grid().get(1).value(),
                l.grid().get(2).value()), dim3(l.block().get(0), l.block().get(1), l.block().get(2)), args);
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            float[] want = (float[]) e.getValue();
            float[] got = m.readF32s(address.get(e.getKey()), want.length);
            for (int i = 0; i < want.length; i++) {
                if (Math.abs(want[i] - got[i]) > 1e-4 * Math.max(1, Math.abs(want[i]))) {
                    throw new AssertionError(e.getKey() + "[" + i + "] = " + got[i] + ", expected " + want[i]);
                }
            }
        }
    }

    private static Dim3 dim3(long x, long y, long z) {
        return new Dim3((int) x, (int) y, (int) z);
    }
}
