package tessera.kernel.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Diagnostic;
import tessera.kernel.KernelLoader;
import tessera.testing.Fixtures;

/**
 * Issue 22, {@link KernelLoader} (the reader of {@code tessera telamon}, the builder pass and Studio) on hostile
 * files: invalid UTF-8 and brackets nested too deep are one diagnostic at line and column, never a throw; a BOM and
 * CR-only line ends read as the text they are.
 */
class HostileInputTest {
    private static final Duration FAST = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    /** Creates the language's injector once, so that the 2 s bounds measure the reads. */
    @BeforeAll
    static void warmUp() throws Exception {
        KernelLoader.loadText("warm.kernel", scal(), Map.of());
    }

    private static String scal() throws Exception {
        return Files.readString(Fixtures.root().resolve("examples/telamon/scal.kernel"));
    }

    @Test
    void invalidUtf8IsADiagnosticAtItsPosition() throws Exception {
        byte[] head = "// one\n  // two ".getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\n" + scal()).getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + 1 + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        all[head.length] = (byte) 0xFE;
        System.arraycopy(tail, 0, all, head.length + 1, tail.length);
        Path f = dir.resolve("bad.kernel");
        Files.write(f, all);
        KernelLoader.Result r = assertTimeoutPreemptively(FAST, () -> KernelLoader.load(f, Map.of()));
        assertNull(r.kernel());
        Diagnostic d = r.diagnostics().list().get(0);
        assertEquals(2, d.line(), d.format());
        assertEquals(10, d.column(), d.format());
        assertTrue(d.format().contains("invalid UTF-8: byte 0xFE"), d.format());
    }

    @Test
    void bomAndCrOnlyReadAsText() throws Exception {
        Path f = dir.resolve("cr.kernel");
        Files.writeString(f, "\uFEFF" + scal().replace("\n", "\r"));
        KernelLoader.Result r = assertTimeoutPreemptively(FAST, () -> KernelLoader.load(f, Map.of()));
        assertTrue(r.ok(), r.diagnostics().toString());
        assertEquals("scal", r.kernel().name());
    }

    @Test
    void deepNestingIsADiagnosticNotAStackOverflow() throws Exception {
        String deep = scal().replace("y = mul x, alpha in d", "y = mul " + "(".repeat(5000) + "x" + ")".repeat(5000)
                + ", alpha in d");
        KernelLoader.Result r = assertTimeoutPreemptively(FAST, () -> KernelLoader.loadText("deep.kernel", deep, Map.of()));
        assertNull(r.kernel());
        Diagnostic d = r.diagnostics().list().get(0);
        assertTrue(d.line() > 0 && d.column() > 0, d.format());
        assertTrue(d.message().contains("nested more than 1000 levels"), d.format());
    }
}
