package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import tessera.dspace.DspaceLoader;
import tessera.dspace.exh.IntegerChoice;

/**
 * Code strings are read as telamon-gen's lexer reads them (exh.l, LINE_CODE): a backslash ending a line joins the next
 * line without its leading blanks; any other backslash is kept, there are no escapes.
 */
class CodeStringTest {
    private static String universe(String code) {
        DspaceLoader.Result r = DspaceLoader.loadText("/t/space.exh", "set S: end\nchoice integer n($x in S): " + code + " end\n",
                p -> Optional.empty());
        assertTrue(r.ok(), r.diagnostics().toString());
        return ((IntegerChoice) r.specs().get(0).getStatements().get(1)).getUniverse();
    }

    @Test
    void aBackslashAtTheEndOfALineJoinsTheNextLine() {
        assertEquals("$x.sizes().map(|s| s.len())", universe("\"$x.sizes()\\\n        .map(|s| s.len())\""));
        assertEquals("$x.a().b()", universe("\"$x.a()\\\r\n\t.b()\""));
    }

    @Test
    void otherBackslashesStayAsWritten() {
        assertEquals("$x.split('\\n')", universe("\"$x.split('\\n')\""));
    }

    /** Telamon's logical_dimensions.exh:41 continues a line this way ("Invalid escape sequence" before). */
    @Test
    void telamonsSpaceHasNoEscapeError() {
        Path choices = Fixtures.root().resolve("../shared/telamon/src/search_space/choices.exh").normalize();
        assertTrue(Files.isRegularFile(choices), "Telamon's .exh files (test data) are missing: " + choices);
        DspaceLoader.Result r = DspaceLoader.load(choices);
        assertTrue(r.diagnostics().list().stream().noneMatch(d -> d.message().contains("escape")), r.diagnostics().toString());
    }
}
