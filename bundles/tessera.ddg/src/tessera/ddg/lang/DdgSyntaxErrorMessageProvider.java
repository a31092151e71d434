package tessera.ddg.lang;

import java.util.Set;

import tessera.xtext.WordedSyntaxErrors;

/** Syntax errors in the words of docs/modsched.md: "a name", "a number", keywords that cannot be names. */
public class DdgSyntaxErrorMessageProvider extends WordedSyntaxErrors {
    public static final String CODE = "ddg.syntax";
    /** The reserved words of the .ddg grammar. */
    public static final Set<String> KEYWORDS = Set.of("machine", "resource", "count", "pipelined", "busy", "issue",
            "loop", "op", "latency", "reserve", "edge", "distance", "kind", "flow", "anti", "output", "memory");

    public DdgSyntaxErrorMessageProvider() {
        super(CODE, KEYWORDS, "see docs/modsched.md for the .ddg syntax");
    }
}
