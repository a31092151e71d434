package tessera.modsched.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Severity;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;

/**
 * Hand-written reader of the {@code .ddg} text format (grammar in docs/modsched.md): machines and loops.
 * Recursive descent, LL(1); every problem becomes a {@link Diagnostic} with line and column, never an exception.
 * After a syntax error it skips to the next item keyword and goes on, so one run reports several errors.
 */
public final class DdgReader {
    /** What was read: machines and loops by name, in file order, plus the problems found. */
    public record Result(Map<String, Machine> machines, List<Loop> loops, Diagnostics diagnostics) {
        public boolean ok() {
            return !diagnostics.hasErrors();
        }
    }

    private static final Set<String> KEYWORDS = Set.of("machine", "resource", "count", "pipelined", "busy", "issue",
            "loop", "op", "latency", "reserve", "edge", "distance", "kind", "flow", "anti", "output", "memory");

    private enum T {
        ID, INT, SYM, EOF
    }

    private record Tok(T type, String text, int line, int col, int offset) {
    }

    private final String file;
    private final List<Tok> toks = new ArrayList<>();
    private final Diagnostics diags = new Diagnostics();
    private int p;

    private DdgReader(String file) {
        this.file = file == null ? "" : file;
    }

    /** Reads a whole .ddg text. */
    public static Result read(String text, String fileName) {
        DdgReader r = new DdgReader(fileName);
        r.lex(text == null ? "" : text);
        return r.parseFile();
    }

    private void error(Tok t, String msg, String hint) {
        diags.add(new Diagnostic(Severity.ERROR, file, t.line(), t.col(), t.offset(), Math.max(1, t.text().length()),
                msg, hint, "ddg"));
    }

