package tessera.regdem.isa;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * What an instruction reads and writes, its class for the predictor and its latency kind (digest §4.2 opcode table,
 * maxas conventions [EXT]). The one place that knows SASS operand semantics; analyses, passes, the simulator and
 * the checker all ask here.
 */
public final class Isa {
    private Isa() {
    }

    /** Predictor classes of the paper's tool (digest §4.2 "Types used by the predictor"). */
    public enum InstrClass { X32, X64, QTR, GMEM, SMEM, LMEM, SHFT, CMP, S2R, RRO, VOTE, BRANCH, CONTROL }

    public enum MemSpace { NONE, GLOBAL, SHARED, LOCAL, CONSTANT }

    /** A register reference: lead register, width in words, operand position (-1 for implicit), role. */
    public record RegRef(int reg, int width, int operand, Role role) {
        public enum Role { DATA, ADDRESS, CONST_INDEX }

        /** Registers covered (lead .. lead+width-1). */
        public int[] regs() {
            int[] r = new int[width];
            for (int i = 0; i < width; i++) {
                r[i] = reg + i;
            }
            return r;
        }

        public boolean covers(int r) {
            return r >= reg && r < reg + width;
        }
    }

    /** Semantics of one instruction. Predicate numbers are 0..6 (PT never appears). */
    public record Info(InstrClass cls, MemSpace mem, boolean load, boolean store, boolean variableLatency,
            List<RegRef> reads, List<RegRef> writes, List<Integer> predReads, List<Integer> predWrites,
            boolean readsCC, boolean writesCC) {

        public boolean reads(int r) {
            return reads.stream().anyMatch(x -> x.covers(r));
        }

        public boolean writes(int r) {
            return writes.stream().anyMatch(x -> x.covers(r));
        }

        public boolean references(int r) {
            return reads(r) || writes(r);
        }

        /** Every register read, expanded to single words. */
        public List<Integer> readRegs() {
            return words(reads);
        }

        /** Every register written, expanded to single words. */
        public List<Integer> writeRegs() {
            return words(writes);
        }

        private static List<Integer> words(List<RegRef> refs) {
            List<Integer> l = new ArrayList<>();
            for (RegRef x : refs) {
                for (int r : x.regs()) {
                    if (!l.contains(r)) {
                        l.add(r);
                    }
                }
            }
            return l;
        }
    }

    static final Set<String> JUMPS = Set.of("BRA", "BRX", "JMP", "JMX", "BRK", "CONT", "SYNC", "RET", "EXIT", "CAL",
            "JCAL", "CALL", "KIL");
    static final Set<String> CONTROL = Set.of("SSY", "PBK", "PCNT", "PRET", "PEXIT", "NOP", "DEPBAR", "BAR", "MEMBAR",
            "WARPSYNC", "BSSY", "BSYNC", "YIELD");
    static final Set<String> STORES = Set.of("ST", "STG", "STS", "STL", "RED", "SUST");
    static final Set<String> LOADS = Set.of("LD", "LDG", "LDS", "LDL", "LDC", "ATOM", "ATOMS", "TLD", "TEX", "TEXS",
            "TLDS", "TLD4", "SULD", "SHFL");
    static final Set<String> SETP = Set.of("ISETP", "FSETP", "DSETP", "PSETP", "HSETP2");
    static final Set<String> X64 = Set.of("DADD", "DFMA", "DMUL");
    static final Set<String> D_OPS = Set.of("DADD", "DFMA", "DMUL", "DMNMX", "DSET", "DSETP");
    static final Set<String> QTR = Set.of("MUFU", "F2F", "F2I", "I2F", "I2I");
    static final Set<String> CMP = Set.of("ISETP", "FSETP", "DSETP", "PSETP", "ISET", "FSET", "DSET", "ICMP", "FCMP",
            "IMNMX", "FMNMX", "DMNMX", "CSET", "CSETP", "PSET");
    static final Set<String> SHFT = Set.of("SHL", "SHR", "SHF", "BFE", "BFI");
    static final Set<String> VAR_ALU = Set.of("S2R", "MUFU", "F2F", "F2I", "I2F", "I2I", "DADD", "DMUL", "DFMA",
            "DMNMX", "DSET", "DSETP", "POPC", "FLO", "BREV");

