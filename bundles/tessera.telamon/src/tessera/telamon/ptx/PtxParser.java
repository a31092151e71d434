package tessera.telamon.ptx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.ptx.PtxLexer.Kind;
import tessera.telamon.ptx.PtxLexer.Token;
import tessera.telamon.ptx.RawInsn.Raw;

/**
 * Seed 001 §4.4.4 (PTX, the printer's target): reads the PTX subset the code generator emits (module header, one
 * {@code .entry} with its parameters, {@code .reg} and {@code .shared} declarations, labels, guarded instructions) into
 * a {@link PtxProgram}. Every error names {@code file:line:column} and what is wrong.
 */
public final class PtxParser {
    private final String file;
    private final TokenStream in;
    private String entry;
    private final List<PtxProgram.Param> params = new ArrayList<>();
    private final Map<String, PtxProgram.Register> registers = new LinkedHashMap<>();
    private final Map<String, PtxProgram.Shared> shared = new LinkedHashMap<>();
    private final List<RawInsn> raw = new ArrayList<>();
    private final Map<String, Integer> labels = new LinkedHashMap<>();
    private final String[] lines;

    private PtxParser(String file, String text) {
        this.file = file;
        this.in = new TokenStream(file, PtxLexer.tokens(file, text));
        this.lines = text.split("\n", -1);
    }

    /** Parses {@code text}; {@code file} names it in error messages. */
    public static PtxProgram parse(String file, String text) {
        PtxParser p = new PtxParser(file, text);
        p.module();
        return new PtxDecoder(file, p.params, new ArrayList<>(p.registers.values()), new ArrayList<>(p.shared.values()),
                p.labels).decode(p.entry, p.raw);
    }

    private void module() {
        while (in.peek().kind() != Kind.END) {
            Token t = in.next();
            switch (t.text()) {
                case ".version" -> in.expect(Kind.NUMBER, "a version number");
                case ".target" -> {
                    in.expect(Kind.WORD, "a target such as sm_80");
                    while (in.accept(",")) {
                        in.expect(Kind.WORD, "a target option");
                    }
                }
                case ".address_size" -> {
                    Token n = in.expect(Kind.NUMBER, "64");
                    if (!n.is("64")) {
                        throw in.error(n, "only .address_size 64 is supported");
                    }
                }
                case ".visible", ".extern", ".weak" -> {
                    // linkage of the following .entry
                }
                case ".entry" -> entry(t);
                case ".shared" -> sharedDecl(t);
                default -> throw in.error(t, "unexpected " + t + " at module level (expected .version, .target, "
                        + ".address_size, .shared or .entry)");
            }
        }
        if (entry == null) {
            throw PtxException.at(file, 1, 1, "no .entry in the module");
        }
    }

    private void entry(Token at) {
        if (entry != null) {
            throw in.error(at, "a second .entry: the executor runs modules with one kernel");
        }
        entry = in.expect(Kind.WORD, "the kernel name").text();
        if (in.accept("(")) {
            if (!in.accept(")")) {
                do {
                    param();
                } while (in.accept(","));
                in.expectPunct(")");
            }
        }
        while (in.peek().kind() == Kind.WORD && !in.peek().is("{")) {
            Token d = in.next(); // performance directives: .maxntid 256, 1, 1 / .reqntid / .minnctapersm
            if (!d.text().equals(".maxntid") && !d.text().equals(".reqntid") && !d.text().equals(".minnctapersm")
                    && !d.text().equals(".maxnreg")) {
                throw in.error(d, "unexpected " + d + " after the parameter list");
            }
            do {
                in.expect(Kind.NUMBER, "a number");
            } while (in.accept(","));
        }
        in.expectPunct("{");
        body();
    }

