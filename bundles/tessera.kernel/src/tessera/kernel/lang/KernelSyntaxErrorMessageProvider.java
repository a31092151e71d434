package tessera.kernel.lang;

import java.util.Set;

import tessera.xtext.WordedSyntaxErrors;

/** Syntax errors in the words of docs/kernel.md: "a name", "a number", keywords that cannot be names. */
public class KernelSyntaxErrorMessageProvider extends WordedSyntaxErrors {
    public static final String CODE = "kernel.syntax";
    /** The reserved words of the .kernel grammar. */
    public static final Set<String> KEYWORDS = Set.of("kernel", "end", "param", "size", "array", "temp", "over", "dim",
            "tiles", "factors", "same", "as", "named", "load", "store", "in", "index", "reduce", "add", "sub", "mul",
            "mad", "max", "min", "mov", "f32", "f64", "i32", "i64");

    public KernelSyntaxErrorMessageProvider() {
        super(CODE, KEYWORDS, "see docs/kernel.md for the .kernel syntax");
    }

    /** ANTLR's sentences as a user reads them: "found X where Y was expected", "unexpected X". */
    @Override
    protected String reword(String msg) {
        return msg.replaceFirst("^mismatched input (.*) expecting (.*)$", "found $1 where $2 was expected")
                .replaceFirst("^required \\(\\.\\.\\.\\)\\+ loop did not match anything at input (.*)$",
                        "expected one or more items before $1")
                .replaceFirst("^no viable alternative at input (.*)$", "unexpected $1")
                .replaceFirst("^extraneous input (.*) expecting (.*)$", "unexpected $1 where $2 was expected");
    }
}
