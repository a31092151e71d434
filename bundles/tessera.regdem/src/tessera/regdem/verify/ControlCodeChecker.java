package tessera.regdem.verify;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import tessera.regdem.analysis.Cfg;
import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * Independent checker of control codes (seed 004 §3.1(4), §3.2 hazards), written separately from the demotion
 * pass: a forward may-dataflow over the CFG with counter semantics for barriers (waiting on a barrier waits for
 * every instruction that set it). It reports:
 * <ul>
 * <li>RAW: a read of a register whose variable-latency producer's write barrier has not been waited on, or whose
 * fixed-latency producer issued fewer than {@link Isa#FIXED_LATENCY} cycles earlier (sum of stalls);</li>
 * <li>WAW: a write while a variable-latency write of the same register is pending;</li>
 * <li>WAR: a write of a register a variable-latency instruction may still read (its read barrier, or its write
 * barrier, not waited on);</li>
 * <li>a variable-latency instruction without a write barrier whose result is used.</li>
 * </ul>
 */
public final class ControlCodeChecker {
    private static final int UNWAITABLE = 1 << 6;
    private static final int REGS = 256;

    public record Violation(int line, String message) {
        @Override
        public String toString() {
            return "line " + (line + 1) + ": " + message;
        }
    }

    private ControlCodeChecker() {
    }

    /** Per-register pending sets: bit m of {@code w[r]}/{@code rd[r]} = a pending instruction with barrier mask m. */
    private static final class State {
        final BitSet[] w = new BitSet[REGS];
        final BitSet[] rd = new BitSet[REGS];
        final int[] ready = new int[REGS];

        State() {
            for (int i = 0; i < REGS; i++) {
                w[i] = new BitSet(128);
                rd[i] = new BitSet(128);
            }
        }

        State copy() {
            State s = new State();
            for (int i = 0; i < REGS; i++) {
                s.w[i].or(w[i]);
                s.rd[i].or(rd[i]);
                s.ready[i] = ready[i];
            }
            return s;
        }

        boolean joinFrom(State o) {
            boolean ch = false;
            for (int i = 0; i < REGS; i++) {
                int c1 = w[i].cardinality();
                int c2 = rd[i].cardinality();
                w[i].or(o.w[i]);
                rd[i].or(o.rd[i]);
                ch |= w[i].cardinality() != c1 || rd[i].cardinality() != c2;
                if (o.ready[i] > ready[i]) {
                    ready[i] = o.ready[i];
                    ch = true;
                }
            }
            return ch;
        }

        void waitOn(int b) {
            int bit = 1 << (b - 1);
            for (int i = 0; i < REGS; i++) {
                clear(w[i], bit);
                clear(rd[i], bit);
            }
        }

        private static void clear(BitSet s, int bit) {
            for (int m = s.nextSetBit(0); m >= 0; m = s.nextSetBit(m + 1)) {
                if ((m & bit) != 0) {
                    s.clear(m);
                }
            }
        }
    }

    public static List<Violation> check(SassProgram p) {
        Cfg cfg = Cfg.build(p);
        int n = cfg.blocks().size();
        List<Violation> out = new ArrayList<>();
        if (n == 0) {
            return out;
        }
        State[] in = new State[n];
        in[0] = new State();
        boolean changed = true;
        int guard = 0;
        while (changed && guard++ < 1000) {
            changed = false;
            for (int b = 0; b < n; b++) {
                if (in[b] == null) {
                    continue;
                }
                State s = through(p, cfg, b, in[b], null);
                for (int succ : cfg.block(b).succ) {
                    if (in[succ] == null) {
                        in[succ] = s.copy();
                        changed = true;
                    } else if (in[succ].joinFrom(s)) {
                        changed = true;
                    }
                }
            }
        }
        for (int b = 0; b < n; b++) {
            if (in[b] != null) {
                through(p, cfg, b, in[b], out);
            }
        }
        return out;
    }

    /** Steps through block {@code b} from a copy of its entry state; returns the exit state. */
    private static State through(SassProgram p, Cfg cfg, int b, State entry, List<Violation> out) {
        State s = entry.copy();
        for (int li : cfg.block(b).lines) {
            step(s, (Line.Instr) p.lines().get(li), li, out);
        }
        return s;
    }

    private static void step(State s, Line.Instr ins, int line, List<Violation> out) {
        for (int b : ins.ctrl().waits()) {
            s.waitOn(b);
        }
        Isa.Info info = Isa.info(ins);
        List<Integer> reads = info.readRegs();
        List<Integer> writes = info.writeRegs();
        if (out != null) {
            for (int r : reads) {
                if (!s.w[r].isEmpty()) {
                    out.add(new Violation(line, ins.fullOpcode() + " reads R" + r + " before its variable-latency producer"
                            + " completed (" + masks(s.w[r]) + " not waited on)"));
                } else if (s.ready[r] > 0) {
                    out.add(new Violation(line, ins.fullOpcode() + " reads R" + r + " " + s.ready[r]
                            + " cycle(s) before its fixed-latency producer's result is ready"));
                }
            }
            for (int r : writes) {
                if (!s.w[r].isEmpty()) {
                    out.add(new Violation(line, ins.fullOpcode() + " overwrites R" + r
                            + " while an earlier variable-latency write is pending (" + masks(s.w[r]) + ")"));
                }
                if (!s.rd[r].isEmpty()) {
                    out.add(new Violation(line, ins.fullOpcode() + " overwrites R" + r
                            + " which a variable-latency instruction may still read (" + masks(s.rd[r]) + ")"));
                }
            }
        }
        int rb = ins.ctrl().readBarrier();
        int wb = ins.ctrl().writeBarrier();
        boolean unconditional = ins.guard() == null;
        if (info.variableLatency()) {
            int readMask = (rb > 0 ? 1 << (rb - 1) : 0) | (wb > 0 ? 1 << (wb - 1) : 0);
            for (int r : reads) {
                s.rd[r].set(readMask == 0 ? UNWAITABLE : readMask);
            }
            for (int r : writes) {
                if (unconditional) {
                    s.w[r].clear();
                }
                s.w[r].set(wb > 0 ? 1 << (wb - 1) : UNWAITABLE);
                s.ready[r] = unconditional ? 0 : s.ready[r];
            }
        } else {
            for (int r : writes) {
                if (unconditional) {
                    s.w[r].clear();
                }
                s.ready[r] = Isa.FIXED_LATENCY;
            }
        }
        int st = ins.ctrl().stall();
        for (int r = 0; r < REGS; r++) {
            s.ready[r] = Math.max(0, s.ready[r] - st);
        }
    }

    private static String masks(BitSet s) {
        List<String> l = new ArrayList<>();
        for (int m = s.nextSetBit(0); m >= 0; m = s.nextSetBit(m + 1)) {
            if (m == UNWAITABLE) {
                l.add("no barrier set");
            } else {
                List<String> bs = new ArrayList<>();
                for (int b = 1; b <= 6; b++) {
                    if ((m & (1 << (b - 1))) != 0) {
                        bs.add(String.valueOf(b));
                    }
                }
                l.add("barrier " + String.join("/", bs));
            }
        }
        return String.join(", ", l);
    }
}
