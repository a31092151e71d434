package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.CliCommand;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22, hostile input through {@code tessera dspace check|explore} as a user types it: invalid UTF-8 in a .exh,
 * an included .exh or the instance JSON is exit 1 at {@code file:line:column}; BOM and CR-only files read as text;
 * the time limit covers loading, instantiating and propagating (400 objects stop at the limit); options are checked;
 * no stack trace reaches stderr or stdout.
 */
class HostileInputTest {
    private static final Duration FAST = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    @BeforeAll
    static void warmUp() {
        CliRunner.run(Fixtures.root(), false, "dspace", "explore", "examples/dspace/scheduling.exh", "--instance",
                "examples/dspace/scheduling-3.json");
    }

    private Run dspace(String... words) {
        Run r = assertTimeoutPreemptively(FAST, () -> CliRunner.run(dir, false, "dspace", words));
        for (String s : new String[] {r.err(), r.out()}) {
            assertFalse(s.contains("\tat ") || s.contains("Exception"), s);
        }
        return r;
    }

    private String space() throws Exception {
        return Files.readString(Fixtures.root().resolve("examples/dspace/scheduling.exh"));
    }

    private void writeWithBadByte(String name, String before, String after) throws Exception {
        byte[] a = before.getBytes(StandardCharsets.UTF_8);
        byte[] b = after.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[a.length + 1 + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        all[a.length] = (byte) 0x80; // a continuation byte with no lead byte
        System.arraycopy(b, 0, all, a.length + 1, b.length);
        Files.write(dir.resolve(name), all);
    }

    @Test
    void invalidUtf8IsExit1AtLineAndColumn() throws Exception {
        writeWithBadByte("bad.exh", "// a space\n/// doc ", "\n" + space());
        Run r = dspace("check", "bad.exh");
        assertEquals(CliCommand.FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("bad.exh:2:9: error: invalid UTF-8: byte 0x80"), r.out());
        Files.writeString(dir.resolve("main.exh"), "include \"inc.exh\"\n");
        writeWithBadByte("inc.exh", space() + "\n// ", "\n");
        r = dspace("check", "main.exh");
        assertEquals(CliCommand.FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().matches("(?s).*inc\\.exh:\\d+:4: error: invalid UTF-8.*"), r.out());
        Files.writeString(dir.resolve("s.exh"), space());
        writeWithBadByte("bad.json", "{\n  \"sets\": {\"Instructions\": [\"i", "\"]}}");
        r = dspace("explore", "s.exh", "--instance", "bad.json");
        assertEquals(CliCommand.FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("bad.json:2:31: error: invalid UTF-8"), r.out());
    }

    @Test
    void bomAndCrOnlyReadAsText() throws Exception {
        Files.writeString(dir.resolve("cr.exh"), "\uFEFF" + space().replace("\n", "\r"));
        Files.writeString(dir.resolve("cr.json"), "\uFEFF" + Files.readString(
                Fixtures.root().resolve("examples/dspace/scheduling-3.json")).replace("\n", "\r"));
        Run r = dspace("check", "cr.exh");
        assertEquals(CliCommand.OK, r.code(), r.out() + r.err());
        r = dspace("explore", "cr.exh", "--instance", "cr.json");
        assertEquals(CliCommand.OK, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("decision vector"), r.out());
    }

    @Test
    void timeLimitCoversInstantiationAndPropagation() throws Exception {
        StringBuilder sb = new StringBuilder("{\"sets\": {\"Instructions\": [");
        for (int i = 0; i < 400; i++) {
            sb.append(i > 0 ? "," : "").append("\"i").append(i).append('"');
        }
        sb.append("]}, \"values\": {\"$x.depends_on($y)\": {\"default\": false}}}");
        Files.writeString(dir.resolve("big.json"), sb);
        Files.writeString(dir.resolve("s.exh"), space());
        long t0 = System.nanoTime();
        Run r = dspace("explore", "s.exh", "--instance", "big.json", "--time-limit", "0.5");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(CliCommand.FAILED, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("tessera dspace: dspace explore did not finish within its time limit"), r.err());
        assertTrue(ms < 1500, ms + " ms for a limit of 0.5 s");
    }

    /** A cycle of 'subsetof' above a set used to loop forever in the validator (seen-check of one step only). */
    @Test
    void subsetCycleAboveASetIsReportedNotAHang() throws Exception {
        Files.writeString(dir.resolve("cycle.exh"), "set A subsetof B: end\nset B subsetof C: end\nset C subsetof B: end\n");
        Run r = dspace("check", "cycle.exh");
        assertEquals(CliCommand.FAILED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("cycle.exh:2:") && r.out().contains("is its own superset"), r.out());
    }

    /** 2,000 copies of one declaration: one error per copy, each naming its line, in linear time. */
    @Test
    void duplicatesAreReportedOncePerCopy() throws Exception {
        StringBuilder sb = new StringBuilder(space());
        for (int i = 0; i < 2000; i++) {
            sb.append("\nchoice enum order($lhs in Instructions, $rhs in Instructions):\n  value BEFORE:\nend\n");
        }
        Files.writeString(dir.resolve("dup.exh"), sb.toString());
        Run r = dspace("check", "dup.exh");
        assertEquals(CliCommand.FAILED, r.code(), r.err());
        long errors = r.out().lines().filter(l -> l.contains(": error: ")).count();
        assertTrue(errors >= 1 && errors <= 2001, errors + " errors");
        assertTrue(r.out().lines().filter(l -> l.contains(": error: ")).allMatch(l -> l.matches(".*dup\\.exh:\\d+:\\d+: error: .*")),
                r.out());
    }

    @Test
    void optionsAreChecked() throws Exception {
        Files.writeString(dir.resolve("s.exh"), space());
        Files.writeString(dir.resolve("i.json"), Files.readString(
                Fixtures.root().resolve("examples/dspace/scheduling-3.json")));
        String[][] cases = {
            {"--time-limit", "0", "--time-limit must be more than 0"},
            {"--time-limit", "1e400", "--time-limit"},
            {"--time-limit", "-1", "--time-limit must be more than 0"},
            {"--limit", "0", "--limit must be between 1 and 1000000000"},
            {"--limit", "99999999999999", "--limit must be between 1 and 1000000000"},
        };
        for (String[] c : cases) {
            Run r = dspace("explore", "s.exh", "--instance", "i.json", "--count", c[0], c[1]);
            assertEquals(CliCommand.USAGE, r.code(), String.join(" ", c) + ": " + r.err());
            assertTrue(r.err().contains(c[2]), r.err());
        }
    }
}
