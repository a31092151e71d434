package tessera.telamon.pipeline.tests.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Kernel;
import tessera.core.Diagnostics;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.space.Device;
import tessera.telamon.pipeline.tests.LeafCodeTest;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.space.Fixed;

/**
 * Writes random leaves for the GPU machine (issue 18: "300 random leaves each of matmul 256 and axpy 2^20 run with
 * correct outputs"): for each kernel, {@code OUT/KERNEL/leaf_NNNN.ptx}, {@code .launch.json} and {@code .decisions}
 * for sm_90. {@code tests/tessera.telamon.pipeline.tests/gpu/run_leaves.py} runs them on the GPU.
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.GpuLeaves dev/jtest-tcpa tessera.telamon.pipeline -- OUT 300 SEED}
 */
public final class GpuLeaves {
    private GpuLeaves() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        dump(out.resolve("axpy"), LeafCodeTest.example("axpy", Map.of("n", 1L << 20)), count, seed);
        dump(out.resolve("matmul_256"), LeafCodeTest.example("matmul_256", Map.of()), count, seed + 1);
    }

    static void dump(Path dir, Kernel k, int count, long seed) throws Exception {
        Files.createDirectories(dir);
        Diagnostics d = new Diagnostics();
        Candidate root = GpuSpace.root(k, Device.of("sm_90"), d);
        if (root == null) {
            throw new IllegalStateException(d.toString());
        }
        SplittableRandom random = new SplittableRandom(seed);
        long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            RandomDescent.Result r = RandomDescent.run(root, random);
            Implementation impl = Fixed.implementation(k, r.leaf());
            CodeGenerator.Output o = CodeGenerator.generate(impl, Target.SM_90);
            String base = String.format("leaf_%04d", i);
            Files.writeString(dir.resolve(base + ".ptx"), o.ptx(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(base + ".launch.json"), o.launch().toJson(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(base + ".decisions"), String.join("\n", r.decisions()) + "\n",
                    StandardCharsets.UTF_8);
        }
        System.out.printf("%s: %d leaves in %.0f s%n", k.name(), count, (System.nanoTime() - t0) / 1e9);
    }
}
