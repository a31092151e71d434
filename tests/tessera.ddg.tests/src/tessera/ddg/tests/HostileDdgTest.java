package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.core.cli.CliCommand;
import tessera.ddg.cli.ModschedCommand;
import tessera.ddg.convert.DdgLoader;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * Issue 22, hostile {@code .ddg} and GCC dump inputs through {@code tessera modsched} as a user types it (in-process,
 * {@link CliRunner} = {@code tessera.cli.Main.run}): exit 0 or 1 (2 for a bad command line), never 70, every error at
 * {@code file:line:column}, no hang, no out-of-memory, and never "verified" for a schedule that breaks a dependence.
 */
class HostileDdgTest {
    private static final String MACHINE = "machine m {\n  resource alu count 2\n}\n";

    private static Run modsched(Path dir, String... words) {
        return CliRunner.run(dir, false, "modsched", words);
    }

    private static Path write(Path dir, String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        return write(dir, name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The first error line of stderr, which must name {@code file:line:column}; returns {line, column}. */
    private static int[] errorAt(Run r, String file) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(file) + ":(\\d+):(\\d+): error: ").matcher(r.err());
        assertTrue(m.find(), "no " + file + ":line:column error in: " + r.err());
        return new int[] { Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)) };
    }

    private static void failsCleanly(Run r) {
        assertEquals(CliCommand.FAILED, r.code(), r.out() + r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("\tat "), r.err());
        assertFalse(r.out().contains("verified:"), r.out());
    }

    // class 1: invalid UTF-8, BOM, CR-only line ends (.ddg and --from-gcc)

    @Test
    void invalidUtf8IsAnErrorAtItsPosition(@TempDir Path dir) throws Exception {
        byte[] text = (MACHINE + "loop l machine m {\n  op a : alu // caf\u00e9\n}\n").getBytes(StandardCharsets.ISO_8859_1);
        write(dir, "latin1.ddg", text);
        Run r = modsched(dir, "latin1.ddg");
        failsCleanly(r);
        assertEquals(5, errorAt(r, "latin1.ddg")[0], r.err());
        assertTrue(r.err().contains("invalid UTF-8"), r.err());

        write(dir, "dump.sms", (";; Function f (f, funcdef_no=0)\nSMS transformation phase\nSMS loop num: 1 \u00ff\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        r = modsched(dir, "--from-gcc", "dump.sms");
        failsCleanly(r);
        assertEquals(3, errorAt(r, "dump.sms")[0], r.err());
    }

    @Test
    void bomAndCarriageReturnsReadAsTheText(@TempDir Path dir) throws Exception {
        String text = "\uFEFF" + (MACHINE + "loop l machine m { // a comment\n  op a : alu latency 2\n  op b : alu\n"
                + "  edge a -> b\n}\n").replace("\n", "\r");
        write(dir, "mac.ddg", text);
        Run r = modsched(dir, "mac.ddg");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(r.out().contains("verified: all dependences and resources hold"), r.out());
        write(dir, "crlf.ddg", text.replace("\r", "\r\n"));
        assertEquals(CliCommand.OK, modsched(dir, "crlf.ddg").code());
    }

    // class 2: numbers (sign, documented maximum, overflow)

    @Test
    void negativeLatencyIsAnErrorNotAVerifiedSchedule(@TempDir Path dir) throws Exception {
        write(dir, "neg.ddg", MACHINE + "loop l machine m {\n  op a : alu\n  op b : alu\n  edge a -> b latency -5\n}\n");
        Run r = modsched(dir, "neg.ddg");
        failsCleanly(r);
        assertEquals(7, errorAt(r, "neg.ddg")[0]);
        assertTrue(r.err().contains("latency of edge a -> b is -5, out of range: it must be between 0 and 100,000"),
                r.err());
        for (String lat : new String[] { "-2147483648", "-1" }) {
            write(dir, "negop.ddg", MACHINE + "loop l machine m {\n  op a : alu latency " + lat + "\n}\n");
            r = modsched(dir, "negop.ddg");
            failsCleanly(r);
            assertEquals(5, errorAt(r, "negop.ddg")[0]);
        }
    }

    @Test
    void hugeNumbersAreRejectedBeforeTheySizeAnything(@TempDir Path dir) throws Exception {
        String[] bodies = { "  op a : alu latency 2147483647\n  edge a -> a distance 1\n",
                "  op a : alu\n  op b : alu\n  edge a -> b latency 100001\n",
                "  op a : alu\n  edge a -> a distance 2147483647\n",
                "  op a : alu reserve { alu@0..2147483647 }\n",
                "  op a : alu reserve { alu@1000 }\n",
                "  op a : alu latency 99999999999\n" };
        for (String body : bodies) {
            write(dir, "big.ddg", MACHINE + "loop l machine m {\n" + body + "}\n");
            for (String algo : new String[] { "sms", "sms-original" }) {
                long start = System.nanoTime();
                Run r = modsched(dir, "big.ddg", "--algo", algo);
                failsCleanly(r);
                assertTrue(errorAt(r, "big.ddg")[0] >= 5, r.err());
                assertTrue(System.nanoTime() - start < 5_000_000_000L, body);
            }
        }
        for (String machine : new String[] { "resource alu count 2000000000", "resource alu count 1001",
                "resource alu count 2 busy 2147483647", "resource alu count 1\n  issue 1001" }) {
            write(dir, "m.ddg", "machine m {\n  " + machine + "\n}\nloop l machine m {\n  op a : alu\n}\n");
            Run r = modsched(dir, "m.ddg", "--algo", "sms-original");
            failsCleanly(r);
            assertTrue(r.err().contains("out of range: it must be between"), r.err());
            assertTrue(errorAt(r, "m.ddg")[0] >= 2, r.err());
        }
    }

    @Test
    void numbersWithinTheirMaximaScheduleOrFailCleanly(@TempDir Path dir) throws Exception {
        // a recurrence of latency 100,000: II 100,000, one op per stage; the MRT is not printed at that size
        write(dir, "slow.ddg", MACHINE + "loop l machine m {\n  op a : alu latency 100000\n  op b : alu latency 0\n"
                + "  edge a -> a distance 1\n  edge a -> b\n  edge b -> a latency 0 distance 3\n}\n");
        for (String algo : new String[] { "sms", "sms-original", "topdown", "ims", "hrms" }) {
            Run r = modsched(dir, "slow.ddg", "--algo", algo);
            assertEquals(CliCommand.OK, r.code(), algo + ": " + r.err());
            assertTrue(r.out().contains("II 100000,") && r.out().contains("verified: all dependences"), r.out());
        }
        // large latencies and distances together: no II fits the documented cycle range, a clean error per algorithm
        write(dir, "far.ddg", MACHINE + "loop l machine m {\n  op a : alu latency 100000\n  op b : alu\n"
                + "  edge a -> a distance 1\n  edge a -> b distance 100000\n}\n");
        for (String algo : new String[] { "sms", "sms-original", "topdown", "ims", "hrms", "exact" }) {
            Run r = modsched(dir, "far.ddg", "--algo", algo);
            failsCleanly(r);
            assertEquals(4, errorAt(r, "far.ddg")[0], r.err());
            assertTrue(r.err().contains("above the largest II this loop can be scheduled at"), algo + ": " + r.err());
        }
    }

    // class 3: time limits and output paths

    @Test
    void timeLimitIsCheckedAndEveryAlgorithmHonoursIt(@TempDir Path dir) throws Exception {
        StringBuilder chain = new StringBuilder(MACHINE).append("loop chain machine m {\n");
        for (int i = 0; i < 1000; i++) {
            chain.append("  op a").append(i).append(" : alu\n");
        }
        for (int i = 0; i + 1 < 1000; i++) {
            chain.append("  edge a").append(i).append(" -> a").append(i + 1).append('\n');
        }
        write(dir, "chain.ddg", chain.append("}\n").toString());
        for (String bad : new String[] { "0", "-1", "1e400", "NaN", "Infinity", "1e18", "ten" }) {
            Run r = modsched(dir, "chain.ddg", "--time-limit", bad);
            assertEquals(CliCommand.USAGE, r.code(), bad + ": " + r.err());
            assertTrue(r.err().contains("--time-limit"), r.err());
        }
        // the exact scheduler on the 1,000-node chain: bounded set-up, an error well within --time-limit 10
        long start = System.nanoTime();
        Run r = modsched(dir, "chain.ddg", "--algo", "exact", "--time-limit", "10");
        assertTrue(System.nanoTime() - start < 10_000_000_000L);
        failsCleanly(r);
        assertEquals(4, errorAt(r, "chain.ddg")[0], r.err());
        assertTrue(CliRunner.run(dir, "help", "modsched").out().contains("(default 60"), "default printed in help");
    }

    @Test
    void everyAlgorithmStopsAtItsDeadline() {
        // 3,000 ops in a chain on 2 ALUs (MII 1,500), scheduled through the CLI's own entry with a 5 ms limit
        Loop.Builder b = Loop.builder("chain", Machine.builder("m").pipelined("alu", 2).build());
        for (int i = 0; i < 3000; i++) {
            b.op("a" + i, "alu", 1);
            if (i > 0) {
                b.edge("a" + (i - 1), "a" + i, 0);
            }
        }
        Loop loop = b.build();
        for (String algo : new String[] { "sms", "sms-original", "topdown", "ims", "hrms", "exact" }) {
            long start = System.nanoTime();
            // the first check sleeps past the limit, so the result cannot depend on how fast this machine is:
            // the algorithm must check its deadline again before it finishes
            Monitor slowFirstCheck = new Monitor() {
                private boolean slept;

                @Override
                public boolean isCanceled() {
                    return false;
                }

                @Override
                public void checkCanceled() {
                    if (!slept) {
                        slept = true;
                        try {
                            Thread.sleep(20);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
            };
            TimeLimitException e = assertThrows(TimeLimitException.class,
                    () -> ModschedCommand.schedule(algo, loop, Duration.ofMillis(5), slowFirstCheck), algo);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 1_000, algo + " stopped after " + ms + " ms");
            assertTrue(e.getMessage().contains("did not finish within its time limit of 5 ms"), e.getMessage());
        }
    }

    @Test
    void outputPathsNamingAFolderAreUsageErrors(@TempDir Path dir) throws Exception {
        write(dir, "ok.ddg", MACHINE + "loop l machine m {\n  op a : alu\n}\n");
        Files.createDirectories(dir.resolve("out"));
        Run r = modsched(dir, "ok.ddg", "--csv", "out");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--csv out: is a folder"), r.err());
        r = modsched(dir, "ok.ddg", "--csv", "missing/x.csv");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        r = modsched(dir, "ok.ddg", "--csv", "mrt.csv");
        assertEquals(CliCommand.OK, r.code(), r.err());
        assertTrue(Files.readString(dir.resolve("mrt.csv")).startsWith("loop,row"));
        write(dir, "d.sms", "x\n");
        r = modsched(dir, "--from-gcc", "d.sms", "--ddg", "out");
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("--ddg out: is a folder"), r.err());
    }

    // class 4: diagnostics linear in the input

    @Test
    void duplicatesAreReportedOnceAgainstTheFirst() {
        StringBuilder t = new StringBuilder(MACHINE).append("loop l machine m {\n");
        for (int i = 0; i < 3000; i++) {
            t.append("  op a : alu\n");
        }
        t.append("}\n");
        long start = System.nanoTime();
        var ds = DdgLoader.load(t.toString(), "dup.ddg").diagnostics().list();
        assertTrue(System.nanoTime() - start < 5_000_000_000L);
        long dups = ds.stream().filter(d -> d.message().equals("operation 'a' is declared twice")).count();
        assertTrue(dups >= 1 && dups <= 2999, "at most one per duplicate: " + dups);
        assertTrue(ds.size() <= 101, "capped: " + ds.size());
        assertTrue(ds.stream().filter(d -> d.message().contains("declared twice"))
                .allMatch(d -> d.hint().startsWith("first declared on line 5") && d.line() > 5 && d.column() > 0), ds
                        .get(0).toString());
    }
}
