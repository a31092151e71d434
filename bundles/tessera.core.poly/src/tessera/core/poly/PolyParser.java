package tessera.core.poly;

import java.util.ArrayList;
import java.util.List;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Severity;

/**
 * Seed 003 §4 condition spaces as text (syntax proposed in digest §4.1): parser for the set syntax used by the PLA
 * language and diagnostics. Bad text raises a
 * {@link DiagnosticException} whose {@link Diagnostic} has file, line, column, offset and length of the token.
 *
 * <pre>
 * set      := [ '[' names ']' '->' ] '{' [ '[' names ']' ] [ ':' formula ] '}'
 * formula  := conj ( ('or' | '||' | '∨') conj )*
 * conj     := atom ( ('and' | '&&' | '∧' | ',') atom )*      (',' only outside a set's braces)
 * atom     := 'true' | 'false' | side ( relop side )+          (chains: 0 <= i < N)
 * relop    := '<=' | '<' | '>=' | '>' | '==' | '=' | '!=' | '≤' | '≥' | '≠'
 * side     := sum [ ('%' | 'mod') INT ]                       (only as "x % m == r")
 * sum      := ['-'] term ( ('+' | '-') term )*
 * term     := factor ( '*' factor | factor after an integer: "2j", "2(i+j)" )*
 * factor   := INT | NAME | '(' sum ')' | '-' factor
 * </pre>
 * In a set, names listed in the dims brackets are dimensions, all other names are parameters. Products of two
 * names (p*k) are rejected: they are not affine.
 */
public final class PolyParser {
    private enum T {
        INT, NAME, SYM, END
    }

    private record Tok(T type, String text, int offset, int line, int col) {
    }

    private final String text;
    private final String file;
    private final List<Tok> toks = new ArrayList<>();
    private int pos;

    /**
     * @param text        the text to parse
     * @param file        file name for diagnostics ("" if none)
     * @param firstLine   line of the text's first character in that file (1-based)
     * @param firstColumn column of the text's first character (1-based)
     */
    public PolyParser(String text, String file, int firstLine, int firstColumn) {
        this.text = text;
        this.file = file == null ? "" : file;
        lex(firstLine, firstColumn);
    }

    // ------------------------------------------------------------------ entry points

    /** The whole text is one set (possibly a union via 'or'). */
    public UnionSet setOnly() {
        UnionSet u = set();
        expectEnd();
        return u;
    }

    /** The whole text is a conjunction of constraints (no set braces), e.g. {@code 0 <= i < N && j >= 1}. */
    public List<Constraint> constraintsOnly() {
        if (peekIs("true") && toks.get(pos + 1).type == T.END) {
            pos++;
            return List.of();
        }
        int start = pos;
        List<List<Constraint>> dnf = formula(false);
        expectEnd();
        if (dnf.size() != 1) {
            throw error(toks.get(start).offset, text.length() - toks.get(start).offset,
                    "expected a conjunction of constraints, but this is a disjunction ('or' or '!=')",
                    "split the condition into separate equations");
        }
        return dnf.get(0);
    }

    /** The whole text is a condition (conjunctions joined by 'or') over {@code space}; other names become params. */
    public UnionSet condition(Space space) {
        List<List<Constraint>> dnf = formula(false);
        expectEnd();
        return toUnion(space, dnf);
    }

    /** The whole text is one affine expression. */
    public AffineExpr expressionOnly() {
        AffineExpr e = sum();
        expectEnd();
        return e;
    }

    // ------------------------------------------------------------------ grammar

    private UnionSet set() {
        List<String> params = new ArrayList<>();
        if (peekSym("[")) {
            params = names();
            expectSym("->");
        }
        expectSym("{");
        List<String> dims = List.of();
        if (peekSym("[")) {
            dims = names();
        }
        List<List<Constraint>> dnf = List.of(List.of());
        if (peekSym(":")) {
            pos++;
            dnf = formula(true);
        }
        expectSym("}");
        Space space;
        try {
            space = new Space(dims, params);
        } catch (IllegalArgumentException e) {
            throw error(toks.get(0).offset, 1, e.getMessage(), "names must be distinct");
        }
        return toUnion(space, dnf);
    }

