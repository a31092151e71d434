package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.impl.Cache;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.MemSpace;

/** Seed 001 §4.4.4: the PTX of a set of fixed candidates assembles with ptxas for every target. */
class PtxasTest {
    static Map<String, Implementation> candidates() {
        Map<String, Implementation> m = new LinkedHashMap<>();
        String scalNest = "d0(d1(d2(x y st)))";
        m.put("scal-block-thread-vector", CodegenFixtures.of(CodegenKernels.scal()).block("d0", 64, 0).thread("d1", 4, 0).vector("d2", 4)
                .cache("x", Cache.READ_ONLY).cache("st", Cache.L1).tree(scalNest).build());
        m.put("scal-loop-unroll-vector", CodegenFixtures.of(CodegenKernels.scal()).loop("d0", 64).unroll("d1", 4).vector("d2", 4)
                .cache("x", Cache.L1).cache("st", Cache.NONE).tree(scalNest).build());
        m.put("scal-block-block-thread", CodegenFixtures.of(CodegenKernels.scal()).block("d0", 128, 0).block("d1", 2, 1).thread("d2", 4, 0)
                .cache("x", Cache.NONE).tree(scalNest).build());
        m.put("scal-thread-loop-unroll", CodegenFixtures.of(CodegenKernels.scal()).loop("d0", 64).thread("d1", 8, 0).unroll("d2", 2)
                .tree("d1(d0(d2(x y st)))").build());
        m.put("axpy-block-thread-unroll", CodegenFixtures.of(CodegenKernels.axpy()).block("d0", 32, 0).thread("d1", 32, 0).unroll("d2", 4)
                .tree("d0(d1(d2(x y z sz)))").build());
        m.put("axpy-loop-unroll-vector", CodegenFixtures.of(CodegenKernels.axpy()).loop("d0", 512).unroll("d1", 2).vector("d2", 4)
                .tree("d0(d1(d2(x y z sz)))").build());
        String mmNest = "i0(j0(i1(j1(acc k0(k1(a b c)) sc))))";
        m.put("matmul-threads", CodegenFixtures.of(CodegenKernels.matmul()).block("i0", 4, 1).block("j0", 2, 0).thread("i1", 4, 1)
                .thread("j1", 8, 0).loop("k0", 4).unroll("k1", 4).tree(mmNest).build());
        m.put("matmul-sequential", CodegenFixtures.of(CodegenKernels.matmul()).loop("i0", 4).loop("j0", 2).loop("i1", 4).loop("j1", 8)
                .loop("k0", 4).unroll("k1", 4).tree(mmNest).build());
        m.put("exchange-shared", CodegenFixtures.of(CodegenKernels.exchange(false)).thread("t", 32, 0).thread("u", 8, 0).thread("w", 4, 1)
                .temporary("T", MemSpace.SHARED, "t").tree("t(x sx) u(w(l z sz))").build());
        m.put("exchange-global", CodegenFixtures.of(CodegenKernels.exchange(true)).block("b", 2, 0).thread("t", 32, 0).thread("u", 8, 0)
                .thread("w", 4, 1).temporary("T", MemSpace.GLOBAL, "b", "t").tree("b(t(x sx) u(w(l z sz)))").build());
        m.put("broadcast", CodegenFixtures.of(ErasureTest.broadcast()).thread("t", 32, 0).temporary("T", MemSpace.SHARED)
                .tree("x s l t(y sy)").build());
        m.put("listing47", CodegenFixtures.of(CodegenKernels.listing47()).loop("i", 8).thread("j1", 4, 0).thread("j2", 4, 0)
                .tree("i(j1(do_a) do_b j2(do_c))").build());
        m.put("listing49b", CodegenFixtures.of(CodegenKernels.listing49()).vector("d0", 4).unroll("d1", 4).tree("d0(x) d1(y sy)").build());
        m.put("listing411", CodegenFixtures.of(CodegenKernels.listing411()).loop("d0", 4).unroll("d1", 2).unroll("d2", 2)
                .tree("d0(d1(x) y d2(z) sz)").build());
        m.put("listing51", CodegenFixtures.of(ControlFlowTreeTest.listing51()).loop("d0", 4).unroll("d1", 8).tree("d1(y d0(x z sz))").build());
        m.put("figure41", CodegenFixtures.of(CodegenKernels.figure41()).block("b0", 3, 0).block("b1", 2, 1).thread("t0", 2, 0)
                .thread("t1", 2, 1).tree("b0(b1(t0(t1(st))))").build());
        return m;
    }

    static Path ptxas() {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.add("/usr/local/cuda/bin");
        for (String d : dirs) {
            Path p = Path.of(d.isEmpty() ? "." : d, "ptxas");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    @Test
    void everyCandidateAssemblesForEveryTarget() throws IOException, InterruptedException {
        Path ptxas = ptxas();
        if (ptxas == null) {
            System.out.println("ptxas not found on PATH or /usr/local/cuda/bin: skipping");
            return;
        }
        Path dir = Files.createTempDirectory("tessera-ptxas");
        List<String> failures = new ArrayList<>();
        int assembled = 0;
        for (Map.Entry<String, Implementation> e : candidates().entrySet()) {
            for (Target t : Target.values()) {
                CodeGenerator.Output out = CodeGenerator.generate(e.getValue(), t);
                Path src = dir.resolve(e.getKey() + "-" + t.arch() + ".ptx");
                Files.writeString(src, out.ptx(), StandardCharsets.UTF_8);
                Process p = new ProcessBuilder(ptxas.toString(), "-arch=" + t.arch(), src.toString(), "-o", dir.resolve("out.cubin").toString())
                        .redirectErrorStream(true).start();
                String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (p.waitFor() != 0) {
                    failures.add(e.getKey() + " on " + t.arch() + ":\n" + log + "\n" + out.ptx());
                } else {
                    assembled++;
                }
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(candidates().size() * Target.values().length, assembled);
    }

    @Test
    void versionsAndTargetsAreDeclared() {
        String ptx = CodeGenerator.generate(candidates().get("figure41"), Target.SM_89).ptx();
        assertTrue(ptx.contains(".version 7.8\n.target sm_89\n.address_size 64\n"), ptx);
        assertEquals(Target.SM_75, Target.of("sm_75"));
    }
}
