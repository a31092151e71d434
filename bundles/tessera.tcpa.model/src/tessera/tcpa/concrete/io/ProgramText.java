package tessera.tcpa.concrete.io;

import java.util.ArrayList;
import java.util.List;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.tcpa.concrete.Branch;
import tessera.tcpa.concrete.BranchKind;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Instruction;

/**
 * The text form of one FU program as seed 003 §6.3 prints it: one {@code (functional instruction, branch)} pair per
 * line, {@code [label:] mnemonic dest srcA srcB / branch} with branch ∈ {@code next}, {@code goto L}, {@code halt},
 * {@code if cs1, …, csN jmp L(2^N−1), …, L(0)}; {@code //} starts a comment.
 */
public final class ProgramText {
    private ProgramText() {
    }

    /** Parses program text; problems go to {@code diagnostics} with the file and line (1-based, plus firstLine). */
    public static FuProgram parse(String fu, String text, String file, int firstLine, Diagnostics diagnostics) {
        FuProgram p = ConcreteFactory.eINSTANCE.createFuProgram();
        p.setFu(fu);
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            int line = firstLine + n;
            String l = lines[n];
            int comment = l.indexOf("//");
            l = (comment >= 0 ? l.substring(0, comment) : l).trim();
            if (l.isEmpty()) {
                continue;
            }
            Instruction in = ConcreteFactory.eINSTANCE.createInstruction();
            int colon = l.indexOf(':');
            if (colon > 0 && l.substring(0, colon).trim().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                in.setLabel(l.substring(0, colon).trim());
                l = l.substring(colon + 1).trim();
            }
            int slash = l.indexOf('/');
            if (slash < 0) {
                diagnostics.add(Diagnostic.error(file, line, fu + ": instruction '" + l + "' has no branch part",
                        "write 'instr dest srcA srcB / next' (or goto L, halt, if cs1 jmp L1, L0)"));
                continue;
            }
            String[] words = l.substring(0, slash).trim().split("[\\s,]+");
            if (words.length == 0 || words[0].isEmpty()) {
                diagnostics.add(Diagnostic.error(file, line, fu + ": missing instruction before '/'", "write nop for an empty slot"));
                continue;
            }
            in.setMnemonic(words[0]);
            for (int k = 1; k < words.length; k++) {
                in.getOperands().add(words[k]);
            }
            Branch b = parseBranch(l.substring(slash + 1).trim(), fu, file, line, diagnostics);
            if (b != null) {
                in.setBranch(b);
                p.getInstructions().add(in);
            }
        }
        return p;
    }

    private static Branch parseBranch(String text, String fu, String file, int line, Diagnostics diagnostics) {
        Branch b = ConcreteFactory.eINSTANCE.createBranch();
        String[] w = text.split("\\s+", 2);
        switch (w[0]) {
            case "next" -> b.setKind(BranchKind.NEXT);
            case "halt" -> b.setKind(BranchKind.HALT);
            case "goto" -> {
                b.setKind(BranchKind.GOTO);
                if (w.length < 2 || w[1].isBlank() || w[1].trim().contains(" ")) {
                    diagnostics.add(Diagnostic.error(file, line, fu + ": 'goto' needs exactly one label", "write goto q2"));
                    return null;
                }
                b.getTargets().add(w[1].trim());
            }
            case "if" -> {
                b.setKind(BranchKind.IF);
                String rest = w.length > 1 ? w[1] : "";
                int jmp = rest.indexOf(" jmp ");
                if (jmp < 0) {
                    diagnostics.add(Diagnostic.error(file, line, fu + ": 'if' needs 'jmp'", "write if cs1 jmp q3, q2"));
                    return null;
                }
                for (String s : rest.substring(0, jmp).split("[\\s,]+")) {
                    if (!s.isBlank()) {
                        b.getSignals().add(s);
                    }
                }
                for (String t : rest.substring(jmp + 5).split("[\\s,]+")) {
                    if (!t.isBlank()) {
                        b.getTargets().add(t);
                    }
                }
                if (b.getSignals().isEmpty() || b.getTargets().size() != 1 << b.getSignals().size()) {
                    diagnostics.add(Diagnostic.error(file, line,
                            fu + ": 'if' with " + b.getSignals().size() + " signal(s) needs " + (1 << b.getSignals().size())
                                    + " targets, found " + b.getTargets().size(),
                            "list the targets for codes 2^N−1 down to 0, e.g. if cs1 jmp q3, q2"));
                    return null;
                }
            }
            default -> {
                diagnostics.add(Diagnostic.error(file, line, fu + ": unknown branch '" + text + "'",
                        "use next, goto L, halt or if cs1 jmp L1, L0"));
                return null;
            }
        }
        return b;
    }

    /** One instruction as printed in listings: {@code mnemonic dest srcA srcB / branch}. */
    public static String instruction(Instruction in) {
        StringBuilder sb = new StringBuilder(in.getMnemonic());
        for (String o : in.getOperands()) {
            sb.append(' ').append(o);
        }
        return sb.append(" / ").append(branch(in.getBranch())).toString();
    }

    public static String branch(Branch b) {
        if (b == null) {
            return "?";
        }
        return switch (b.getKind()) {
            case NEXT -> "next";
            case HALT -> "halt";
            case GOTO -> "goto " + String.join("", b.getTargets());
            case IF -> "if " + String.join(", ", b.getSignals()) + " jmp " + String.join(", ", b.getTargets());
        };
    }

    /** The program in the text form {@link #parse} reads, labels aligned as in §6.3. */
    public static String print(FuProgram p, String indent) {
        int width = 0;
        for (Instruction in : p.getInstructions()) {
            width = Math.max(width, in.getLabel() == null ? 0 : in.getLabel().length() + 2);
        }
        List<String> out = new ArrayList<>();
        for (Instruction in : p.getInstructions()) {
            String label = in.getLabel() == null || in.getLabel().isEmpty() ? "" : in.getLabel() + ": ";
            out.add(indent + label + " ".repeat(width - label.length()) + instruction(in));
        }
        return String.join("\n", out) + (out.isEmpty() ? "" : "\n");
    }
}
