package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.cli.CliCommand;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;

/**
 * {@code tessera modsched --algo exact --time-limit S} as a user types it: the limit is per loop, a time-out in the
 * MaxLive phase keeps the proven minimum II and its schedule (exit 0), a time-out in the II phase fails (exit 1)
 * saying what to raise; and the list schedulers' empty windows read as empty.
 */
class ModschedTimeLimitCliTest {
    private static final String MACHINE = """
            machine m {
              resource ls count 2
              resource add count 2
              resource mul count 2
            }
            """;

    /** II phase: milliseconds (II = ResMII = 3); MaxLive phase: more than 30 s. */
    private static final String CHAIN = """
            loop chain machine m {
              op v0 : ls latency 2
              op v1 : ls latency 2
              op v2 : ls latency 2
              op v3 : mul latency 4
              op v4 : add latency 4
              op v5 : mul latency 4
              op v6 : mul latency 4
              op v7 : mul latency 4
              op v8 : mul latency 4
              op v9 : add latency 4
              op v10 : ls
              op v11 : ls
              edge v1 -> v3
              edge v2 -> v3
              edge v3 -> v4
              edge v2 -> v4
              edge v4 -> v5
              edge v5 -> v6
              edge v5 -> v7
              edge v7 -> v8
              edge v8 -> v9
              edge v7 -> v10
              edge v0 -> v11
              edge v6 -> v8
              edge v9 -> v10
            }
            """;

    /** RecMII 10; the exact solver proves both phases in milliseconds; §4 SMS meets an empty window at II 10. */
    private static final String TIGHT = """
            loop tight machine m {
              op v0 : ls latency 2
              op v1 : add latency 4
              op v2 : mul latency 4
              op v3 : ls
              edge v0 -> v1
              edge v0 -> v2
              edge v1 -> v2
              edge v2 -> v3
              edge v2 -> v0 distance 1
              edge v2 -> v1 distance 1
            }
            """;

    private static final String CHAIN_KEPT = "II proven minimal, MaxLive not proven minimal: the time limit of 2 s ran"
            + " out during the MaxLive search";

    private static Run runCli(Path dir, boolean json, String... words) {
        return CliRunner.run(dir, json, "modsched", words);
    }

    @Test
    void timeLimitIsPerLoopAndAMaxLiveTimeOutKeepsTheProvenII(@TempDir Path dir) throws Exception {
        // chain uses up its whole 2 s; with one deadline for the file, tight would then start with none left
        Files.writeString(dir.resolve("two.ddg"), MACHINE + "\n" + CHAIN + "\n" + TIGHT);
        Run r = runCli(dir, false, "two.ddg", "--algo", "exact", "--time-limit", "2");
        assertEquals(CliCommand.OK, r.code(), r.err());
        String out = r.out();
        assertTrue(out.contains("loop chain (12 ops, 13 edges)") && out.contains("II 3, SC "), out);
        assertTrue(out.contains("proof: " + CHAIN_KEPT + "\n"), out);
        assertTrue(out.contains("loop tight (4 ops, 6 edges)") && out.contains("II 10, SC 2, MaxLive 2"), out);
        assertTrue(out.contains("proof: II proven minimal, MaxLive proven minimal\n"), out);
        assertEquals(2, out.split("verified: all dependences and resources hold", -1).length - 1, out);
        assertEquals("two.ddg:7:6: warning: loop 'chain': kept the schedule at II 3: " + CHAIN_KEPT
                + " (raise --time-limit to prove the minimum MaxLive)", r.err().strip());

        r = runCli(dir, true, "two.ddg", "--algo", "exact", "--time-limit", "2");
        assertEquals(CliCommand.OK, r.code(), r.err());
        JsonArray loops = JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonArray("loops");
        assertEquals(2, loops.size());
        JsonObject chain = loops.get(0).getAsJsonObject();
        assertTrue(chain.get("ok").getAsBoolean());
        assertEquals(3, chain.get("ii").getAsInt());
        assertTrue(chain.get("iiProvenMinimal").getAsBoolean());
        assertFalse(chain.get("maxLiveProvenMinimal").getAsBoolean());
        assertEquals(CHAIN_KEPT, chain.get("proof").getAsString());
        assertTrue(chain.getAsJsonArray("violations").isEmpty());
        JsonObject tight = loops.get(1).getAsJsonObject();
        assertEquals(10, tight.get("ii").getAsInt());
        assertTrue(tight.get("iiProvenMinimal").getAsBoolean());
        assertTrue(tight.get("maxLiveProvenMinimal").getAsBoolean());
        assertEquals(2, tight.get("maxLive").getAsInt());
    }

    @Test
    void timeOutInTheIIPhaseFailsAndSaysWhatToRaise(@TempDir Path dir) throws Exception {
        // 40 ops in a chain on 2 ALUs: MII 20, building the SAT model alone takes longer than 1 ms
        StringBuilder big = new StringBuilder("machine alu2 {\n  resource alu count 2\n}\nloop big machine alu2 {\n");
        for (int i = 0; i < 40; i++) {
            big.append("  op a").append(i).append(" : alu\n");
        }
        for (int i = 0; i + 1 < 40; i++) {
            big.append("  edge a").append(i).append(" -> a").append(i + 1).append('\n');
        }
        Files.writeString(dir.resolve("big.ddg"), big.append("}\n").toString());
        Run r = runCli(dir, false, "big.ddg", "--algo", "exact", "--time-limit", "0.001");
        assertEquals(CliCommand.FAILED, r.code());
        // the deadline is met in the set-up or in SAT4J, whichever comes first: both name the loop and the limit
        String err = r.err().strip();
        assertTrue(err.startsWith("big.ddg:4:6: error: loop 'big': no schedule, the minimum II was not proven: exact"
                + " modulo scheduling"), err);
        assertTrue(err.endsWith(" did not finish within its time limit of 1 ms; raise the limit (--time-limit) or"
                + " reduce the problem size (--time-limit is in seconds for each loop (default 60))"), err);
        assertEquals(1, err.lines().count(), err);
        assertFalse(r.out().contains("loop big"), r.out());
    }

    @Test
    void emptyWindowReadsAsEmpty(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("tight.ddg"), MACHINE + "\n" + TIGHT);
        Run r = runCli(dir, false, "tight.ddg", "--algo", "sms-original");
        assertEquals(CliCommand.FAILED, r.code());
        assertTrue(r.out().contains("\n  II=10: the window of v0 is empty: Early_Start 0 is after Late_Start -2 ("),
                r.out());
        assertFalse(r.out().contains("empty window in ["), r.out());
        assertTrue(r.err().contains("tight.ddg:7:6: error: loop 'tight': no schedule found (gave up at the II cap 11)"),
                r.err());
    }
}