    /** Fixed ALU latency in cycles a dependent instruction must wait (Maxwell, maxas [EXT]). */
    public static final int FIXED_LATENCY = 6;

    public static boolean isJump(Line.Instr i) {
        return JUMPS.contains(i.opcode());
    }

    /** Control-flow instructions after which a new basic block starts (digest §4.3 leaders, unified per P7). */
    public static boolean endsBlock(Line.Instr i) {
        return JUMPS.contains(i.opcode());
    }

    /** Instructions at which a barrier tracker is reset (paper: "jump or label"). */
    public static boolean resetsTracker(Line.Instr i) {
        return JUMPS.contains(i.opcode()) || i.opcode().equals("SSY") || i.opcode().equals("PBK")
                || i.opcode().equals("PCNT");
    }

    public static MemSpace memSpace(String op) {
        return switch (op) {
            case "LD", "ST", "LDG", "STG", "ATOM", "RED" -> MemSpace.GLOBAL;
            case "LDS", "STS", "ATOMS" -> MemSpace.SHARED;
            case "LDL", "STL" -> MemSpace.LOCAL;
            case "LDC" -> MemSpace.CONSTANT;
            default -> MemSpace.NONE;
        };
    }

    public static InstrClass classOf(String op) {
        if (JUMPS.contains(op)) {
            return InstrClass.BRANCH;
        }
        if (X64.contains(op)) {
            return InstrClass.X64;
        }
        if (QTR.contains(op)) {
            return InstrClass.QTR;
        }
        return switch (op) {
            case "LD", "ST", "LDG", "STG", "LDC", "ATOM", "RED", "TLD", "TEX", "TEXS", "TLDS", "TLD4", "SULD", "SUST",
                    "BAR", "DEPBAR" -> InstrClass.GMEM;
            case "LDS", "STS", "ATOMS", "SHFL" -> InstrClass.SMEM;
            case "LDL", "STL" -> InstrClass.LMEM;
            case "S2R", "CS2R" -> InstrClass.S2R;
            case "RRO" -> InstrClass.RRO;
            case "VOTE" -> InstrClass.VOTE;
            default -> CONTROL.contains(op) ? InstrClass.CONTROL
                    : CMP.contains(op) ? InstrClass.CMP : SHFT.contains(op) ? InstrClass.SHFT : InstrClass.X32;
        };
    }

    /** Variable-latency instructions signal completion through barriers; the rest have a fixed latency. */
    public static boolean isVariableLatency(String op) {
        return VAR_ALU.contains(op) || STORES.contains(op) || LOADS.contains(op) || op.equals("ATOM")
                || op.equals("ATOMS");
    }

    /** Width (words) of a type modifier such as F64/S32/U64, or 0 if not a type. */
    private static int typeWidth(String m) {
        if (m.matches("[FSU](8|16|32|64)")) {
            return m.endsWith("64") ? 2 : 1;
        }
        return 0;
    }

    /** Data width of a memory instruction from its size modifier (.64, .128). */
    public static int memWidth(Line.Instr i) {
        if (i.hasMod("128")) {
            return 4;
        }
        if (i.hasMod("64")) {
            return 2;
        }
        return 1;
    }

    /** Whether the memory address is a 64-bit register pair ({@code .E} on Maxwell, {@code Rn.64} on Volta+). */
    static boolean wideAddress(Line.Instr i, Operand.Reg base) {
        if (base.hasExt("64")) {
            return true;
        }
        MemSpace s = memSpace(i.opcode());
        return (s == MemSpace.GLOBAL) && i.hasMod("E");
    }

