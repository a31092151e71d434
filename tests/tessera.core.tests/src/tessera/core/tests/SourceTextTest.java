package tessera.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.SourceText;

/** The one way a source file is read (issue 22 item 2): strict UTF-8 with a position, BOM, CR, nesting. */
class SourceTextTest {
    @Test
    void invalidUtf8NamesLineColumnAndByteOffset() {
        byte[] b = "ab\ncd\u00e9f\n".getBytes(StandardCharsets.UTF_8);
        byte[] bad = new byte[b.length + 1];
        System.arraycopy(b, 0, bad, 0, 7);
        bad[7] = (byte) 0xFF; // after "ab\ncdé" (é is two bytes)
        System.arraycopy(b, 7, bad, 8, b.length - 7);
        Diagnostic d = assertThrows(DiagnosticException.class, () -> SourceText.decode("x.pla", bad)).diagnostic();
        assertEquals("x.pla", d.file());
        assertEquals(2, d.line());
        assertEquals(4, d.column());
        assertTrue(d.message().contains("0xFF") && d.message().contains("byte offset 7"), d.message());
        assertTrue(d.format().startsWith("x.pla:2:4: error: invalid UTF-8"), d.format());
    }

    @Test
    void truncatedSequenceAtTheEndIsInvalid() {
        byte[] bad = {'a', (byte) 0xE2, (byte) 0x82};
        assertEquals(1, assertThrows(DiagnosticException.class, () -> SourceText.decode("k", bad)).diagnostic().line());
    }

    @Test
    void bomDroppedLoneCrBecomesLfCrlfKept() {
        assertEquals("a\nb\r\nc\n", SourceText.decode("f", "\uFEFFa\rb\r\nc\r".getBytes(StandardCharsets.UTF_8)));
        assertEquals("x", SourceText.normalize("x"));
    }

    @Test
    void nestingIsBounded() {
        String ok = "(".repeat(SourceText.MAX_NESTING) + ")".repeat(SourceText.MAX_NESTING);
        SourceText.checkNesting("f", ok);
        String deep = "x\n" + "[".repeat(SourceText.MAX_NESTING + 5);
        Diagnostic d = assertThrows(DiagnosticException.class, () -> SourceText.checkNesting("f", deep)).diagnostic();
        assertEquals(2, d.line());
        assertEquals(SourceText.MAX_NESTING + 1, d.column());
    }

    @Test
    void foldersAndHugeFilesAreRefused(@TempDir Path dir) throws Exception {
        assertTrue(assertThrows(DiagnosticException.class, () -> SourceText.read(dir, "d")).getMessage().contains("folder"));
        Path f = dir.resolve("a.ddg");
        Files.writeString(f, "ok");
        assertEquals("ok", SourceText.read(f, "a.ddg"));
    }
}
