package tessera.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.cli.Args;
import tessera.core.cli.CliCommand;
import tessera.core.cli.UsageException;
import tessera.testing.CliRunner;
import tessera.testing.CliRunner.Run;
import tessera.testing.Fixtures;

/**
 * The one {@code NAME=VALUE} list syntax of every command: {@code --x A=1,B=2} is {@code --x A=1 --x B=2}, a part
 * without {@code =} continues a list value, and a malformed part is a one-line usage error (exit 2) naming the option.
 */
class AssignmentListsTest {
    @TempDir
    Path dir;

    @BeforeEach
    void linkExamples() throws Exception {
        Files.createSymbolicLink(dir.resolve("examples"), Fixtures.root().resolve("examples"));
    }

    /** The link goes before JUnit cleans the folder (which never follows it, but warns). */
    @AfterEach
    void unlinkExamples() throws Exception {
        Files.delete(dir.resolve("examples"));
    }

    private static Args parse(String... words) {
        return Args.parse(List.of(words), Set.of(), Set.of("input", "param", "decide"));
    }

    @Test
    void listsAndRepeatsGiveTheSameAssignments() {
        assertEquals(Map.of("N", 8L, "M", 4L), parse("--param", "N=8,M=4").integers("param", "NAME=VALUE"));
        assertEquals(parse("--param", "N=8", "--param", "M=4").integers("param", "NAME=VALUE"),
                parse("--param", "N=8,M=4").integers("param", "NAME=VALUE"));
        assertEquals(Map.of("a", "1,2,3", "b", "4"), parse("--input", "a=1,2,3,b=4").assignments("input", "NAME=V"));
        assertEquals(parse("--input", "a=1,2,3", "--input", "b=4").assignments("input", "NAME=V"),
                parse("--input", "a=1,2,3,b=4").assignments("input", "NAME=V"));
        List<Map.Entry<String, String>> d = parse("--decide", "order(a,b)=BEFORE,order(b , c)=AFTER|BEFORE")
                .assignmentList("decide", "CHOICE(obj,...)=V", false);
        assertEquals(List.of(Map.entry("order(a,b)", "BEFORE"), Map.entry("order(b , c)", "AFTER|BEFORE")), d);
    }

    @Test
    void malformedPartsNameTheOptionAndThePart() {
        assertEquals("--param expects NAME=VALUE, got '4'", assertThrows(UsageException.class,
                () -> parse("--param", "N=8,4").integers("param", "NAME=VALUE")).getMessage());
        assertEquals("--param expects NAME=VALUE, got 'N=8,,M=4'", assertThrows(UsageException.class,
                () -> parse("--param", "N=8,,M=4").integers("param", "NAME=VALUE")).getMessage());
        assertEquals("--input expects NAME=V, got '1'", assertThrows(UsageException.class,
                () -> parse("--input", "1,a=2").assignments("input", "NAME=V")).getMessage());
        assertEquals("--input expects NAME=V, got '=2'", assertThrows(UsageException.class,
                () -> parse("--input", "a=1,=2").assignments("input", "NAME=V")).getMessage());
    }

    /** {@code tessera --quiet COMMAND WORDS...} in the temporary folder. */
    private Run tessera(String command, String... words) {
        return CliRunner.run(dir, false, command, words);
    }

    private static List<String> with(List<String> head, String... tail) {
        List<String> l = new ArrayList<>(head);
        l.addAll(List.of(tail));
        return l;
    }

    /** Both spellings exit 0 with the same stdout. */
    private void same(String command, List<String> listed, List<String> repeated) {
        Run a = tessera(command, listed.toArray(String[]::new));
        assertEquals(0, a.code(), command + " " + listed + ": " + a.err());
        Run b = tessera(command, repeated.toArray(String[]::new));
        assertEquals(0, b.code(), command + " " + repeated + ": " + b.err());
        assertEquals(a.out(), b.out());
        assertTrue(!a.out().isBlank());
    }

