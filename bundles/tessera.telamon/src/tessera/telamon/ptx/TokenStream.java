package tessera.telamon.ptx;

import java.util.List;

import tessera.telamon.ptx.PtxLexer.Kind;
import tessera.telamon.ptx.PtxLexer.Token;

/** The tokens of one PTX text with one token of lookahead, for {@link PtxParser}; errors name line:column. */
final class TokenStream {
    private final String file;
    private final List<Token> toks;
    private int pos;

    TokenStream(String file, List<Token> toks) {
        this.file = file;
        this.toks = toks;
    }

    /** The token after the next one. */
    Token lookahead() {
        return toks.get(Math.min(pos + 1, toks.size() - 1));
    }

    Token peek() {
        return toks.get(pos);
    }

    Token next() {
        Token t = toks.get(pos);
        if (t.kind() != Kind.END) {
            pos++;
        }
        return t;
    }

    boolean accept(String punct) {
        if (peek().kind() == Kind.PUNCT && peek().is(punct)) {
            pos++;
            return true;
        }
        return false;
    }

    Token expectPunct(String punct) {
        Token t = peek();
        if (!accept(punct)) {
            throw error(t, "expected '" + punct + "', found " + t);
        }
        return t;
    }

    Token expect(Kind kind, String what) {
        Token t = peek();
        if (t.kind() != kind) {
            throw error(t, "expected " + what + ", found " + t);
        }
        return next();
    }

    PtxException error(Token t, String message) {
        return PtxException.at(file, t.line(), t.column(), message);
    }
}