    private void lex(String s) {
        int i = 0;
        int line = 1;
        int lineStart = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\n') {
                line++;
                i++;
                lineStart = i;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                int startLine = line;
                int startCol = i - lineStart + 1;
                int startOff = i;
                i += 2;
                while (i < s.length() && !(s.charAt(i) == '*' && i + 1 < s.length() && s.charAt(i + 1) == '/')) {
                    if (s.charAt(i) == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                    i++;
                }
                if (i >= s.length()) {
                    diags.add(new Diagnostic(Severity.ERROR, file, startLine, startCol, startOff, 2,
                            "comment is not closed", "end it with */", "ddg"));
                } else {
                    i += 2;
                }
                continue;
            }
            int col = i - lineStart + 1;
            if (Character.isLetter(c) || c == '_') {
                int j = i + 1;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                toks.add(new Tok(T.ID, s.substring(i, j), line, col, i));
                i = j;
            } else if (Character.isDigit(c) || (c == '-' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1)))) {
                int j = i + 1;
                while (j < s.length() && Character.isDigit(s.charAt(j))) {
                    j++;
                }
                toks.add(new Tok(T.INT, s.substring(i, j), line, col, i));
                i = j;
            } else if (s.startsWith("->", i) || s.startsWith("..", i)) {
                toks.add(new Tok(T.SYM, s.substring(i, i + 2), line, col, i));
                i += 2;
            } else if ("{}:@,".indexOf(c) >= 0) {
                toks.add(new Tok(T.SYM, String.valueOf(c), line, col, i));
                i++;
            } else {
                diags.add(new Diagnostic(Severity.ERROR, file, line, col, i, 1, "unexpected character '" + c + "'",
                        "see docs/modsched.md for the .ddg syntax", "ddg"));
                i++;
            }
        }
        toks.add(new Tok(T.EOF, "", line, i - lineStart + 1, s.length()));
    }

    private Tok peek() {
        return toks.get(p);
    }

    private boolean at(String text) {
        Tok t = peek();
        return t.type() != T.EOF && t.text().equals(text);
    }

    private static final class Fail extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Fail() {
            super(null, null, false, false);
        }
    }

    private Tok expect(String text, String hint) {
        Tok t = peek();
        if (!at(text)) {
            error(t, "expected '" + text + "' but found " + describe(t), hint);
            throw new Fail();
        }
        p++;
        return t;
    }

    private static String describe(Tok t) {
        return t.type() == T.EOF ? "the end of the file" : "'" + t.text() + "'";
    }

    private Tok name(String what) {
        Tok t = peek();
        if (t.type() != T.ID) {
            error(t, "expected " + what + " but found " + describe(t), "names start with a letter or '_'");
            throw new Fail();
        }
        if (KEYWORDS.contains(t.text())) {
            error(t, "'" + t.text() + "' is a keyword and cannot be used as " + what, "choose another name");
            throw new Fail();
        }
        p++;
        return t;
    }

    private int integer(String what) {
        Tok t = peek();
        if (t.type() != T.INT) {
            error(t, "expected " + what + " (a whole number) but found " + describe(t), null);
            throw new Fail();
        }
        p++;
        try {
            return Integer.parseInt(t.text());
        } catch (NumberFormatException e) {
            error(t, "number " + t.text() + " is too large", null);
            throw new Fail();
        }
    }

    /** Skips to the next token that can start an item or close a block. */
    private void recover(Set<String> stops) {
        while (peek().type() != T.EOF && !(peek().type() == T.ID && stops.contains(peek().text()))
                && !at("}")) {
            p++;
        }
    }

    private record MachineDecl(String name, Tok at, Machine.Builder builder) {
    }

    private record LoopDecl(String name, Tok at, String machine, Tok machineTok, List<Runnable> items,
            Loop.Builder[] builder) {
    }

    private Result parseFile() {
        Map<String, Machine> machines = new LinkedHashMap<>();
        List<MachineDecl> mds = new ArrayList<>();
        List<LoopDecl> lds = new ArrayList<>();
        List<LoopItem> pending = new ArrayList<>();
        while (peek().type() != T.EOF) {
            try {
                if (at("machine")) {
                    mds.add(parseMachine());
                } else if (at("loop")) {
                    lds.add(parseLoop(pending));
                } else {
                    error(peek(), "expected 'machine' or 'loop' but found " + describe(peek()),
                            "a .ddg file is a list of machine and loop blocks");
                    p++;
                    recover(Set.of("machine", "loop"));
                    if (at("}")) {
                        p++;
                    }
                }
            } catch (Fail f) {
                recover(Set.of("machine", "loop"));
                if (at("}")) {
                    p++;
                }
            }
        }
        for (MachineDecl md : mds) {
            if (machines.containsKey(md.name())) {
                error(md.at(), "machine '" + md.name() + "' is declared twice", "rename one of them");
                continue;
            }
            Machine m = md.builder().build(diags);
            if (m != null) {
                machines.put(md.name(), m);
            }
        }
        List<Loop> loops = new ArrayList<>();
        java.util.Set<String> loopNames = new java.util.HashSet<>();
        for (LoopDecl ld : lds) {
            if (!loopNames.add(ld.name())) {
                error(ld.at(), "loop '" + ld.name() + "' is declared twice", "rename one of them");
                continue;
            }
            Machine m = machines.get(ld.machine());
            if (m == null) {
                boolean declared = mds.stream().anyMatch(md -> md.name().equals(ld.machine()));
                if (!declared) {
                    error(ld.machineTok(), "unknown machine '" + ld.machine() + "'",
                            "declare it with 'machine " + ld.machine() + " { ... }' in this file");
                }
                continue;
            }
            Loop.Builder b = Loop.builder(ld.name(), m).at(file, ld.at().line());
            for (LoopItem it : pending) {
                if (it.loop() == ld) {
                    it.apply(b);
                }
            }
            Loop l = b.build(diags);
            if (l != null) {
                loops.add(l);
            }
        }
        return new Result(machines, loops, diags);
    }

    private MachineDecl parseMachine() {
        Tok kw = expect("machine", null);
        Tok n = name("a machine name");
        Machine.Builder b = Machine.builder(n.text()).file(file);
        expect("{", "a machine body starts with '{'");
        while (!at("}")) {
            if (peek().type() == T.EOF) {
                error(peek(), "machine '" + n.text() + "' is not closed", "add '}'");
                throw new Fail();
            }
            try {
                if (at("resource")) {
                    Tok r = peek();
                    p++;
                    Tok rn = name("a resource name");
                    expect("count", "write 'resource NAME count N [pipelined | busy K]'");
                    int count = integer("the unit count");
                    int busy = 1;
                    if (at("pipelined")) {
                        p++;
                    } else if (at("busy")) {
                        p++;
                        busy = integer("the busy cycles");
                    }
                    b.resource(rn.text(), count, busy, r.line());
                } else if (at("issue")) {
                    Tok t = peek();
                    p++;
                    b.issueWidth(integer("the issue width"), t.line());
                } else {
                    error(peek(), "expected 'resource', 'issue' or '}' but found " + describe(peek()),
                            "a machine lists 'resource NAME count N [pipelined | busy K]' lines");
                    p++;
                    recover(Set.of("resource", "issue", "machine", "loop"));
                }
            } catch (Fail f) {
                recover(Set.of("resource", "issue", "machine", "loop"));
                if (at("machine") || at("loop")) {
                    error(peek(), "machine '" + n.text() + "' is not closed", "add '}'");
                    return new MachineDecl(n.text(), kw, b);
                }
            }
        }
        p++;
        return new MachineDecl(n.text(), n, b);
    }

    private record LoopItem(LoopDecl loop, java.util.function.Consumer<Loop.Builder> action) {
        void apply(Loop.Builder b) {
            action.accept(b);
        }
    }

    private LoopDecl parseLoop(List<LoopItem> pending) {
        expect("loop", null);
        Tok n = name("a loop name");
        expect("machine", "write 'loop NAME machine MACHINE { ... }'");
        Tok m = name("a machine name");
        LoopDecl ld = new LoopDecl(n.text(), n, m.text(), m, new ArrayList<>(), new Loop.Builder[1]);
        expect("{", "a loop body starts with '{'");
        while (!at("}")) {
            if (peek().type() == T.EOF) {
                error(peek(), "loop '" + n.text() + "' is not closed", "add '}'");
                throw new Fail();
            }
            try {
                if (at("op")) {
                    pending.add(new LoopItem(ld, parseOp()));
                } else if (at("edge")) {
                    pending.add(new LoopItem(ld, parseEdge()));
                } else {
                    error(peek(), "expected 'op', 'edge' or '}' but found " + describe(peek()),
                            "a loop lists 'op' and 'edge' lines");
                    p++;
                    recover(Set.of("op", "edge", "machine", "loop"));
                }
            } catch (Fail f) {
                recover(Set.of("op", "edge", "machine", "loop"));
                if (at("machine") || at("loop")) {
                    error(peek(), "loop '" + n.text() + "' is not closed", "add '}'");
                    return ld;
                }
            }
        }
        p++;
        return ld;
    }

    private java.util.function.Consumer<Loop.Builder> parseOp() {
        Tok kw = expect("op", null);
        Tok n = name("an operation name");
        expect(":", "write 'op NAME : RESOURCE [latency N] [reserve { R@i..j, ... }]'");
        Tok r = name("a resource name");
        int lat = 1;
        if (at("latency")) {
            p++;
            lat = integer("the latency");
        }
        List<Loop.Use> reserve = null;
        if (at("reserve")) {
            p++;
            expect("{", "write reserve { R@0..3, S@1 }");
            reserve = new ArrayList<>();
            do {
                if (!reserve.isEmpty() || at(",")) {
                    expect(",", null);
                }
                Tok rn = name("a resource name");
                expect("@", "write RESOURCE@OFFSET or RESOURCE@FROM..TO");
                int from = integer("a cycle offset");
                int to = from;
                if (at("..")) {
                    p++;
                    to = integer("the last cycle offset");
                    if (to < from) {
                        error(rn, "empty offset range " + from + ".." + to, "write FROM..TO with FROM <= TO");
                        throw new Fail();
                    }
                }
                for (int o = from; o <= to; o++) {
                    reserve.add(new Loop.Use(rn.text(), o));
                }
            } while (at(","));
            expect("}", "close the reservation with '}'");
        }
        final int latency = lat;
        final List<Loop.Use> res = reserve;
        return b -> b.op(n.text(), r.text(), latency, res, null, kw.line());
    }

    private java.util.function.Consumer<Loop.Builder> parseEdge() {
        Tok kw = expect("edge", null);
        Tok from = name("an operation name");
        expect("->", "write 'edge FROM -> TO [latency N] [distance D] [kind K]'");
        Tok to = name("an operation name");
        Integer lat = null;
        int dist = 0;
        DependenceKind kind = DependenceKind.FLOW;
        if (at("latency")) {
            p++;
            lat = integer("the latency");
        }
        if (at("distance")) {
            p++;
            dist = integer("the iteration distance");
        }
        if (at("kind")) {
            p++;
            Tok k = peek();
            kind = DependenceKind.ofWord(k.text());
            if (kind == null || k.type() != T.ID) {
                error(k, "unknown dependence kind " + describe(k), "use flow, anti, output or memory");
                throw new Fail();
            }
            p++;
        }
        final Integer latency = lat;
        final int distance = dist;
        final DependenceKind k2 = kind;
        return b -> b.edge(from.text(), to.text(), latency, distance, k2, kw.line());
    }
}
