package tessera.sass.ide;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.xtext.ide.editor.syntaxcoloring.IHighlightedPositionAcceptor;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.LineSpan;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.Range;
import tessera.regdem.sass.SassProgram;
import tessera.sass.lang.SassAnalysis;

/**
 * Colours from tessera.regdem's token ranges: control codes, guards, opcodes (by class: memory, branch, other),
 * registers, predicates, constants, special registers, names, immediates, labels and header lines. The last id of
 * each position is the style the editor bridge draws ("keyword", "number" or a semantic id).
 */
public class SassSemanticHighlightingCalculator implements ISemanticHighlightingCalculator {
    public static final String CONTROL = "sass.control";
    public static final String GUARD = "sass.predicate";
    public static final String OPCODE = "keyword";
    public static final String MEMORY_OPCODE = "sass.memory.definition";
    public static final String BRANCH_OPCODE = "sass.branch.definition";
    public static final String REGISTER = "sass.register";
    public static final String PREDICATE = "sass.predicate";
    public static final String CONSTANT = "sass.constant.param";
    public static final String SPECIAL = "sass.special";
    public static final String NAME = "sass.name.param";
    public static final String IMMEDIATE = "number";
    public static final String LABEL = "sass.label.definition";
    public static final String HEADER = "sass.header";
    public static final String COMMENT = "comment";
    public static final String STRING = "string";

    /** cuobjdump addresses and encodings, and the strings of a JSON constant mapping (the grammar leaves them as tokens). */
    private static final Pattern ENCODING = Pattern.compile("/\\*.*?\\*/");
    private static final Pattern JSON_STRING = Pattern.compile("\"(\\\\.|[^\"\\\\])*\"");

    @Override
    public void provideHighlightingFor(XtextResource resource, IHighlightedPositionAcceptor acceptor,
            CancelIndicator cancel) {
        if (resource == null || resource.getParseResult() == null) {
            return;
        }
        SassAnalysis a = SassAnalysis.of(resource);
        for (int i = 0; i < a.program().lines().size(); i++) {
            if (cancel != null && cancel.isCanceled()) {
                return;
            }
            Line l = a.program().lines().get(i);
            LineSpan s = a.span(i);
            if (l instanceof Line.Instr ins) {
                add(acceptor, s.ctrl(), CONTROL);
                add(acceptor, s.guard(), GUARD);
                add(acceptor, s.opcode(), opcodeStyle(ins.opcode()));
                for (int k = 0; k < s.operands().size() && k < ins.operands().size(); k++) {
                    add(acceptor, s.operands().get(k), operandStyle(ins.operands().get(k)));
                }
            } else if (l instanceof Line.Label) {
                add(acceptor, s.label(), LABEL);
            } else if (l instanceof Line.HeaderLine) {
                add(acceptor, s.line(), HEADER);
            } else if (l instanceof Line.ConstBlock) {
                matches(acceptor, a.text(), s.line(), JSON_STRING, STRING);
            } else if (l instanceof Line.Text t && (t.kind() == Line.Text.Kind.CUOBJ_META
                    || t.kind() == Line.Text.Kind.CUOBJ_CTRL)) {
                add(acceptor, s.line(), COMMENT);
            }
            if (l instanceof Line.Instr && a.program().dialect() != SassProgram.Dialect.MAXAS) {
                matches(acceptor, a.text(), s.line(), ENCODING, COMMENT);
            }
        }
    }

    static String opcodeStyle(String opcode) {
        return switch (Isa.classOf(opcode)) {
            case GMEM, SMEM, LMEM -> MEMORY_OPCODE;
            case BRANCH, CONTROL -> BRANCH_OPCODE;
            default -> OPCODE;
        };
    }

    static String operandStyle(Operand o) {
        return switch (o) {
            case Operand.Reg r -> REGISTER;
            case Operand.Pred p -> PREDICATE;
            case Operand.Const c -> CONSTANT;
            case Operand.SpecialReg sr -> SPECIAL;
            case Operand.Imm im -> IMMEDIATE;
            case Operand.Mem m -> REGISTER;
            case Operand.Name n -> NAME;
            case Operand.Raw r -> NAME;
        };
    }

    private static void matches(IHighlightedPositionAcceptor acceptor, String text, Range in, Pattern p, String id) {
        Matcher m = p.matcher(text).region(in.offset(), Math.min(text.length(), in.end()));
        while (m.find()) {
            acceptor.addPosition(m.start(), m.end() - m.start(), id);
        }
    }

    private static void add(IHighlightedPositionAcceptor acceptor, Range r, String id) {
        if (r.isPresent() && r.length() > 0) {
            acceptor.addPosition(r.offset(), r.length(), id);
        }
    }
}