    /** A malformed part: exit 2, one line on stderr naming {@code option} and {@code part}. */
    private void usageError(String option, String part, String command, String... words) {
        Run r = tessera(command, words);
        assertEquals(CliCommand.USAGE, r.code(), r.err());
        String err = r.err().replace("\r", "").strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(option) && err.contains("'" + part + "'"), err);
    }

    @Test
    void run() throws Exception {
        List<String> fir = List.of("examples/pla/fir.pla");
        same("run", with(fir, "--param", "N=4,M=2", "--input", "a=1,2,u=5,6,7,8"),
                with(fir, "--param", "N=4", "--param", "M=2", "--input", "a=1,2", "--input", "u=5,6,7,8"));
        Files.writeString(dir.resolve("a.txt"), "0 3\n1 -2\n");
        Files.writeString(dir.resolve("u.txt"), "0 1\n1 2\n2 3\n3 4\n");
        same("run", with(fir, "--param", "N=4,M=2", "--input-file", "a=a.txt,u=u.txt"),
                with(fir, "--param", "N=4,M=2", "--input-file", "a=a.txt", "--input-file", "u=u.txt"));
        usageError("--param", "2", "run", "examples/pla/fir.pla", "--param", "N=4,2");
        usageError("--input", "=2", "run", "examples/pla/fir.pla", "--param", "N=4,M=2", "--input", "a=1,=2");
        usageError("--input-file", "a.txt", "run", "examples/pla/fir.pla", "--param", "N=4,M=2", "--input-file",
                "a.txt");
    }

    @Test
    void instantiateAndSimulate() {
        List<String> bitext = List.of("examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa", "--pes",
                "1x4");
        same("instantiate", with(bitext, "--param", "N=4,N=8", "--out", "b.xmi"),
                with(bitext, "--param", "N=4", "--param", "N=8", "--out", "b.xmi"));
        usageError("--param", "8", "instantiate", "examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa",
                "--pes", "1x4", "--param", "N=4,8");
        same("simulate", List.of("b.xmi", "--input", "in=5,in=13"),
                List.of("b.xmi", "--input", "in=5", "--input", "in=13"));
        usageError("--input", "13", "simulate", "b.xmi", "--input", "13");
    }

    @Test
    void compileTiles() {
        List<String> matmul = List.of("examples/pla/matmul.pla", "--arch", "examples/tcpa/tcpa4x4.tcpa",
                "--distribute", "i,j");
        same("compile", with(matmul, "--tile", "p_i=2,p_j=2"), with(matmul, "--tile", "p_i=2", "--tile", "p_j=2"));
        usageError("--tile", "2", "compile", "examples/pla/bitext.pla", "--arch", "examples/tcpa/bitext-pe.tcpa",
                "--tile", "p=4,2");
    }

    @Test
    void telamonParams() {
        same("telamon", List.of("space", "examples/telamon/matmul_256.kernel", "--param", "m=64,n=64"),
                List.of("space", "examples/telamon/matmul_256.kernel", "--param", "m=64", "--param", "n=64"));
        usageError("--param", "64", "telamon", "space", "examples/telamon/matmul_256.kernel", "--param", "m=64,64");
    }

    @Test
    void dspaceDecisions() {
        List<String> explore = List.of("explore", "examples/dspace/scheduling.exh", "--instance",
                "examples/dspace/scheduling-3.json");
        same("dspace", with(explore, "--decide", "order(i0,i1)=BEFORE,order(i1,i2)=BEFORE"),
                with(explore, "--decide", "order(i0,i1)=BEFORE", "--decide", "order(i1,i2)=BEFORE"));
        usageError("--decide", "order(i1,i2)", "dspace", "explore", "examples/dspace/scheduling.exh", "--instance",
                "examples/dspace/scheduling-3.json", "--decide", "order(i0,i1)=BEFORE,order(i1,i2)");
    }
}
