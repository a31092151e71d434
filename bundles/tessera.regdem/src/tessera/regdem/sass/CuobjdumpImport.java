package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts a parsed {@code cuobjdump -sass} listing into the maxas dialect the transformations print: a header,
 * labels {@code TARGETn} at branch targets (absolute addresses become label names), instructions without addresses
 * and encodings. Transformed code cannot be re-encoded without an assembler, so RegDem output is always maxas text.
 */
public final class CuobjdumpImport {
    private CuobjdumpImport() {
    }

    public static SassProgram toMaxas(SassProgram p) {
        if (p.dialect() == SassProgram.Dialect.MAXAS) {
            return p;
        }
        Map<Long, String> labels = new LinkedHashMap<>();
        for (Line.Instr i : p.instructions()) {
            if (isBranch(i)) {
                for (Operand o : i.operands()) {
                    if (o instanceof Operand.Imm im && !im.isFloat()) {
                        labels.putIfAbsent(im.value(), "TARGET" + (labels.size() + 1));
                    }
                }
            }
        }
        List<Line> out = new ArrayList<>();
        out.add(new Line.HeaderLine("Kernel", p.kernelName().orElse("kernel"), null));
        out.add(new Line.HeaderLine("Arch", p.arch().orElse("sm_52"), null));
        out.add(new Line.HeaderLine("SharedSize", "0", null));
        out.add(new Line.Text(Line.Text.Kind.BLANK, ""));
        for (Line l : p.lines()) {
            if (l instanceof Line.Label lb) {
                out.add(Line.Label.of(lb.name()));
            } else if (l instanceof Line.Instr i) {
                String lab = labels.get(i.address());
                if (lab != null) {
                    out.add(Line.Label.of(lab));
                }
                Line.Instr n = i.asMaxas();
                if (isBranch(i)) {
                    List<Operand> ops = new ArrayList<>();
                    for (Operand o : i.operands()) {
                        if (o instanceof Operand.Imm im && labels.containsKey(im.value())) {
                            ops.add(new Operand.Name(labels.get(im.value())));
                        } else if (o instanceof Operand.Raw r && r.text().startsWith("`(")) {
                            ops.add(new Operand.Name(r.text().substring(2, r.text().length() - 1)));
                        } else {
                            ops.add(o);
                        }
                    }
                    n = n.withOperands(ops);
                }
                out.add(n);
            }
        }
        return new SassProgram(SassProgram.Dialect.MAXAS, out);
    }

    private static boolean isBranch(Line.Instr i) {
        return switch (i.opcode()) {
            case "BRA", "SSY", "PBK", "PCNT", "CAL", "JCAL", "BSSY" -> true;
            default -> false;
        };
    }
}
