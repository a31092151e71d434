package tessera.fuzz.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import tessera.fuzz.tests.CaseRunner.Failure;
import tessera.testing.Fixtures;

/**
 * Every case kept in {@code tests/tessera.fuzz.tests/regressions/LANG/} (a file and its {@code .cmd}, see
 * {@code regressions/README.md}) run and judged as the fuzzer does: a fixed input stays fixed.
 */
class RegressionTest {
    @TestFactory
    Stream<DynamicTest> everyKeptCase() throws IOException {
        Path regressions = Fixtures.root().resolve("tests/tessera.fuzz.tests/regressions");
        List<DynamicTest> tests = new ArrayList<>();
        Fuzzer fuzzer = Fuzzer.forCheckout();
        try (Stream<Path> s = Files.walk(regressions)) {
            for (Path f : s.sorted().toList()) {
                String name = f.getFileName().toString();
                if (!Files.isRegularFile(f) || name.endsWith(".cmd") || name.endsWith(".md")
                        || !Files.exists(f.resolveSibling(name + ".cmd")) || f.getParent().equals(regressions)) {
                    continue;
                }
                String lang = f.getParent().getFileName().toString();
                tests.add(DynamicTest.dynamicTest(lang + "/" + name, () -> {
                    FuzzCase c = FuzzCase.load(lang, f);
                    Path dir = Files.createTempDirectory("tessera-regression-");
                    try {
                        Failure failure = fuzzer.runner().run(c, dir);
                        if (failure != null) {
                            fail(failure.toString());
                        }
                    } finally {
                        CaseRunner.delete(dir);
                    }
                }));
            }
        }
        return tests.stream();
    }
}