    private void param() {
        Token p = in.expect(Kind.WORD, ".param");
        if (!p.is(".param")) {
            throw in.error(p, "expected .param, found " + p);
        }
        PtxType type = null;
        while (in.peek().kind() == Kind.WORD && in.peek().text().startsWith(".")) {
            Token m = in.next();
            if (m.is(".align")) {
                in.expect(Kind.NUMBER, "an alignment");
            } else if (PtxType.of(m.text().substring(1)) != null && type == null) {
                type = PtxType.of(m.text().substring(1));
            } else if (!m.text().startsWith(".ptr")) {
                throw in.error(m, "unexpected " + m + " in a parameter declaration");
            }
        }
        Token name = in.expect(Kind.WORD, "the parameter name");
        if (type == null || type == PtxType.PRED) {
            throw in.error(name, "parameter " + name.text() + " needs a scalar type such as .u64, .s32 or .f32");
        }
        if (in.peek().is("[")) {
            throw in.error(in.peek(), "array parameters are not supported");
        }
        int offset = 0;
        for (PtxProgram.Param q : params) {
            offset = Math.max(offset, q.offset() + q.type().bytes());
        }
        offset = (offset + type.bytes() - 1) / type.bytes() * type.bytes();
        params.add(new PtxProgram.Param(name.text(), type, offset));
    }

    private void body() {
        int depth = 1;
        while (depth > 0) {
            Token t = in.peek();
            if (t.kind() == Kind.END) {
                throw in.error(t, "missing '}' at the end of the kernel body");
            } else if (in.accept("{")) {
                depth++;
            } else if (in.accept("}")) {
                depth--;
            } else if (t.is(".reg")) {
                in.next();
                regDecl();
            } else if (t.is(".shared")) {
                sharedDecl(in.next());
            } else if (t.is(".pragma")) {
                in.next();
                in.expect(Kind.STRING, "a string");
                in.expectPunct(";");
            } else if (t.kind() == Kind.WORD && in.lookahead().is(":")) {
                in.next();
                in.next();
                if (labels.put(t.text(), raw.size()) != null) {
                    throw in.error(t, "label " + t.text() + " is defined twice");
                }
            } else if (t.kind() == Kind.WORD && t.text().startsWith(".") && !t.text().startsWith("..")) {
                throw in.error(t, "unsupported directive " + t.text() + " in the kernel body");
            } else {
                raw.add(instruction());
            }
        }
    }

    private void regDecl() {
        Token tt = in.expect(Kind.WORD, "a register type");
        PtxType type = tt.text().startsWith(".") ? PtxType.of(tt.text().substring(1)) : null;
        if (type == null || type == PtxType.B8 || type == PtxType.U8 || type == PtxType.S8) {
            throw in.error(tt, "unknown register type " + tt.text());
        }
        do {
            Token name = in.expect(Kind.WORD, "a register name");
            if (!name.text().startsWith("%")) {
                throw in.error(name, "register names start with %: " + name.text());
            }
            if (in.accept("<")) {
                Token n = in.expect(Kind.NUMBER, "the number of registers");
                Long count = Literals.integer(n.text(), false);
                if (count == null || count < 0 || count > 1_000_000) {
                    throw in.error(n, "bad register count " + n.text());
                }
                in.expectPunct(">");
                for (int i = 0; i < count; i++) {
                    declare(name, name.text() + i, type);
                }
            } else {
                declare(name, name.text(), type);
            }
        } while (in.accept(","));
        in.expectPunct(";");
    }

    private void declare(Token at, String name, PtxType type) {
        if (registers.put(name, new PtxProgram.Register(name, type)) != null) {
            throw in.error(at, "register " + name + " is declared twice");
        }
    }

