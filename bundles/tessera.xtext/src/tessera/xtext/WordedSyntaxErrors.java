package tessera.xtext;

import java.util.Set;

import org.antlr.runtime.RecognitionException;
import org.antlr.runtime.Token;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;

/**
 * Syntax errors of a Tessera language in its documentation's words: "a name", "a number", "the end of the file", and
 * a keyword used as a name said so. A language subclasses it with its issue code, reserved words and syntax hint, and
 * may reword ANTLR's sentences ({@link #reword}).
 */
public abstract class WordedSyntaxErrors extends SyntaxErrorMessageProvider {
    private final String code;
    private final Set<String> keywords;
    private final String syntaxHint;

    protected WordedSyntaxErrors(String code, Set<String> keywords, String syntaxHint) {
        this.code = code;
        this.keywords = keywords;
        this.syntaxHint = syntaxHint;
    }

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
        String msg = context.getDefaultMessage();
        RecognitionException ex = context.getRecognitionException();
        Token t = ex == null ? null : ex.token;
        if (t != null && t.getText() != null && keywords.contains(t.getText()) && msg != null
                && msg.contains("RULE_ID")) {
            return new SyntaxErrorMessage("'" + t.getText() + "' is a keyword and cannot be used as a name", code,
                    new String[] { "choose another name" });
        }
        return new SyntaxErrorMessage(words(msg), code, new String[] { syntaxHint });
    }

    /** ANTLR's message with the grammar's token names in words. */
    public String words(String msg) {
        if (msg == null) {
            return "syntax error";
        }
        return reword(msg).replace("RULE_ID", "a name").replace("RULE_INT", "a number")
                .replace("'<EOF>'", "the end of the file").replace("<EOF>", "the end of the file")
                .replace("RULE_ANY_OTHER", "a character");
    }

    /** A language's rewording of ANTLR's sentence before the token names are put in words (none by default). */
    protected String reword(String msg) {
        return msg;
    }
}