    private UnionSet toUnion(Space space, List<List<Constraint>> dnf) {
        List<Constraint> all = new ArrayList<>();
        dnf.forEach(all::addAll);
        space = space.withParamsOf(all);
        List<IntegerSet> pieces = new ArrayList<>();
        for (List<Constraint> conj : dnf) {
            pieces.add(IntegerSet.of(space, conj));
        }
        return new UnionSet(space, pieces);
    }

    private List<String> names() {
        expectSym("[");
        List<String> out = new ArrayList<>();
        if (!peekSym("]")) {
            do {
                Tok t = next();
                if (t.type != T.NAME || isKeyword(t.text)) {
                    throw error(t, "expected a name, found " + describe(t), "write names like i, j, N");
                }
                if (out.contains(t.text)) {
                    throw error(t, "name '" + t.text + "' is listed twice", null);
                }
                out.add(t.text);
            } while (acceptSym(","));
        }
        expectSym("]");
        return out;
    }

    /** Disjunctive normal form: a list of conjunctions. */
    private List<List<Constraint>> formula(boolean inBraces) {
        List<List<Constraint>> out = new ArrayList<>(conjunction(inBraces));
        while (peekIs("or") || peekSym("||") || peekSym("∨")) {
            pos++;
            out.addAll(conjunction(inBraces));
        }
        return out;
    }

    private List<List<Constraint>> conjunction(boolean inBraces) {
        List<List<Constraint>> acc = atom();
        while (peekIs("and") || peekSym("&&") || peekSym("∧") || (!inBraces && peekSym(","))) {
            pos++;
            acc = and(acc, atom());
        }
        return acc;
    }

    /** The conjunction of two formulas in disjunctive normal form, again in DNF (every pair of conjunctions). */
    private static List<List<Constraint>> and(List<List<Constraint>> a, List<List<Constraint>> b) {
        List<List<Constraint>> n = new ArrayList<>();
        for (List<Constraint> x : a) {
            for (List<Constraint> y : b) {
                List<Constraint> z = new ArrayList<>(x);
                z.addAll(y);
                n.add(z);
            }
        }
        return n;
    }

    private record Side(AffineExpr e, long modulus, Tok at) {
    }

    private List<List<Constraint>> atom() {
        if (peekIs("true")) {
            pos++;
            return List.of(List.of());
        }
        if (peekIs("false")) {
            pos++;
            return List.of();
        }
        Side left = side();
        List<List<Constraint>> acc = List.of(List.of());
        int relations = 0;
        while (peekRel()) {
            Tok op = next();
            Side right = side();
            acc = and(acc, relation(left, op, right));
            left = right;
            relations++;
        }
        if (relations == 0) {
            Tok t = toks.get(pos);
            throw error(t, "expected a comparison (<=, <, >=, >, ==, !=) after the expression, found " + describe(t),
                    "a constraint looks like 0 <= i < N");
        }
        return acc;
    }

    private List<List<Constraint>> relation(Side a, Tok op, Side b) {
        String o = op.text;
        if (a.modulus != 0 || b.modulus != 0) {
            Side m = a.modulus != 0 ? a : b, r = a.modulus != 0 ? b : a;
            if (a.modulus != 0 && b.modulus != 0 || !(o.equals("==") || o.equals("=")) || !r.e.isConstant()) {
                throw error(op, "a modulus may only be compared for equality with an integer",
                        "write e.g. (i + j) % 2 == 0");
            }
            return List.of(List.of(Constraint.mod(m.e, m.modulus, r.e.constant())));
        }
        AffineExpr x = a.e, y = b.e;
        return switch (o) {
            case "<=", "≤" -> List.of(List.of(Constraint.le(x, y)));
            case "<" -> List.of(List.of(Constraint.lt(x, y)));
            case ">=", "≥" -> List.of(List.of(Constraint.le(y, x)));
            case ">" -> List.of(List.of(Constraint.lt(y, x)));
            case "==", "=" -> List.of(List.of(Constraint.eq(x, y)));
            default -> List.of(List.of(Constraint.lt(x, y)), List.of(Constraint.lt(y, x))); // != as x < y or x > y
        };
    }

