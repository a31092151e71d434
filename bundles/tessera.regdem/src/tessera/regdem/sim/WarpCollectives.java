package tessera.regdem.sim;

import java.util.List;
import java.util.Set;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;

/**
 * The warp-collective instructions of Volta and later, executed once for the group of a warp's threads that reached
 * them together ({@link SassSimulator}'s warp model): SHFL (PTX ISA {@code shfl.sync}: source lane, clamp and
 * segment mask from c = {@code segmask << 8 | clamp}), VOTE/VOTEU (ANY/ALL/EQ, ballot into the register),
 * REDUX (SUM/AND/OR/XOR/MIN/MAX into a uniform register), WARPSYNC (a rendezvous only), and the tensor-core pair
 * LDSM ({@code ldmatrix.m8n8.x1/.x2/.x4[.trans].b16}) and HMMA ({@code mma.m16n8k16} / {@code mma.m16n8k8}
 * {@code .row.col.f32.f16.f16.f32} or {@code .bf16}) with the fragment layouts of the PTX ISA ("Matrix Fragments for
 * mma.m16n8k16 / mma.m16n8k8"). HMMA sums the exact half-precision products in double and rounds once to float:
 * the tensor core's internal accumulation order and rounding are not modelled.
 */
final class WarpCollectives {

    static final Set<String> OPCODES = Set.of("SHFL", "VOTE", "VOTEU", "REDUX", "MATCH", "WARPSYNC", "LDSM", "HMMA");

    private final LaunchState s;
    private final VoltaMemory memory;

    WarpCollectives(LaunchState s, VoltaMemory memory) {
        this.s = s;
        this.memory = memory;
    }

    /**
     * Executes {@code ins} for {@code group} (the participating threads in lane order); {@code lanes[l]} is the
     * warp's thread of lane l (null for lanes a partial warp lacks), whose registers SHFL may read.
     */
    void execute(Line.Instr ins, List<SimThread> group, SimThread[] lanes) {
        List<Operand> o = ins.operands();
        switch (ins.opcode()) {
            case "WARPSYNC" -> {
                // a rendezvous of the warp's threads; the scheduler already made them meet here
            }
            case "SHFL" -> shfl(ins, group, lanes);
            case "VOTE", "VOTEU" -> {
                boolean withReg = o.get(0) instanceof Operand.Reg;
                Operand pd = o.get(withReg ? 1 : 0);
                Operand src = o.get(withReg ? 2 : 1);
                int ballot = 0;
                int active = 0;
                for (SimThread t : group) {
                    active |= 1 << t.lane;
                    if (t.pred(src)) {
                        ballot |= 1 << t.lane;
                    }
                }
                String mode = ins.mods().isEmpty() ? "ANY" : ins.mods().get(0);
                boolean r = switch (mode) {
                    case "ANY" -> ballot != 0;
                    case "ALL" -> ballot == active;
                    case "EQ", "UNI" -> ballot == 0 || ballot == active;
                    default -> LaunchState.unsupported(ins.fullOpcode());
                };
                for (SimThread t : group) {
                    if (withReg) {
                        Operand.Reg d = (Operand.Reg) o.get(0);
                        t.set(d, d.num(), ballot);
                    }
                    t.setPred(pd, r);
                }
            }
            case "REDUX" -> {
                Operand.Reg d = (Operand.Reg) o.get(0);
                String op = ins.mods().isEmpty() ? "SUM" : ins.mods().get(0);
                boolean signed = ins.hasMod("S32");
                long acc = switch (op) {
                    case "AND" -> -1L;
                    case "MIN" -> signed ? Integer.MAX_VALUE : 0xffffffffL;
                    case "MAX" -> signed ? Integer.MIN_VALUE : 0;
                    default -> 0;
                };
                for (SimThread t : group) {
                    int v = s.src(t, o.get(1));
                    long x = signed ? v : v & 0xffffffffL;
                    acc = switch (op) {
                        case "SUM" -> acc + v;
                        case "AND" -> acc & v;
                        case "OR" -> acc | v;
                        case "XOR" -> acc ^ v;
                        case "MIN" -> Math.min(acc, x);
                        case "MAX" -> Math.max(acc, x);
                        default -> LaunchState.unsupported(ins.fullOpcode());
                    };
                }
                for (SimThread t : group) {
                    t.set(d, d.num(), (int) acc);
                }
            }
            case "LDSM" -> ldsm(ins, group, lanes);
            case "HMMA" -> hmma(ins, group, lanes);
            default -> LaunchState.unsupported(ins.fullOpcode() + " (warp-collective)");
        }
    }

    private void shfl(Line.Instr ins, List<SimThread> group, SimThread[] lanes) {
        List<Operand> o = ins.operands();
        Operand.Reg d = (Operand.Reg) o.get(1);
        int[] val = new int[32];
        for (int l = 0; l < 32; l++) {
            val[l] = lanes[l] == null ? 0 : s.src(lanes[l], o.get(2)); // read every lane before any write
        }
        String mode = ins.mods().get(0);
        int[] out = new int[group.size()];
        boolean[] ok = new boolean[group.size()];
        for (int k = 0; k < group.size(); k++) {
            SimThread t = group.get(k);
            int bval = s.src(t, o.get(3)) & 31;
            int c = s.src(t, o.get(4));
            int clamp = c & 31;
            int seg = c >> 8 & 31;
            int maxLane = (t.lane & seg) | (clamp & ~seg);
            int minLane = t.lane & seg;
            int j;
            boolean p;
            switch (mode) {
                case "UP" -> {
                    j = t.lane - bval;
                    p = j >= maxLane;
                }
                case "DOWN" -> {
                    j = t.lane + bval;
                    p = j <= maxLane;
                }
                case "BFLY" -> {
                    j = t.lane ^ bval;
                    p = j <= maxLane;
                }
                case "IDX" -> {
                    j = minLane | (bval & ~seg);
                    p = j <= maxLane;
                }
                default -> {
                    LaunchState.unsupported(ins.fullOpcode());
                    return;
                }
            }
            out[k] = val[p ? j : t.lane];
            ok[k] = p;
        }
        for (int k = 0; k < group.size(); k++) {
            SimThread t = group.get(k);
            t.set(d, d.num(), out[k]);
            t.setPred(o.get(0), ok[k]);
        }
    }

