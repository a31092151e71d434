package tessera.regdem.analysis;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Multi-word registers (seed §3.1(3), digest P12): aligned pairs and quadruples used by 64/128-bit operations,
 * 64-bit addresses and carry chains ({@code .CC} then {@code .X} one register higher). A reference to R8 as a double
 * uses R9 too. The widest use of each lead wins.
 */
public final class RegisterUnits {
    private final TreeMap<Integer, Integer> width = new TreeMap<>();
    private final BitSet used = new BitSet();
    private final List<String> misaligned = new ArrayList<>();

    private RegisterUnits() {
    }

    public static RegisterUnits analyze(SassProgram p) {
        RegisterUnits u = new RegisterUnits();
        List<Line.Instr> code = p.instructions();
        for (int k = 0; k < code.size(); k++) {
            Line.Instr ins = code.get(k);
            Isa.Info info = Isa.info(ins);
            List<Isa.RegRef> refs = new ArrayList<>(info.reads());
            refs.addAll(info.writes());
            for (Isa.RegRef r : refs) {
                for (int x : r.regs()) {
                    u.used.set(x);
                }
                if (r.width() > 1) {
                    if (r.reg() % r.width() != 0) {
                        u.misaligned.add(ins.fullOpcode() + " R" + r.reg() + " (width " + r.width() + ")");
                    }
                    u.width.merge(r.reg(), r.width(), Math::max);
                }
            }
            // Carry chain: X.CC = ...; later Y.X with Y = X + 1 forms a 64-bit pair.
            if (info.writesCC() && !info.writes().isEmpty()) {
                int lo = info.writes().get(0).reg();
                for (int j = k + 1; j < code.size(); j++) {
                    Isa.Info nx = Isa.info(code.get(j));
                    if (nx.readsCC()) {
                        if (!nx.writes().isEmpty() && nx.writes().get(0).reg() == lo + 1 && lo % 2 == 0) {
                            u.width.merge(lo, 2, Math::max);
                        }
                        break;
                    }
                    if (nx.writesCC()) {
                        break;
                    }
                }
            }
        }
        // A narrower unit inside a wider one belongs to the wider one.
        List<Integer> leads = new ArrayList<>(u.width.keySet());
        for (int lead : leads) {
            Integer w = u.width.get(lead);
            if (w == null) {
                continue;
            }
            for (int x = lead + 1; x < lead + w; x++) {
                u.width.remove(x);
            }
        }
        return u;
    }

    /** Width (1, 2 or 4) of the unit a register belongs to, and its lead register. */
    public int widthOf(int reg) {
        return width.getOrDefault(leadOf(reg), 1);
    }

    public int leadOf(int reg) {
        var e = width.floorEntry(reg);
        if (e != null && reg < e.getKey() + e.getValue()) {
            return e.getKey();
        }
        return reg;
    }

    /** Leads of multi-word units with their widths. */
    public TreeMap<Integer, Integer> multiWord() {
        return new TreeMap<>(width);
    }

    /** Registers that are part of a multi-word value (excluded from single-word demotion, digest §3.4). */
    public BitSet nonSingle() {
        BitSet b = new BitSet();
        width.forEach((lead, w) -> b.set(lead, lead + w));
        return b;
    }

    /** All GPRs referenced (explicitly or as implied words of a wide operand). */
    public BitSet used() {
        return (BitSet) used.clone();
    }

    public List<String> misaligned() {
        return misaligned;
    }

    /** Highest register number + 1 (the hardware register count, seed §3.1(5)); 0 when no GPR is used. */
    public static int registerCount(SassProgram p) {
        BitSet u = analyze(p).used();
        return u.isEmpty() ? 0 : u.length();
    }

    /**
     * Registers the kernel really allocates: {@link #registerCount} plus what the original's {@code # RegCnt} header
     * (the cubin's or ptxas's count, written by the import) says beyond its highest register — on sm_70+ nvcc's ABI
     * keeps 2 registers above the highest one named in the listing (corpus data/nvcc). {@code original} is the
     * program the header belongs to; {@code count} a {@link #registerCount} of it or of a variant made from it.
     */
    public static int allocated(SassProgram original, int count) {
        int named = registerCount(original);
        int header = original.header("RegCnt").map(v -> {
            try {
                return Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                return -1;
            }
        }).orElse(-1);
        return count + Math.max(0, header - named);
    }

    /** Highest GPR number used by an instruction, or -1 (RZ excluded). */
    public static int highest(Line.Instr i) {
        int h = -1;
        for (Operand o : i.operands()) {
            if (o instanceof Operand.Reg r && r.isGpr()) {
                h = Math.max(h, r.num());
            }
        }
        return h;
    }
}