    private void sharedDecl(Token at) {
        int align = 1;
        PtxType type = null;
        while (in.peek().kind() == Kind.WORD && in.peek().text().startsWith(".")) {
            Token m = in.next();
            if (m.is(".align")) {
                Token n = in.expect(Kind.NUMBER, "an alignment");
                Long a = Literals.integer(n.text(), false);
                if (a == null || a < 1 || Long.bitCount(a) != 1) {
                    throw in.error(n, "the alignment must be a power of two");
                }
                align = a.intValue();
            } else if (type == null && PtxType.of(m.text().substring(1)) != null) {
                type = PtxType.of(m.text().substring(1));
            } else {
                throw in.error(m, "unexpected " + m + " in a .shared declaration");
            }
        }
        Token name = in.expect(Kind.WORD, "the array name");
        if (type == null || type == PtxType.PRED) {
            throw in.error(name, "the .shared array " + name.text() + " needs an element type such as .b8");
        }
        long count = 1;
        if (in.accept("[")) {
            Token n = in.expect(Kind.NUMBER, "the number of elements");
            Long c = Literals.integer(n.text(), false);
            if (c == null || c < 1 || c > (1 << 30)) {
                throw in.error(n, "bad array size " + n.text());
            }
            count = c;
            in.expectPunct("]");
        }
        in.expectPunct(";");
        align = Math.max(align, type.bytes());
        long end = 0;
        for (PtxProgram.Shared s : shared.values()) {
            end = Math.max(end, s.address() + s.bytes());
        }
        long address = (end + align - 1) / align * align;
        if (shared.put(name.text(), new PtxProgram.Shared(name.text(), align, (int) (count * type.bytes()), address)) != null) {
            throw in.error(name, "shared array " + name.text() + " is declared twice");
        }
    }

    private RawInsn instruction() {
        Token first = in.peek();
        String guard = null;
        boolean neg = false;
        int guardColumn = 0;
        if (in.accept("@")) {
            neg = in.accept("!");
            Token g = in.expect(Kind.WORD, "a predicate register");
            guard = g.text();
            guardColumn = g.column();
        }
        Token op = in.expect(Kind.WORD, "an instruction");
        List<Raw> ops = new ArrayList<>();
        if (!in.peek().is(";")) {
            do {
                ops.add(operand());
            } while (in.accept(","));
        }
        in.expectPunct(";");
        String text = lines[first.line() - 1].strip();
        return new RawInsn(first.line(), first.column(), text, op.text(), guard, neg, guardColumn, ops);
    }

    private Raw operand() {
        Token t = in.next();
        if (t.is("[")) {
            Token b = in.next();
            RawInsn.Name base = null;
            long off = 0;
            if (b.kind() == Kind.WORD) {
                base = new RawInsn.Name(b.text(), b.line(), b.column());
            } else if (b.kind() == Kind.NUMBER) {
                off = offset(b, false);
            } else {
                throw in.error(b, "expected an address, found " + b);
            }
            if (in.accept("+")) {
                boolean neg = in.accept("-");
                off += offset(in.expect(Kind.NUMBER, "an offset"), neg);
            } else if (in.accept("-")) {
                off += offset(in.expect(Kind.NUMBER, "an offset"), true);
            }
            in.expectPunct("]");
            return new RawInsn.Mem(base, off, t.line(), t.column());
        }
        if (t.is("{")) {
            List<RawInsn.Name> names = new ArrayList<>();
            do {
                Token n = in.expect(Kind.WORD, "a register");
                names.add(new RawInsn.Name(n.text(), n.line(), n.column()));
            } while (in.accept(","));
            in.expectPunct("}");
            return new RawInsn.Vector(names, t.line(), t.column());
        }
        if (t.is("-")) {
            Token n = in.expect(Kind.NUMBER, "a number after '-'");
            return new RawInsn.Num(n.text(), true, t.line(), t.column());
        }
        if (t.kind() == Kind.NUMBER) {
            return new RawInsn.Num(t.text(), false, t.line(), t.column());
        }
        if (t.kind() == Kind.WORD) {
            RawInsn.Name n = new RawInsn.Name(t.text(), t.line(), t.column());
            if (in.accept("|")) {
                Token s = in.expect(Kind.WORD, "a predicate register");
                return new RawInsn.Pair(n, new RawInsn.Name(s.text(), s.line(), s.column()), t.line(), t.column());
            }
            return n;
        }
        throw in.error(t, "expected an operand, found " + t);
    }

    private long offset(Token n, boolean neg) {
        Long v = Literals.integer(n.text(), neg);
        if (v == null) {
            throw in.error(n, "bad address offset " + n.text());
        }
        return v;
    }
}
