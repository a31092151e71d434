package tessera.tcpa.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import tessera.tcpa.mapping.io.SymconfText;

/**
 * Issue 22 for the compact symbolic configuration ({@code instantiate SYMCONF}): every malformed record is an
 * IllegalArgumentException naming its line, never a raw {@code For input string} or an index out of bounds.
 */
@Timeout(10)
class HostileInputTest {
    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> SymconfText.read(text)).getMessage();
    }

    @Test
    void malformedRecordsNameTheirLine() {
        String bad = message("C\tx\n\nN\tnot-a-depth\n");
        assertTrue(bad.startsWith("line 1: ") || bad.startsWith("line 3: "), bad);
        assertTrue(!bad.contains("For input string"), bad);
        String unknown = message("Z\t1\n");
        assertTrue(unknown.startsWith("line 1: unknown or misplaced record 'Z'"), unknown);
        assertTrue(message("").contains("no configuration record 'C'"));
    }
}
