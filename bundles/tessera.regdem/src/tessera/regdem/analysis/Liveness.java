package tessera.regdem.analysis;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;

/**
 * Backward liveness of general-purpose registers over the {@link Cfg} (digest §3.8 item 4), per block and per
 * instruction, and the register pressure (live registers after an instruction plus those it defines).
 * A predicated definition does not kill: the old value survives when the guard is false.
 */
public final class Liveness {
    private final Cfg cfg;
    private final BitSet[] liveIn;
    private final BitSet[] liveOut;
    private final BitSet[] use;
    private final BitSet[] def;
    private final Map<Integer, BitSet> inAt = new HashMap<>();
    private final Map<Integer, BitSet> outAt = new HashMap<>();

    private Liveness(Cfg cfg) {
        this.cfg = cfg;
        int n = cfg.blocks().size();
        liveIn = new BitSet[n];
        liveOut = new BitSet[n];
        use = new BitSet[n];
        def = new BitSet[n];
    }

    public static Liveness compute(Cfg cfg) {
        Liveness l = new Liveness(cfg);
        l.run();
        return l;
    }

    private void run() {
        List<Line> lines = cfg.program().lines();
        int n = cfg.blocks().size();
        for (int b = 0; b < n; b++) {
            BitSet u = new BitSet();
            BitSet d = new BitSet();
            for (int li : cfg.block(b).lines) {
                Isa.Info info = Isa.info((Line.Instr) lines.get(li));
                for (int r : info.readRegs()) {
                    if (!d.get(r)) {
                        u.set(r);
                    }
                }
                if (((Line.Instr) lines.get(li)).guard() == null) {
                    for (int r : info.writeRegs()) {
                        d.set(r);
                    }
                }
            }
            use[b] = u;
            def[b] = d;
            liveIn[b] = new BitSet();
            liveOut[b] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = n - 1; b >= 0; b--) {
                BitSet out = new BitSet();
                for (int s : cfg.block(b).succ) {
                    out.or(liveIn[s]);
                }
                BitSet in = (BitSet) out.clone();
                in.andNot(def[b]);
                in.or(use[b]);
                if (!in.equals(liveIn[b]) || !out.equals(liveOut[b])) {
                    liveIn[b] = in;
                    liveOut[b] = out;
                    changed = true;
                }
            }
        }
        for (int b = 0; b < n; b++) {
            BitSet live = (BitSet) liveOut[b].clone();
            List<Integer> ls = cfg.block(b).lines;
            for (int k = ls.size() - 1; k >= 0; k--) {
                int li = ls.get(k);
                Line.Instr ins = (Line.Instr) lines.get(li);
                Isa.Info info = Isa.info(ins);
                outAt.put(li, (BitSet) live.clone());
                if (ins.guard() == null) {
                    for (int r : info.writeRegs()) {
                        live.clear(r);
                    }
                }
                for (int r : info.readRegs()) {
                    live.set(r);
                }
                inAt.put(li, (BitSet) live.clone());
            }
        }
    }

    public BitSet liveIn(int block) {
        return (BitSet) liveIn[block].clone();
    }

    public BitSet liveOut(int block) {
        return (BitSet) liveOut[block].clone();
    }

    public BitSet defs(int block) {
        return (BitSet) def[block].clone();
    }

    public BitSet uses(int block) {
        return (BitSet) use[block].clone();
    }

    /** Registers live before the instruction at the line index. */
    public BitSet liveBefore(int line) {
        BitSet b = inAt.get(line);
        return b == null ? new BitSet() : (BitSet) b.clone();
    }

    /** Registers live after the instruction at the line index. */
    public BitSet liveAfter(int line) {
        BitSet b = outAt.get(line);
        return b == null ? new BitSet() : (BitSet) b.clone();
    }

    /** Register pressure at an instruction: live after it, plus what it writes. */
    public int pressure(int line) {
        BitSet p = liveAfter(line);
        Line l = cfg.program().lines().get(line);
        if (l instanceof Line.Instr ins) {
            for (int r : Isa.info(ins).writeRegs()) {
                p.set(r);
            }
        }
        return p.cardinality();
    }

    /** The largest pressure over all instructions. */
    public int maxPressure() {
        int m = 0;
        for (int li : outAt.keySet()) {
            m = Math.max(m, pressure(li));
        }
        return m;
    }

    /** Registers read before any write on some path from the entry (should be empty for a kernel). */
    public BitSet liveAtEntry() {
        return cfg.blocks().isEmpty() ? new BitSet() : liveIn(0);
    }
}