    private Side side() {
        Tok start = toks.get(pos);
        int terms = countTermsAhead();
        AffineExpr e = sum();
        if (peekSym("%") || peekIs("mod")) {
            Tok op = next();
            if (terms > 1) {
                throw error(op, "'%' binds tighter than '+': put the expression in parentheses",
                        "write (i + j) % 2 == 0");
            }
            Tok m = next();
            if (m.type != T.INT) {
                throw error(m, "expected a positive integer modulus after '%', found " + describe(m), null);
            }
            long mv = parseLong(m);
            if (mv < 1) {
                throw error(m, "modulus must be positive", null);
            }
            return new Side(e, mv, start);
        }
        return new Side(e, 0, start);
    }

    /** Number of top-level '+'/'-' separated terms of the sum starting at pos (for the '%' precedence check). */
    private int countTermsAhead() {
        int depth = 0, terms = 1;
        for (int i = pos; i < toks.size(); i++) {
            Tok t = toks.get(i);
            if (t.type == T.SYM && t.text.equals("(")) {
                depth++;
            } else if (t.type == T.SYM && t.text.equals(")")) {
                if (--depth < 0) {
                    break;
                }
            } else if (depth == 0 && t.type == T.SYM && (t.text.equals("+") || t.text.equals("-")) && i > pos
                    && !isOperatorBefore(i)) {
                terms++;
            } else if (depth == 0 && (t.type == T.END || t.type == T.SYM && !"+-*()".contains(t.text) || t.type == T.NAME
                    && isKeyword(t.text))) {
                break;
            }
        }
        return terms;
    }

    private boolean isOperatorBefore(int i) {
        Tok p = toks.get(i - 1);
        return p.type == T.SYM && !p.text.equals(")");
    }

    private AffineExpr sum() {
        AffineExpr e;
        if (acceptSym("-")) {
            e = term().negate();
        } else {
            acceptSym("+");
            e = term();
        }
        while (peekSym("+") || peekSym("-")) {
            boolean minus = next().text.equals("-");
            AffineExpr t = term();
            e = minus ? e.minus(t) : e.plus(t);
        }
        return e;
    }

    private AffineExpr term() {
        Tok first = toks.get(pos);
        AffineExpr e = factor();
        while (true) {
            Tok t = toks.get(pos);
            boolean juxtaposed = toks.get(pos - 1).type == T.INT && (t.type == T.NAME && !isKeyword(t.text)
                    || t.type == T.SYM && t.text.equals("("));
            if (!juxtaposed && !(t.type == T.SYM && t.text.equals("*"))) {
                return e;
            }
            if (!juxtaposed) {
                pos++;
            }
            Tok at = toks.get(pos);
            AffineExpr f = factor();
            if (!e.isConstant() && !f.isConstant()) {
                throw error(first.offset, at.offset + at.text.length() - first.offset,
                        "non-affine product (" + e + ") * (" + f + ")",
                        "only products with integer constants are affine; fix the parameter to a value first");
            }
            e = e.isConstant() ? f.times(e.constant()) : e.times(f.constant());
        }
    }

    private AffineExpr factor() {
        Tok t = next();
        switch (t.type) {
            case INT:
                return AffineExpr.constant(parseLong(t));
            case NAME:
                if (isKeyword(t.text)) {
                    throw error(t, "expected an expression, found keyword '" + t.text + "'", null);
                }
                return AffineExpr.var(t.text);
            case SYM:
                if (t.text.equals("(")) {
                    AffineExpr e = sum();
                    expectSym(")");
                    return e;
                }
                if (t.text.equals("-")) {
                    return factor().negate();
                }
                throw error(t, "expected a number, a name or '(', found " + describe(t), null);
            default:
                throw error(t, "unexpected end of text, expected an expression", null);
        }
    }

