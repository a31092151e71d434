package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import tessera.cli.HelpExamples;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/**
 * Every command's {@code tessera help COMMAND} ends with an {@code examples:} block, and every example runs as printed.
 */
class HelpExamplesTest {
    /** The commands of the launcher's command table with their examples ({@link HelpExamples}, as the training). */
    static Map<String, List<List<String>>> commands() {
        return HelpExamples.all();
    }

    /** The lines after the last {@code examples:} line of {@code usage}, stripped. */
    static List<String> examplesBlock(String usage) {
        List<String> lines = List.of(usage.replace("\r", "").stripTrailing().split("\n"));
        int at = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("examples:")) {
                at = i;
            }
        }
        return at < 0 ? List.of() : lines.subList(at + 1, lines.size()).stream().map(String::strip).toList();
    }

    static List<String> words(String line) {
        return HelpExamples.words(line);
    }

    @Test
    void wordsSplitAsAShellDoes() {
        assertEquals(List.of("tessera", "dspace", "--decide", "order(a,b)=X|Y"),
                words("tessera dspace  --decide 'order(a,b)=X|Y'"));
        assertEquals(List.of("a", "b c", ""), words("a \"b c\" ''"));
    }

    @Test
    void everyCommandIsListed() {
        java.util.Set<String> names = commands().keySet();
        for (String c : List.of("build", "demo", "lsp", "passes", "modsched", "run", "compile", "simulate",
                "telamon")) {
            assertTrue(names.contains(c), c + " in " + names);
        }
    }

    /** One test per command: its help has 1 to 3 examples, each of which exits 0 and prints something on stdout. */
    @TestFactory
    Stream<DynamicTest> everyHelpExampleRunsAsPrinted(@TempDir Path tmp) {
        return commands().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            String name = e.getKey();
            Run help = CliRunner.run(tmp, "help", name);
            assertEquals(0, help.code(), help.err());
            List<String> block = examplesBlock(help.out());
            if (block.isEmpty()) {
                fail("tessera help " + name + " has no examples: block at its end:\n" + help.out());
            }
            assertTrue(block.size() <= 3, "at most 3 examples: " + block);
            for (String line : block) {
                assertTrue(line.startsWith("tessera "), "an example is 'tessera …' on a line of its own: '" + line
                        + "' in tessera help " + name);
            }
            List<List<String>> examples = e.getValue();
            assertEquals(block.size(), examples.size(), "HelpExamples reads every line of the block");
            Path cwd = Files.createDirectories(tmp.resolve("run-" + name));
            Path link = Files.createSymbolicLink(cwd.resolve("examples"), Fixtures.root().resolve("examples"));
            try {
                for (int i = 0; i < examples.size(); i++) {
                    Run r = CliRunner.run(cwd, examples.get(i));
                    String line = block.get(i);
                    assertEquals(0, r.code(), line + "\nstdout:\n" + r.out() + "\nstderr:\n" + r.err());
                    assertFalse(r.out().isBlank(), line + " printed nothing on stdout; stderr:\n" + r.err());
                }
            } finally {
                Files.delete(link); // before JUnit cleans tmp (it never follows the link, but warns)
            }
        }));
    }
}