    public static Info info(Line.Instr i) {
        String op = i.opcode();
        List<RegRef> reads = new ArrayList<>();
        List<RegRef> writes = new ArrayList<>();
        List<Integer> predReads = new ArrayList<>();
        List<Integer> predWrites = new ArrayList<>();
        if (i.guard() != null && i.guard().num() != Operand.Pred.PT && !i.guard().uniform()) {
            predReads.add(i.guard().num());
        }
        boolean store = STORES.contains(op);
        boolean load = LOADS.contains(op);
        boolean noDest = store || JUMPS.contains(op) || CONTROL.contains(op) || op.equals("R2P");
        boolean setpLike = SETP.contains(op) || PRED_PAIR_DEST.contains(op);
        int dataWidth = (store || load) ? memWidth(i) : 1;
        int destWidth = 1;
        int srcWidth = 1;
        if (D_OPS.contains(op)) {
            destWidth = op.equals("DSETP") ? 1 : 2;
            srcWidth = 2;
        } else if (QTR.contains(op) && !op.equals("MUFU")) {
            int[] w = conversionWidths(i);
            destWidth = w[0];
            srcWidth = w[1];
        } else if (load) {
            destWidth = dataWidth;
        } else if (op.equals("IMAD") && i.hasMod("WIDE")) {
            destWidth = 2;
        } else if (op.equals("CS2R") && !i.hasMod("32")) {
            destWidth = 2; // CS2R R4, SRZ / SR_CLOCKLO writes the pair R4:R5 [cuobjdump sm_70+]
        } else if (op.equals("LDSM")) {
            destWidth = ldsmWidth(i);
        } else if (op.equals("HMMA")) {
            destWidth = mma(i)[0];
        }
        boolean writesCC = false;
        // Destinations come first: predicates and the one GPR destination, in any order (IADD3 R2, P1, ...;
        // LOP3.LUT P0, R6, ...; SHFL.DOWN PT, R5, ...); the first other operand starts the sources, so a predicate
        // after a source is read (SEL R2, R2, R3, P0; IADD3.X ..., P0, !PT) [cuobjdump sm_70+, maxas].
        boolean destDone = noDest || PRED_ONLY_DEST.contains(op);
        boolean inDestPrefix = !noDest && !setpLike;
        int src = -1; // index of the current source operand (non-predicate operands after the destination)
        List<Operand> ops = i.operands();
        for (int k = 0; k < ops.size(); k++) {
            Operand o = ops.get(k);
            if (o instanceof Operand.Pred p) {
                boolean pw = setpLike ? k < 2 : op.equals("VOTE") ? k < ops.size() - 1 : inDestPrefix;
                if (p.num() != Operand.Pred.PT && !p.uniform()) {
                    (pw ? predWrites : predReads).add(p.num());
                }
                if (setpLike && k == 1) {
                    destDone = true;
                }
                continue;
            }
            if (o instanceof Operand.Reg r && !destDone) {
                destDone = true;
                if (r.isGpr()) {
                    writes.add(new RegRef(r.num(), destWidth, k, RegRef.Role.DATA));
                }
                if (r.hasExt("CC")) {
                    writesCC = true;
                }
                continue;
            }
            inDestPrefix = false;
            src++;
            if (o instanceof Operand.Reg r) {
                if (r.isGpr()) {
                    int w = store ? dataWidth : sourceWidth(i, src, srcWidth);
                    if (op.equals("ATOM") || op.equals("ATOMS")) {
                        w = dataWidth;
                    }
                    reads.add(new RegRef(r.num(), w, k, RegRef.Role.DATA));
                }
                continue;
            }
            destDone = true; // first operand is not a register: no GPR destination
            if (o instanceof Operand.Mem m && m.base() != null && m.base().isGpr()) {
                reads.add(new RegRef(m.base().num(), wideAddress(i, m.base()) ? 2 : 1, k, RegRef.Role.ADDRESS));
            } else if (o instanceof Operand.Const c && c.index() != null && c.index().isGpr()) {
                reads.add(new RegRef(c.index().num(), 1, k, RegRef.Role.CONST_INDEX));
            }
        }
        boolean readsCC = i.hasMod("X");
        return new Info(classOf(op), memSpace(op), load, store, isVariableLatency(op), List.copyOf(reads),
                List.copyOf(writes), List.copyOf(predReads), List.copyOf(predWrites), readsCC, writesCC);
    }

    /** Instructions whose first two operands are predicate destinations, like the SETPs: PLOP3.LUT P1, PT, P1, P3, PT. */
    static final Set<String> PRED_PAIR_DEST = Set.of("PLOP3");
    /** Instructions whose only destination is a predicate: FCHK P0, R1, R2 (division range check) [sm_70+]. */
    static final Set<String> PRED_ONLY_DEST = Set.of("FCHK");

