package tessera.ddg.lang;

import java.util.Set;

import org.antlr.runtime.RecognitionException;
import org.antlr.runtime.Token;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;

/** Syntax errors in the words of docs/modsched.md: "a name", "a number", keywords that cannot be names. */
public class DdgSyntaxErrorMessageProvider extends SyntaxErrorMessageProvider {
    public static final String CODE = "ddg.syntax";
    /** The reserved words of the .ddg grammar. */
    public static final Set<String> KEYWORDS = Set.of("machine", "resource", "count", "pipelined", "busy", "issue",
            "loop", "op", "latency", "reserve", "edge", "distance", "kind", "flow", "anti", "output", "memory");

    @Override
    public SyntaxErrorMessage getSyntaxErrorMessage(IParserErrorContext context) {
        String msg = context.getDefaultMessage();
        RecognitionException ex = context.getRecognitionException();
        Token t = ex == null ? null : ex.token;
        if (t != null && t.getText() != null && KEYWORDS.contains(t.getText()) && msg != null
                && msg.contains("RULE_ID")) {
            return new SyntaxErrorMessage("'" + t.getText() + "' is a keyword and cannot be used as a name", CODE,
                    new String[] { "choose another name" });
        }
        return new SyntaxErrorMessage(words(msg), CODE, new String[] { "see docs/modsched.md for the .ddg syntax" });
    }

    static String words(String msg) {
        if (msg == null) {
            return "syntax error";
        }
        return msg.replace("RULE_ID", "a name").replace("RULE_INT", "a number").replace("'<EOF>'", "the end of the file")
                .replace("<EOF>", "the end of the file").replace("RULE_ANY_OTHER", "a character");
    }
}
