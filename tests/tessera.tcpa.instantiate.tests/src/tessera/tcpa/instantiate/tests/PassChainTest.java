package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.core.pass.PassExecutor;
import tessera.core.pass.PassRegistry;
import tessera.core.pass.ProjectRunner;
import tessera.pla.pass.PlaRdgPass;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.pipeline.pass.InstantiatePass;
import tessera.tcpa.pipeline.pass.TcpaCompilePass;

/**
 * The TCPA chain as the builder runs it on a saved .pla: pla.rdg parses it once and publishes the result, tcpa.compile
 * maps that parse and publishes the mapping, tcpa.instantiate continues from the mapping. The later passes are handed
 * text that does not parse: they can only succeed by reading the earlier passes' products.
 */
class PassChainTest {
    private static final String NOT_PLA = "this is not a PLA program";

    private static Map<String, String> settings() {
        return Map.of("tcpa.arch", "examples/tcpa/bitext-pe.tcpa", "tcpa.params.bitext", "N=16", "tcpa.pes.bitext", "1x3");
    }

    private static PassExecutor.Execution run(tessera.core.pass.Pass pass, String text, PassExecutor.Products products) {
        return PassExecutor.execute(pass, "src/bitext.pla", text, settings(), p -> read(Fixtures.root().resolve(p)), products, Monitor.NULL);
    }

    private static Optional<String> read(Path p) {
        try {
            return Optional.of(Files.readString(p));
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }

    @Test
    void laterPassesReadWhatEarlierOnesPublished() {
        PassExecutor.Products products = new PassExecutor.Products();
        PassExecutor.Execution rdg = run(new PlaRdgPass(), Fixtures.example("bitext.pla"), products);
        assertFalse(rdg.hasErrors(), rdg.diagnostics().toString());
        PassExecutor.Execution compile = run(new TcpaCompilePass(), NOT_PLA, products);
        assertFalse(compile.hasErrors(), compile.diagnostics().toString());
        assertTrue(compile.outputs().containsKey("tcpa.compile/bitext.symconf.xmi"), compile.outputs().keySet().toString());
        PassExecutor.Execution inst = run(new InstantiatePass(), NOT_PLA, products);
        assertFalse(inst.hasErrors(), inst.diagnostics().toString());
        assertTrue(inst.summaries().get(0).contains("simulation = interpreter"), inst.summaries().toString());
    }

    @Test
    void aPassRunAloneParsesItself() {
        PassExecutor.Execution alone = run(new TcpaCompilePass(), NOT_PLA, new PassExecutor.Products());
        assertTrue(alone.summaries().get(0).startsWith("not mapped: the PLA has errors"), alone.summaries().toString());
        PassExecutor.Execution ok = run(new InstantiatePass(), Fixtures.example("bitext.pla"), new PassExecutor.Products());
        assertFalse(ok.hasErrors(), ok.diagnostics().toString());
    }

    @Test
    void theProjectRunnerSharesProductsPerFile(@TempDir Path project) throws Exception {
        Files.createDirectories(project.resolve("src"));
        Files.createDirectories(project.resolve("examples/tcpa"));
        Files.writeString(project.resolve("src/bitext.pla"), Fixtures.example("bitext.pla"));
        Files.copy(Fixtures.root().resolve("examples/tcpa/bitext-pe.tcpa"), project.resolve("examples/tcpa/bitext-pe.tcpa"));
        StringBuilder props = new StringBuilder();
        settings().forEach((k, v) -> props.append(k).append('=').append(v).append('\n'));
        Files.writeString(project.resolve("tessera.properties"), props);
        // a pass after pla.rdg that only reports what it was handed
        PassRegistry registry = new PassRegistry().register(new PlaRdgPass()).register(new TcpaCompilePass()).register(new InstantiatePass())
                .register(new Probe());
        List<ProjectRunner.PassRun> runs = new ProjectRunner(registry).run(project, project, Monitor.NULL);
        ProjectRunner.PassRun probe = runs.stream().filter(r -> r.passId().equals("probe")).findFirst().orElseThrow();
        assertEquals(List.of("parsed bitext, mapped: true"), probe.summaries());
        assertTrue(runs.stream().noneMatch(ProjectRunner.PassRun::hasErrors),
                runs.stream().flatMap(r -> r.diagnostics().stream()).map(Diagnostic::format).toList().toString());
        assertTrue(Files.isRegularFile(project.resolve("gen/tcpa.instantiate/bitext.concrete.xmi")));
    }

    /** Runs last; reports the products of the passes before it. */
    private static final class Probe extends FilePass {
        Probe() {
            super("probe", "test probe", 1000, ".pla");
        }

        @Override
        public void run(PassContext c) {
            String parsed = c.product(PlaCompiler.Compiled.class).map(p -> p.rdg().getName()).orElse("nothing");
            boolean mapped = c.product(TcpaPipeline.Compiled.class).map(TcpaPipeline.Compiled::ok).orElse(false);
            c.summary("parsed " + parsed + ", mapped: " + mapped);
        }
    }
}
