package tessera.regdem.sass;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts one kernel of a parsed {@code cuobjdump -sass} listing into the maxas dialect the transformations print: a
 * header, labels {@code TARGETn} at branch, call and convergence targets (addresses of this function become label
 * names), instructions without addresses and encodings, and control codes without reuse bits (maxas spells operand
 * reuse as {@code .reuse} on the operand). Transformed code cannot be re-encoded without an assembler, so RegDem
 * output is always maxas text. A listing of several kernels is never converted as one program: addresses restart
 * at 0 in each {@code Function :} section; convert one {@link SassFunction} of {@link SassProgram#functions()}.
 */
public final class CuobjdumpImport {
    private CuobjdumpImport() {
    }

    /**
     * Converts a listing that holds one kernel (a maxas listing is returned as it is).
     *
     * @throws IllegalArgumentException when the listing holds several kernels
     */
    public static SassProgram toMaxas(SassProgram p) {
        if (p.dialect() == SassProgram.Dialect.MAXAS) {
            return p;
        }
        List<SassFunction> fs = CuobjdumpFunctions.split(p);
        if (fs.size() != 1) {
            throw new IllegalArgumentException("the listing holds " + fs.size() + " kernels ("
                    + CuobjdumpFunctions.names(fs) + "): convert one of SassProgram.functions()");
        }
        return toMaxas(fs.get(0));
    }

    /** Converts one kernel; branch targets outside the function stay addresses (the CFG reports them). */
    public static SassProgram toMaxas(SassFunction f) {
        SassProgram p = f.program();
        if (p.dialect() == SassProgram.Dialect.MAXAS) {
            return p;
        }
        Map<Long, String> labels = new LinkedHashMap<>();
        for (Line.Instr i : p.instructions()) {
            if (isBranch(i)) {
                for (Operand o : i.operands()) {
                    if (o instanceof Operand.Imm im && !im.isFloat() && f.addresses().containsKey(im.value())) {
                        labels.putIfAbsent(im.value(), "TARGET" + (labels.size() + 1));
                    }
                }
            }
        }
        List<Line> out = new ArrayList<>();
        out.add(new Line.HeaderLine("Kernel", f.name().isEmpty() ? "kernel" : f.name(), null));
        out.add(new Line.HeaderLine("Arch", f.arch().isEmpty() ? "sm_52" : f.arch(), null));
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
                ControlCode c = i.ctrl();
                Line.Instr n = i.asMaxas().withCtrl(new ControlCode(c.waitMask(), c.readBarrier(), c.writeBarrier(),
                        c.yield(), c.stall(), 0));
                if (isBranch(i)) {
                    List<Operand> ops = new ArrayList<>();
                    for (Operand o : i.operands()) {
                        if (o instanceof Operand.Imm im && !im.isFloat() && labels.containsKey(im.value())) {
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

    /** Instructions whose immediate operand is a code address: branches, calls, and reconvergence/break points. */
    static boolean isBranch(Line.Instr i) {
        return switch (i.opcode()) {
            case "BRA", "SSY", "PBK", "PCNT", "CAL", "JCAL", "CALL", "BSSY", "BREAK", "JMP" -> true;
            default -> false;
        };
    }
}
