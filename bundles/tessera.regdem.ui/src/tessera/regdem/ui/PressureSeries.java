package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;

import tessera.regdem.analysis.Liveness;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * Register pressure per instruction (live registers after it plus what it defines, {@link Liveness#pressure}) of the
 * original kernel and of a variant, on the original kernel's instruction axis: RegDem only inserts demote code (tagged
 * instructions) and renames registers, so the variant's untagged instructions are the original ones in order. The
 * inserted instructions are counted per position (drawn as ticks).
 *
 * @param original       pressure at original instruction i
 * @param variant        pressure at the variant's copy of original instruction i (null when not aligned)
 * @param maxInserted    highest pressure among the demote instructions inserted before original instruction i (0 if none)
 * @param insertedBefore number of demote instructions inserted right before original instruction i (the prologue too)
 * @param loopDepth      natural-loop nesting depth of original instruction i
 * @param lineOf         program line index of original instruction i (for labels and tooltips)
 */
public record PressureSeries(int[] original, int[] variant, int[] maxInserted, int[] insertedBefore, int[] loopDepth,
        int[] lineOf, int originalRegisters, int variantRegisters, String note) {

    public int size() {
        return original.length;
    }

    public static PressureSeries of(RegdemAnalysis.Detail orig, RegdemAnalysis.Detail var) {
        List<Integer> lines = instructionLines(orig.program());
        int n = lines.size();
        int[] o = new int[n];
        int[] depth = new int[n];
        int[] lineOf = new int[n];
        for (int i = 0; i < n; i++) {
            int li = lines.get(i);
            o[i] = orig.liveness().pressure(li);
            int b = orig.cfg().blockOf(li);
            depth[i] = b >= 0 ? orig.cfg().loopDepth(b) : 0;
            lineOf[i] = li;
        }
        int[] v = new int[n];
        int[] maxIns = new int[n];
        int[] ins = new int[n];
        String note = "";
        List<Line> vl = var.program().lines();
        int k = 0;
        boolean aligned = true;
        for (int li = 0; li < vl.size(); li++) {
            if (!(vl.get(li) instanceof Line.Instr x)) {
                continue;
            }
            int p = var.liveness().pressure(li);
            if (x.tag() != null) {
                if (k < n) {
                    ins[k]++;
                    maxIns[k] = Math.max(maxIns[k], p);
                }
                continue;
            }
            if (k >= n || !((Line.Instr) orig.program().lines().get(lines.get(k))).opcode().equals(x.opcode())) {
                aligned = false;
                break;
            }
            v[k++] = p;
        }
        if (k != n) {
            aligned = false;
        }
        if (!aligned) {
            note = "the variant's original instructions are not in the original order: its curve is not drawn";
        }
        return new PressureSeries(o, aligned ? v : null, maxIns, ins, depth, lineOf, orig.variant().registers(),
                var.variant().registers(), note);
    }

    static List<Integer> instructionLines(SassProgram p) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < p.lines().size(); i++) {
            if (p.lines().get(i) instanceof Line.Instr) {
                l.add(i);
            }
        }
        return l;
    }

    public int maxOriginal() {
        int m = 0;
        for (int x : original) {
            m = Math.max(m, x);
        }
        return m;
    }

    public int maxVariant() {
        int m = 0;
        if (variant != null) {
            for (int x : variant) {
                m = Math.max(m, x);
            }
        }
        for (int x : maxInserted) {
            m = Math.max(m, x);
        }
        return m;
    }
}