    /**
     * Width of the {@code src}-th source operand (operands after the destination, predicates not counted) when it
     * differs from the instruction's default: the 64-bit addend of {@code IMAD.WIDE Rd, Ra, Rb, Rc}, the return
     * address pair of {@code RET.REL.NODEC R4 0x0} (CALL loads R4:R5, see the HFMA2/MOV of R5 before each RET),
     * the A/B/C fragments of {@code HMMA}.
     */
    static int sourceWidth(Line.Instr i, int src, int dflt) {
        return switch (i.opcode()) {
            // IMAD.WIDE and IMAD.HI add a 64-bit Rc:Rc+1 (IMAD.HI.U32 R7, R7, R9, R6 = R7 + umulhi, R6:R7; corpus math64)
            case "IMAD" -> (i.hasMod("WIDE") || i.hasMod("HI")) && src == 2 ? 2 : dflt;
            case "RET" -> src == 0 ? 2 : dflt;
            case "HMMA" -> src <= 2 ? mma(i)[src + 1] : dflt;
            default -> dflt;
        };
    }

    /**
     * Registers per thread of {@code HMMA.<m><n><k>.<D type>[.<A/B type>]} fragments, {D, A, B, C}: for m16 shapes
     * (sm_75+), A holds m·k, B k·n, C/D m·n elements spread over 32 threads; 16-bit A/B elements unless {@code TF32},
     * F32 accumulators unless the D type is F16 (PTX ISA, "Matrix fragments for mma.m16n8k16"/"m16n8k8").
     * Other shapes (Volta's 884) are not modelled: one register each.
     */
    static int[] mma(Line.Instr i) {
        if (i.mods().isEmpty() || !i.mods().get(0).matches("16\\d{2,3}")) {
            return new int[] {1, 1, 1, 1};
        }
        String shape = i.mods().get(0);
        int m = 16;
        int n = shape.charAt(2) - '0';
        int k = Integer.parseInt(shape.substring(3));
        int abBits = i.hasMod("TF32") ? 32 : 16;
        int cdBits = i.mods().size() > 1 && i.mods().get(1).equals("F16") ? 16 : 32;
        int a = Math.max(1, m * k * abBits / 32 / 32);
        int b = Math.max(1, k * n * abBits / 32 / 32);
        int cd = Math.max(1, m * n * cdBits / 32 / 32);
        return new int[] {cd, a, b, cd};
    }

    /** {@code LDSM.16.M88.4} loads 4 registers, {@code .2} two, otherwise one (ldmatrix .x4/.x2/.x1) [sm_75+]. */
    static int ldsmWidth(Line.Instr i) {
        return i.hasMod("4") ? 4 : i.hasMod("2") ? 2 : 1;
    }

    /**
     * {destination, source} widths of a conversion. Two type modifiers are destination then source
     * ({@code F2F.F32.F64}). With one, cuobjdump for sm_70+ omits the default type: an integer type names the integer
     * side ({@code I2F.U64.RP R4, R6} reads R6:R7, {@code F2I.U64.TRUNC R10, R10} writes R10:R11), a float type the
     * float side ({@code I2F.F64} writes a pair, {@code F2I.F64.TRUNC} reads one).
     */
    static int[] conversionWidths(Line.Instr i) {
        List<String> types = new ArrayList<>();
        for (String m : i.mods()) {
            if (typeWidth(m) > 0) {
                types.add(m);
            }
        }
        if (types.size() >= 2) {
            return new int[] {typeWidth(types.get(0)), typeWidth(types.get(1))};
        }
        if (types.isEmpty()) {
            return new int[] {1, 1};
        }
        String t = types.get(0);
        boolean floatType = t.startsWith("F");
        int w = typeWidth(t);
        return switch (i.opcode()) {
            case "I2F" -> floatType ? new int[] {w, 1} : new int[] {1, w};
            case "F2I" -> floatType ? new int[] {1, w} : new int[] {w, 1};
            default -> new int[] {w, 1};
        };
    }

    /** Register bank of a GPR (4 banks on Maxwell/Pascal: id mod 4, seed §3.4.1). */
    public static int bank(int reg, int banks) {
        return reg % banks;
    }
}
