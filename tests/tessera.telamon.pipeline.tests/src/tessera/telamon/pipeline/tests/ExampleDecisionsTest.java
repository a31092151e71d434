package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.testing.Fixtures;

/**
 * The decision list beside each example kernel (examples/telamon/NAME.decisions, written by
 * {@code tessera telamon sample NAME.kernel --descents 1 --seed 1 --save NAME.decisions}) fixes an implementation whose PTX
 * assembles with ptxas for the five targets, at the thesis's sizes.
 */
class ExampleDecisionsTest {
    static final List<String> KERNELS = List.of("scal", "axpy", "outer_product", "matmul_256", "matmul_1024", "strided_matmul",
            "batched_matmul", "reuse_matmul");

    @Test
    void everyExampleListGivesPtxForTheFiveTargets() throws Exception {
        Map<Target, List<String>> ptx = new LinkedHashMap<>();
        for (String k : KERNELS) {
            Path kernel = Fixtures.root().resolve("examples/telamon/" + k + ".kernel");
            Path decisions = kernel.resolveSibling(k + ".decisions");
            Diagnostics d = new Diagnostics();
            TelamonPipeline.Result r = TelamonPipeline.run(kernel.toString(), Files.readString(kernel), decisions.toString(),
                    Files.readString(decisions), new TelamonPipeline.Settings("sm_80", Map.of()), d);
            assertEquals(List.of(), d.list(), k);
            assertNotNull(r.code(), k);
            for (Target t : Target.values()) {
                ptx.computeIfAbsent(t, x -> new ArrayList<>()).add(CodeGenerator.generate(r.implementation(), t).ptx());
            }
        }
        Path ptxas = Ptxas.find();
        if (ptxas == null) {
            System.out.println("ptxas not found on PATH or /usr/local/cuda/bin: skipping the assembly of the examples");
            return;
        }
        for (Map.Entry<Target, List<String>> e : ptx.entrySet()) {
            assertNull(Ptxas.assemble(ptxas, Ptxas.module(e.getValue()), e.getKey().arch()), e.getKey().arch());
        }
    }
}
