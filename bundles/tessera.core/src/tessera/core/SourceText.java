package tessera.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one way every language, command, pass and the language server reads a source file: strict UTF-8 (an invalid
 * byte is a diagnostic naming its line, column and byte offset), a leading byte-order mark dropped, and a lone carriage
 * return (classic Mac line end) read as a line feed. CRLF stays as it is: the grammars accept it, and keeping it keeps
 * offsets equal to the editor's.
 */
public final class SourceText {
    /** Files larger than this are refused before they are read (a source file, not a data dump). */
    public static final long MAX_BYTES = 64L << 20;

    /** Deepest nesting of brackets a source may have; deeper is a diagnostic, not a stack overflow. */
    public static final int MAX_NESTING = 1000;

    private SourceText() {
    }

    /**
     * Checks that round, square and curly brackets nest at most {@link #MAX_NESTING} deep (counted over the raw text,
     * comments included, which only makes the check stricter than the grammar).
     *
     * @throws DiagnosticException at the first bracket that opens level {@code MAX_NESTING + 1}
     */
    public static void checkNesting(String file, String text) {
        int depth = 0;
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            } else if (c == '(' || c == '[' || c == '{') {
                if (++depth > MAX_NESTING) {
                    throw new DiagnosticException(new Diagnostic(Severity.ERROR, file, line, i - lineStart + 1, i, 1,
                            "brackets nested more than " + MAX_NESTING + " levels deep", "simplify the expression",
                            "nesting-too-deep"));
                }
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
    }

    /**
     * Reads {@code path} as a source file.
     *
     * @param displayName the file's name in diagnostics (as the user gave it)
     * @throws DiagnosticException for invalid UTF-8 or a file over {@link #MAX_BYTES}
     * @throws IOException when the file cannot be read (missing: {@link java.nio.file.NoSuchFileException})
     */
    public static String read(Path path, String displayName) throws IOException {
        if (Files.isDirectory(path)) {
            throw new DiagnosticException(Diagnostic.error(displayName, 0, "is a folder, not a file", "name a file"));
        }
        long size = Files.size(path);
        if (size > MAX_BYTES) {
            throw new DiagnosticException(Diagnostic.error(displayName, 0, "file of " + size + " bytes is larger than the "
                    + (MAX_BYTES >> 20) + " MiB a source file may have", "split it"));
        }
        return decode(displayName, Files.readAllBytes(path));
    }

    /** Reads {@code path}, naming it by its path in diagnostics. */
    public static String read(Path path) throws IOException {
        return read(path, path.toString());
    }

    /** Decodes {@code bytes} as strict UTF-8 and {@link #normalize normalizes} the text. */
    public static String decode(String file, byte[] bytes) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = dec.decode(in, out, true);
        if (r.isError()) {
            throw invalid(file, bytes, in.position());
        }
        r = dec.flush(out);
        if (r.isError()) {
            throw invalid(file, bytes, in.position());
        }
        return normalize(out.flip().toString());
    }

    /** Drops a leading byte-order mark and turns each lone {@code \r} into {@code \n} (same length, same offsets). */
    public static String normalize(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (t.indexOf('\r') < 0) {
            return t;
        }
        char[] c = t.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] == '\r' && (i + 1 == c.length || c[i + 1] != '\n')) {
                c[i] = '\n';
            }
        }
        return new String(c);
    }

    private static DiagnosticException invalid(String file, byte[] bytes, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1;
        try {
            column = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, lineStart, offset - lineStart)).length() + 1;
        } catch (CharacterCodingException e) {
            column = offset - lineStart + 1;
        }
        String hex = offset < bytes.length ? String.format("0x%02X", bytes[offset] & 0xFF) : "sequence cut off";
        return new DiagnosticException(new Diagnostic(Severity.ERROR, file, line, column, -1, 0,
                "invalid UTF-8: byte " + hex + " at byte offset " + offset,
                "save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8)", "invalid-utf8"));
    }
}
