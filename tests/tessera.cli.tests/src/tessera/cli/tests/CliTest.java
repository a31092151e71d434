package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.cli.Main;
import tessera.core.Version;

class CliTest {
    record Result(int code, String out, String err) {
    }

    static Result run(Path cwd, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), cwd);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpListsCommandsAndExitCodes(@TempDir Path dir) {
        Result r = run(dir, "--help");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("usage: tessera"), r.out());
        for (String c : new String[] {"demo", "build", "lsp", "passes"}) {
            assertTrue(r.out().contains("  " + c), "help lists " + c + ":\n" + r.out());
        }
        assertTrue(r.out().contains("2 bad command line"));
        assertEquals(0, run(dir, "help", "demo").code());
        assertTrue(run(dir, "demo", "--help").out().contains("usage: tessera demo"));
    }

    @Test
    void versionInTextAndJson(@TempDir Path dir) {
        assertEquals("tessera " + Version.VERSION + "\n", run(dir, "--version").out().replace("\r", ""));
        assertTrue(run(dir, "--json", "--version").out().contains("\"version\": \"" + Version.VERSION + "\""));
    }

    @Test
    void unknownCommandIsAOneLineUsageError(@TempDir Path dir) {
        Result r = run(dir, "frobnicate");
        assertEquals(2, r.code());
        assertEquals("tessera: unknown command 'frobnicate' (run 'tessera --help' for the list)\n",
                r.err().replace("\r", ""));
        assertEquals("", r.out());
        assertEquals(2, run(dir, "--bogus").code());
        assertEquals(2, run(dir).code());
        Result badOpt = run(dir, "demo", "--nope");
        assertEquals(2, badOpt.code());
        assertEquals("tessera demo: unknown option --nope (run 'tessera help demo')\n", badOpt.err().replace("\r", ""));
    }

    @Test
    void demoRunsOnTheExamplesAndNamesItsResultFolder(@TempDir Path dir) throws Exception {
        Path examples = Path.of(System.getProperty("tessera.root", "../..")).resolve("examples");
        Result r = run(dir, "demo", "--examples", examples.toString(), "--out", dir.resolve("demo").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("Tessera demo:"), r.out());
        assertTrue(r.out().contains("Results are under " + dir.resolve("demo").resolve("gen")), r.out());
        Result j = run(dir, "--json", "demo", "--examples", examples.toString(), "--out", dir.resolve("d2").toString());
        assertEquals(0, j.code());
        assertTrue(j.out().trim().startsWith("{") && j.out().contains("\"ok\": true"), j.out());
        assertEquals(2, run(dir, "demo", "--examples", dir.resolve("missing").toString()).code());
    }

    @Test
    void buildReportsProblemsWithExitCode1(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("nothing.txt"), "no pass reads this");
        Result r = run(dir, "build", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(2, run(dir, "build", dir.resolve("nope").toString()).code());
    }
}
