package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.exec.ReferenceRun;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.space.Fixed;

/**
 * Property test over random leaves of the GPU space: each one's order is a loop tree, its PTX computes the kernel on
 * the reference executor (compared with the kernel's semantics; kernels small enough, see small()), and
 * assembles with ptxas for the five targets.
 */
public class LeafCodeTest {
    public static void leaves(Kernel k, int count, long seed) throws Exception {
        Candidate root = GpuSpaceTest.root(k);
        SplittableRandom random = new SplittableRandom(seed);
        Map<Target, List<String>> ptx = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RandomDescent.Result r = RandomDescent.run(root, random);
            assertNotNull(r.leaf(), "descent " + i + " found no leaf");
            Implementation impl = Fixed.implementation(k, r.leaf());
            assertNull(LoopTree.violation(impl), () -> String.join("\n", r.decisions()));
            CodeGenerator.Output out;
            try {
                out = CodeGenerator.generate(impl, Target.SM_80);
            } catch (IllegalArgumentException e) {
                failures.add("leaf " + i + ": " + e.getMessage() + "\n  " + String.join("\n  ", r.decisions()));
                continue;
            }
            ReferenceRun.Outcome o = small(k) ? ReferenceRun.check(k, impl, out, i) : new ReferenceRun.Outcome(true, "too large to run", 0);
            if (!o.ok()) {
                failures.add("leaf " + i + ": " + o.message() + "\n  " + String.join("\n  ", r.decisions()) + "\n" + out.pseudoCode());
            }
            for (Target t : Target.values()) {
                ptx.computeIfAbsent(t, x -> new ArrayList<>()).add(t == Target.SM_80 ? out.ptx() : CodeGenerator.generate(impl, t).ptx());
            }
        }
        assertEquals(List.of(), failures.subList(0, Math.min(3, failures.size())), failures.size() + " of " + count + " leaves fail");
        Path ptxas = Ptxas.find();
        if (ptxas == null) {
            System.out.println("ptxas not found on PATH or /usr/local/cuda/bin: skipping the assembly of " + k.name());
            return;
        }
        for (Map.Entry<Target, List<String>> e : ptx.entrySet()) {
            assertNull(Ptxas.assemble(ptxas, Ptxas.module(e.getValue()), e.getKey().arch()), k.name() + " on " + e.getKey().arch());
        }
    }

    /**
     * Whether the reference executor runs this kernel in a test's time: every array up to 2^16 elements and every
     * instruction's iteration space (its logical dimensions) up to 2^20 points.
     */
    static boolean small(Kernel k) {
        for (tessera.telamon.kernel.Inst i : k.insts()) {
            long points = 1;
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (String d : i.dims()) {
                String l = k.dim(d).logical();
                if (l != null && seen.add(l)) {
                    points *= k.logical(l).size().value(k);
                }
            }
            if (points > 1 << 20) {
                return false;
            }
        }
        return k.arrays().stream().allMatch(a -> a.length().value(k) <= 1 << 16);
    }

    public static Kernel example(String name, Map<String, Long> params) {
        tessera.kernel.KernelLoader.Result r = tessera.kernel.KernelLoader.load(tessera.testing.Fixtures.root().resolve("examples/telamon/" + name + ".kernel"), params);
        assertEquals(List.of(), r.diagnostics().list());
        return r.kernel();
    }

    @Test
    void exampleKernelsShrunk() throws Exception {
        leaves(example("axpy", Map.of("n", 64L)), 10, 1);
        leaves(example("matmul_256", Map.of("m", 8L, "n", 8L, "k", 4L)), 10, 2);
        leaves(example("strided_matmul", Map.of("m", 8L, "n", 8L, "k", 4L)), 6, 3);
        leaves(example("batched_matmul", Map.of("batch", 4L, "m", 4L, "n", 4L, "k", 4L)), 6, 4);
        leaves(example("reuse_matmul", Map.of("batch", 4L, "m", 4L, "n", 4L, "k", 4L)), 6, 5);
        leaves(example("outer_product", Map.of("m", 8L, "n", 8L)), 10, 6);
    }

    @Test
    void table41Leaves() throws Exception {
        leaves(Kernels.table41(256), 40, 41);
    }

    @Test
    void axpyLeaves() throws Exception {
        leaves(Kernels.axpy(64, List.of(1L, 2L, 4L), List.of(1L, 2L, 4L, 8L)), 40, 62);
    }
}