    private static void requireFullWarp(Line.Instr ins, List<SimThread> group) {
        if (group.size() != 32) {
            throw new SimulationException(ins.fullOpcode() + " needs all 32 lanes of the warp, " + group.size()
                    + " arrived");
        }
    }

    /** ldmatrix: lanes 8m..8m+7 give the row addresses of matrix m; lane i receives row i/4, columns 2(i%4)..+1. */
    private void ldsm(Line.Instr ins, List<SimThread> group, SimThread[] lanes) {
        requireFullWarp(ins, group);
        int n = ins.hasMod("4") ? 4 : ins.hasMod("2") ? 2 : 1;
        boolean trans = ins.hasMod("MT88");
        if (!ins.hasMod("16") || !trans && !ins.hasMod("M88")) {
            LaunchState.unsupported(ins.fullOpcode());
        }
        Operand.Mem m = (Operand.Mem) ins.operands().get(1);
        long[] row = new long[8 * n];
        for (int r = 0; r < 8 * n; r++) {
            row[r] = memory.address(lanes[r], ins, m, Isa.MemSpace.SHARED);
            if (row[r] % 16 != 0) {
                throw new SimulationException(String.format("%s row address 0x%x of lane %d is not 16-byte aligned",
                        ins.fullOpcode(), row[r], r));
            }
        }
        int[][] out = new int[32][n];
        for (SimThread t : group) {
            int i = t.lane;
            for (int mat = 0; mat < n; mat++) {
                if (!trans) {
                    out[i][mat] = (int) s.loadBytes(t, Isa.MemSpace.SHARED, row[8 * mat + i / 4] + 4 * (i % 4), 4);
                } else {
                    long lo = s.loadBytes(t, Isa.MemSpace.SHARED, row[8 * mat + 2 * (i % 4)] + 2 * (i / 4), 2);
                    long hi = s.loadBytes(t, Isa.MemSpace.SHARED, row[8 * mat + 2 * (i % 4) + 1] + 2 * (i / 4), 2);
                    out[i][mat] = (int) (lo | hi << 16);
                }
            }
        }
        Operand.Reg d = (Operand.Reg) ins.operands().get(0);
        for (SimThread t : group) {
            for (int mat = 0; mat < n; mat++) {
                t.set(d, d.num() + mat, out[t.lane][mat]);
            }
        }
    }

    /** {@code HMMA.16816.F32} / {@code HMMA.1688.F32}: D(16x8) = A(16xK) * B(Kx8) + C, K = 16 or 8. */
    private void hmma(Line.Instr ins, List<SimThread> group, SimThread[] lanes) {
        requireFullWarp(ins, group);
        int k = ins.hasMod("16816") ? 16 : ins.hasMod("1688") ? 8 : 0;
        if (k == 0 || !ins.hasMod("F32")) {
            LaunchState.unsupported(ins.fullOpcode() + " (only HMMA.16816.F32 and HMMA.1688.F32)");
        }
        boolean bf16 = ins.hasMod("BF16");
        List<Operand> o = ins.operands();
        Operand.Reg rd = (Operand.Reg) o.get(0);
        Operand.Reg ra = (Operand.Reg) o.get(1);
        Operand.Reg rb = (Operand.Reg) o.get(2);
        Operand.Reg rc = (Operand.Reg) o.get(3);
        double[][] a = new double[16][k];
        double[][] b = new double[k][8];
        double[][] c = new double[16][8];
        for (SimThread t : group) {
            int g = t.lane >> 2;
            int q = t.lane & 3;
            for (int i = 0; i < k / 2; i++) { // A element i: register i/2, half i%2
                int raw = t.get(ra, ra.isZero() ? ra.num() : ra.num() + i / 2) >>> 16 * (i & 1);
                int row = g + 8 * ((i >> 1) & 1);
                int col = q * 2 + (i & 1) + 8 * (i >> 2);
                a[row][col] = FloatMath.half(raw, bf16);
            }
            for (int i = 0; i < k / 4; i++) { // B element i: register i/2, half i%2
                int raw = t.get(rb, rb.isZero() ? rb.num() : rb.num() + i / 2) >>> 16 * (i & 1);
                b[q * 2 + (i & 1) + 8 * (i >> 1)][g] = FloatMath.half(raw, bf16);
            }
            for (int i = 0; i < 4; i++) {
                c[g + 8 * (i >> 1)][q * 2 + (i & 1)] = Float.intBitsToFloat(t.get(rc, rc.isZero() ? rc.num()
                        : rc.num() + i));
            }
        }
        for (SimThread t : group) {
            int g = t.lane >> 2;
            int q = t.lane & 3;
            for (int i = 0; i < 4; i++) {
                int row = g + 8 * (i >> 1);
                int col = q * 2 + (i & 1);
                double sum = c[row][col];
                for (int kk = 0; kk < k; kk++) {
                    sum += a[row][kk] * b[kk][col];
                }
                t.set(rd, rd.num() + i, Float.floatToRawIntBits((float) sum));
            }
        }
    }
}
