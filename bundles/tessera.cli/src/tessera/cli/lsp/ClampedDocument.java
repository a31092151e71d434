package tessera.cli.lsp;

import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.util.ITextRegion;
import org.eclipse.xtext.util.TextRegion;

/**
 * An open document of the language server whose positions are clamped to the text, as the Language Server Protocol
 * asks ("if the character value is greater than the line length it defaults back to the line length"; a line before
 * the first or after the last means the document's start or end), so a request at any position gets an answer instead
 * of an internal error (issue 22). A lone CR is a line end in the protocol: it is stored as LF (same length, so every
 * offset stays), which keeps Xtext's line counting and the client's in step. Error messages never quote the text.
 */
public class ClampedDocument extends Document {
    /** Line start offsets, computed once (the text never changes). */
    private final int[] lineStarts;

    public ClampedDocument(Integer version, String contents) {
        super(version, normalizeLineEnds(contents == null ? "" : contents), false);
        this.lineStarts = lineStarts(getContents());
    }

    /** Lone CRs become LF (offset-preserving); CRLF stays. */
    public static String normalizeLineEnds(String text) {
        if (text.indexOf('\r') < 0) {
            return text;
        }
        char[] c = text.toCharArray();
        for (int i = 0; i < c.length; i++) {
            if (c[i] == '\r' && (i + 1 == c.length || c[i + 1] != '\n')) {
                c[i] = '\n';
            }
        }
        return new String(c);
    }

    private static int[] lineStarts(String text) {
        int n = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        int[] starts = new int[n];
        int k = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts[k++] = i + 1;
            }
        }
        return starts;
    }

    /** The offset of a position clamped to the document (null means the start). */
    @Override
    public int getOffSet(Position position) {
        if (position == null || position.getLine() < 0) {
            return 0;
        }
        String text = getContents();
        if (position.getLine() >= lineStarts.length) {
            return text.length();
        }
        int start = lineStarts[position.getLine()];
        int end = position.getLine() + 1 < lineStarts.length ? lineStarts[position.getLine() + 1] - 1 : text.length();
        if (end > start && text.charAt(end - 1) == '\r') {
            end--; // the line's length does not count its CR
        }
        return start + Math.max(0, Math.min(position.getCharacter(), end - start));
    }

    @Override
    public ITextRegion getTextRegion(Range range) {
        if (range == null) {
            return new TextRegion(0, 0);
        }
        int a = getOffSet(range.getStart());
        int b = getOffSet(range.getEnd());
        return new TextRegion(Math.min(a, b), Math.abs(b - a));
    }

    /** The position of an offset clamped to [0, length]. */
    @Override
    public Position getPosition(int offset) {
        int o = Math.max(0, Math.min(offset, getContents().length()));
        int line = java.util.Arrays.binarySearch(lineStarts, o);
        if (line < 0) {
            line = -line - 2;
        }
        return new Position(line, o - lineStarts[line]);
    }

    /** A line's text without its end; empty for a line outside the document. */
    @Override
    public String getLineContent(int lineNumber) {
        if (lineNumber < 0 || lineNumber >= lineStarts.length) {
            return "";
        }
        int start = lineStarts[lineNumber];
        int end = lineNumber + 1 < lineStarts.length ? lineStarts[lineNumber + 1] - 1 : getContents().length();
        if (end > start && getContents().charAt(end - 1) == '\r') {
            end--;
        }
        return getContents().substring(start, end);
    }

    @Override
    public int getLineCount() {
        return lineStarts.length;
    }

    @Override
    public String getSubstring(Range range) {
        ITextRegion r = getTextRegion(range);
        return getContents().substring(r.getOffset(), r.getOffset() + r.getLength());
    }

    /** Each change's range is clamped to the text as it is after the changes before it. */
    @Override
    public Document applyTextDocumentChanges(Iterable<? extends TextDocumentContentChangeEvent> changes) {
        Integer v = getVersion() == null ? null : getVersion() + 1;
        String text = getContents();
        ClampedDocument current = this;
        for (TextDocumentContentChangeEvent change : changes) {
            String insert = change.getText() == null ? "" : change.getText();
            if (change.getRange() == null) {
                text = insert;
            } else {
                ITextRegion r = current.getTextRegion(change.getRange());
                text = text.substring(0, r.getOffset()) + insert + text.substring(r.getOffset() + r.getLength());
            }
            current = new ClampedDocument(v, text);
            text = current.getContents();
        }
        return current;
    }
}
