package tessera.fuzz.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.fuzz.tests.CaseRunner.Failure;
import tessera.fuzz.tests.CaseRunner.Outcome;
import tessera.fuzz.tests.Languages.Lang;
import tessera.fuzz.tests.Languages.Target;
import tessera.testing.Fixtures;

/**
 * Issue 22 item 6: {@code tessera build} over a project holding a mutated file of every language at once (plus
 * {@code tessera.properties} and the TCPA architecture it names) writes only under {@code PROJECT/gen}, leaves no
 * {@code .tessera-*.tmp} file, and passes the fuzzer's checks of its output.
 */
class BuilderFuzzTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void buildOverFuzzedFilesWritesOnlyUnderGen(long seed) throws Exception {
        Path root = Fixtures.root();
        Path examples = root.resolve("examples");
        Path dir = Files.createTempDirectory("tessera-fuzz-build-");
        Path project = dir.resolve("project");
        Random r = new Random(seed);
        List<String> mutated = new ArrayList<>();
        try {
            for (String copy : List.of("tessera.properties", "tcpa/tcpa4x4.tcpa")) {
                Files.createDirectories(project.resolve(copy).getParent());
                Files.copy(examples.resolve(copy), project.resolve(copy));
            }
            for (String name : Languages.NAMES) {
                Lang lang = Languages.get(name);
                List<byte[]> seeds = new ArrayList<>();
                for (Target t : lang.targets()) {
                    seeds.add(Files.readAllBytes(t.seed().startsWith("fix:")
                            ? root.resolve("tests/tessera.fuzz.tests/fixtures").resolve(t.seed().substring(4))
                            : examples.resolve(t.seed())));
                }
                for (int k = 0; k < 2; k++) { // up to two files per language
                    int i = r.nextInt(lang.targets().size());
                    Target t = lang.targets().get(i);
                    if (t.projectPath() == null || t.projectPath().equals("tcpa/tcpa4x4.tcpa")) {
                        continue;
                    }
                    List<String> how = new ArrayList<>();
                    byte[] b = Mutator.mutate(seeds.get(i), seeds, r, how);
                    Path f = project.resolve(t.projectPath());
                    Files.createDirectories(f.getParent());
                    Files.write(f, b);
                    mutated.add(t.projectPath() + " (" + String.join(", ", how) + ")");
                }
            }
            Map<Path, byte[]> before = CaseRunner.snapshot(dir);
            FuzzCase c = new FuzzCase("build", "project", new byte[0], List.of("--json", "build", "{DIR}"), ".",
                    List.of(), "build seed " + seed + ": " + mutated);
            // every pass on every file, the TCPA compilation of a .pla included: a minute, not a case's 10 s
            CaseRunner runner = new CaseRunner(examples, root.resolve("tests/tessera.fuzz.tests/fixtures"), 120_000);
            Outcome o = runner.execute(List.of("--json", "build", project.toString()), dir, 120_000);
            Failure f = CaseRunner.judge(c, o);
            if (f == null && !o.timedOut()) {
                f = CaseRunner.checkTree(c, o, dir, project, before);
            }
            if (f != null) {
                fail(f.toString());
            }
        } finally {
            CaseRunner.delete(dir);
        }
    }
}
