package tessera.palmed.infer;

import java.util.LinkedHashMap;
import java.util.Map;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.palmed.machine.BenchmarkMachine;
import tessera.palmed.machine.Measurement;
import tessera.palmed.model.Kernel;

/**
 * The benchmark vocabulary of seed 000 §II/§V over one machine: ā, a^ā b^b̄, a^M b, K_sat(i, r), each quantized
 * (§VI-A) then measured once (memoized; the on-disk cache sits under it in {@link tessera.palmed.machine.CachedMachine}).
 */
public final class Bench {
    private final BenchmarkMachine machine;
    private final InferenceOptions options;
    private final Monitor monitor;
    private final Map<Kernel, Measurement> measured = new LinkedHashMap<>();
    private final Deadline deadline;

    public Bench(BenchmarkMachine machine, InferenceOptions options, Monitor monitor) {
        this(machine, options, monitor, Deadline.never());
    }

    /** A bench whose every new measurement first checks {@code deadline} (the campaign's limit covers benchmarking). */
    public Bench(BenchmarkMachine machine, InferenceOptions options, Monitor monitor, Deadline deadline) {
        this.machine = machine;
        this.options = options;
        this.monitor = monitor;
        this.deadline = deadline;
    }

    public InferenceOptions options() {
        return options;
    }

    public Monitor monitor() {
        return monitor;
    }

    public int count() {
        return measured.size();
    }

    public Measurement measure(Kernel k) {
        Measurement m = measured.get(k);
        if (m == null) {
            monitor.checkCanceled();
            deadline.check("PALMED inference");
            m = machine.measure(k, monitor);
            measured.put(k, m);
        }
        return m;
    }

    /** Whether {@code k} was measured already (no benchmark is run). */
    public boolean isMeasured(Kernel k) {
        return measured.containsKey(k);
    }

    /** K̄, the measured IPC. */
    public double ipc(Kernel k) {
        return measure(k).ipc();
    }

    /** ā. */
    public double ipc(String a) {
        return ipc(Kernel.single(a));
    }

    /** The quantized a^ā b^b̄. */
    public Kernel pair(String a, String b) {
        Map<String, Double> c = new LinkedHashMap<>();
        c.put(a, ipc(a));
        c.merge(b, ipc(b), Double::sum);
        return Quantizer.quantize(c, options.quantum());
    }

    /** a^M b (not scaled by IPC, §V-B). */
    public Kernel aMb(String a, String b) {
        return Kernel.of(Map.of(a, options.m(), b, 1));
    }

    /** K_sat(i, r) = i^ī · sat[r]^{L·sat[r]‾} (§V-C), quantized. */
    public Kernel kSat(String i, Kernel sat) {
        Map<String, Double> c = new LinkedHashMap<>();
        c.put(i, ipc(i));
        double reps = options.l() * ipc(sat);
        sat.counts().forEach((j, s) -> c.merge(j, s * reps, Double::sum));
        return Quantizer.quantize(c, options.quantum());
    }

    /** Cycles a kernel's sub-multiset i^α would take alone: α/ī (digest §2.9 "saturating instruction"). */
    public double aloneCycles(String i, int alpha) {
        return alpha / ipc(i);
    }

    /** Cycles per iteration |K|/K̄. */
    public double cycles(Kernel k) {
        return k.size() / ipc(k);
    }
}
