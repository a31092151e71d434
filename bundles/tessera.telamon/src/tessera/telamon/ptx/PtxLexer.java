package tessera.telamon.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits PTX text into tokens with their line and column (PTX ISA syntax: identifiers, dotted opcodes and directives,
 * {@code %}-registers, integer and {@code 0f}/{@code 0d} float constants, punctuation; {@code //} and block comments).
 */
final class PtxLexer {
    enum Kind {
        WORD, NUMBER, PUNCT, STRING, END
    }

    record Token(Kind kind, String text, int line, int column) {
        boolean is(String s) {
            return kind != Kind.STRING && text.equals(s);
        }

        @Override
        public String toString() {
            return kind == Kind.END ? "the end of the file" : "'" + text + "'";
        }
    }

    private PtxLexer() {
    }

    static List<Token> tokens(String file, String text) {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            int col = i - lineStart + 1;
            if (c == '\n') {
                line++;
                lineStart = i + 1;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) {
                    throw PtxException.at(file, line, col, "unterminated comment");
                }
                for (int k = i; k < end; k++) {
                    if (text.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                i = end + 2;
            } else if (c == '"') {
                int end = text.indexOf('"', i + 1);
                if (end < 0) {
                    throw PtxException.at(file, line, col, "unterminated string");
                }
                out.add(new Token(Kind.STRING, text.substring(i + 1, end), line, col));
                i = end + 1;
            } else if (Character.isDigit(c)) {
                int s = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '.')) {
                    i++;
                }
                out.add(new Token(Kind.NUMBER, text.substring(s, i), line, col));
            } else if (wordStart(c)) {
                int s = i;
                i++;
                while (i < n && wordPart(text.charAt(i))) {
                    i++;
                }
                out.add(new Token(Kind.WORD, text.substring(s, i), line, col));
            } else if ("{}[]();,:+-<>@!|=".indexOf(c) >= 0) {
                out.add(new Token(Kind.PUNCT, String.valueOf(c), line, col));
                i++;
            } else {
                throw PtxException.at(file, line, col, "unexpected character '" + c + "'");
            }
        }
        out.add(new Token(Kind.END, "", line, n - lineStart + 1));
        return out;
    }

    private static boolean wordStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$' || c == '%' || c == '.';
    }

    private static boolean wordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
    }
}