    // ------------------------------------------------------------------ tokens

    private static final String[] SYMS = { "->", "<=", ">=", "==", "!=", "&&", "||", "<", ">", "=", "+", "-", "*", "%",
            "(", ")", "[", "]", "{", "}", ":", ",", "≤", "≥", "≠", "∧", "∨" };

    private void lex(int line, int col) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                col = 1;
                i++;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                col++;
                continue;
            }
            int start = i;
            if (Character.isDigit(c)) {
                while (i < text.length() && Character.isDigit(text.charAt(i))) {
                    i++;
                }
                toks.add(new Tok(T.INT, text.substring(start, i), start, line, col));
            } else if (Character.isLetter(c) || c == '_') {
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_'
                        || text.charAt(i) == '\'')) {
                    i++;
                }
                toks.add(new Tok(T.NAME, text.substring(start, i), start, line, col));
            } else {
                String sym = null;
                for (String s : SYMS) {
                    if (text.startsWith(s, i)) {
                        sym = s;
                        break;
                    }
                }
                if (sym == null) {
                    throw new DiagnosticException(new Diagnostic(Severity.ERROR, file, line, col, i, 1,
                            "unexpected character '" + c + "'", "allowed: names, integers, + - * % ( ) <= < >= > == != and or",
                            "poly.syntax"));
                }
                i += sym.length();
                toks.add(new Tok(T.SYM, sym, start, line, col));
            }
            col += i - start;
        }
        toks.add(new Tok(T.END, "", text.length(), line, col));
    }

    private Tok next() {
        Tok t = toks.get(pos);
        if (t.type != T.END) {
            pos++;
        }
        return t;
    }

    private boolean peekSym(String s) {
        Tok t = toks.get(pos);
        return t.type == T.SYM && t.text.equals(s);
    }

    private boolean peekIs(String word) {
        Tok t = toks.get(pos);
        return t.type == T.NAME && t.text.equals(word);
    }

    private boolean peekRel() {
        Tok t = toks.get(pos);
        return t.type == T.SYM && switch (t.text) {
            case "<=", "<", ">=", ">", "==", "=", "!=", "≤", "≥", "≠" -> true;
            default -> false;
        };
    }

    private boolean acceptSym(String s) {
        if (peekSym(s)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expectSym(String s) {
        Tok t = toks.get(pos);
        if (!peekSym(s)) {
            throw error(t, "expected '" + s + "', found " + describe(t), null);
        }
        pos++;
    }

    private void expectEnd() {
        Tok t = toks.get(pos);
        if (t.type != T.END) {
            throw error(t, "unexpected " + describe(t) + " after the end of the expression",
                    "join constraints with 'and', alternatives with 'or'");
        }
    }

    private static boolean isKeyword(String s) {
        return s.equals("and") || s.equals("or") || s.equals("true") || s.equals("false") || s.equals("mod");
    }

    private long parseLong(Tok t) {
        try {
            return Long.parseLong(t.text);
        } catch (NumberFormatException e) {
            throw error(t, "integer " + t.text + " is too large", "integers must fit in 64 bits");
        }
    }

    private static String describe(Tok t) {
        return t.type == T.END ? "end of text" : "'" + t.text + "'";
    }

    private DiagnosticException error(Tok t, String message, String hint) {
        return new DiagnosticException(new Diagnostic(Severity.ERROR, file, t.line, t.col, t.offset,
                Math.max(1, t.text.length()), message, hint, "poly.syntax"));
    }

    /** An error at a text range (offset into the parsed text). */
    DiagnosticException error(int offset, int length, String message, String hint) {
        int line = toks.isEmpty() ? 1 : toks.get(0).line, col = toks.isEmpty() ? 1 : toks.get(0).col;
        for (Tok t : toks) {
            if (t.offset <= offset) {
                line = t.line;
                col = t.col + (offset - t.offset);
            }
        }
        return new DiagnosticException(new Diagnostic(Severity.ERROR, file, line, col, offset, Math.max(1, length),
                message, hint, "poly.syntax"));
    }
}
