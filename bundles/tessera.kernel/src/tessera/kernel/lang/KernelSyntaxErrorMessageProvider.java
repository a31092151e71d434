package tessera.kernel.lang;

import java.util.Set;

import org.antlr.runtime.RecognitionException;
import org.antlr.runtime.Token;
import org.eclipse.xtext.nodemodel.SyntaxErrorMessage;
import org.eclipse.xtext.parser.antlr.SyntaxErrorMessageProvider;

/** Syntax errors in the words of docs/kernel.md: "a name", "a number", keywords that cannot be names. */
public class KernelSyntaxErrorMessageProvider extends SyntaxErrorMessageProvider {
    public static final String CODE = "kernel.syntax";
    /** The reserved words of the .kernel grammar. */
    public static final Set<String> KEYWORDS = Set.of("kernel", "end", "param", "size", "array", "temp", "over", "dim",
            "tiles", "factors", "same", "as", "named", "load", "store", "in", "index", "reduce", "add", "sub", "mul",
            "mad", "max", "min", "mov", "f32", "f64", "i32", "i64");

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
        return new SyntaxErrorMessage(words(msg), CODE, new String[] { "see docs/kernel.md for the .kernel syntax" });
    }

    static String words(String msg) {
        if (msg == null) {
            return "syntax error";
        }
        String m = msg.replaceFirst("^mismatched input (.*) expecting (.*)$", "found $1 where $2 was expected")
                .replaceFirst("^required \\(\\.\\.\\.\\)\\+ loop did not match anything at input (.*)$",
                        "expected one or more items before $1")
                .replaceFirst("^no viable alternative at input (.*)$", "unexpected $1")
                .replaceFirst("^extraneous input (.*) expecting (.*)$", "unexpected $1 where $2 was expected");
        return m.replace("RULE_ID", "a name").replace("RULE_INT", "a number").replace("'<EOF>'", "the end of the file")
                .replace("<EOF>", "the end of the file").replace("RULE_ANY_OTHER", "a character");
    }
}
