package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tessera.testing.CliRunner.run;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Version;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

class CliTest {
    @Test
    void helpListsCommandsAndExitCodes(@TempDir Path dir) {
        Run r = run(dir, "--help");
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
        Run r = run(dir, "frobnicate");
        assertEquals(2, r.code());
        assertEquals("tessera: unknown command 'frobnicate' (run 'tessera --help' for the list)\n",
                r.err().replace("\r", ""));
        assertEquals("", r.out());
        assertEquals(2, run(dir, "--bogus").code());
        assertEquals(2, run(dir).code());
        Run badOpt = run(dir, "demo", "--nope");
        assertEquals(2, badOpt.code());
        assertEquals("tessera demo: unknown option --nope (run 'tessera help demo')\n", badOpt.err().replace("\r", ""));
    }

    @Test
    void demoRunsOnTheExamplesAndNamesItsResultFolder(@TempDir Path dir) throws Exception {
        Path examples = Fixtures.root().resolve("examples");
        Run r = run(dir, "demo", "--examples", examples.toString(), "--out-dir", dir.resolve("demo").toString());
        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("Tessera demo:"), r.out());
        assertTrue(r.out().contains("Results are under " + dir.resolve("demo").resolve("gen")), r.out());
        Run j = run(dir, "--json", "demo", "--examples", examples.toString(), "--out-dir", dir.resolve("d2").toString());
        assertEquals(0, j.code());
        assertTrue(j.out().trim().startsWith("{") && j.out().contains("\"ok\": true"), j.out());
        assertEquals(2, run(dir, "demo", "--examples", dir.resolve("missing").toString()).code());
    }

    @Test
    void buildReportsProblemsWithExitCode1(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("nothing.txt"), "no pass reads this");
        Run r = run(dir, "build", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(2, run(dir, "build", dir.resolve("nope").toString()).code());
    }
}
