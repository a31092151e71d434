package tessera.tcpa.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.core.poly.UnionSet;
import tessera.rdg.interp.ArrayData;
import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ControlSignal;
import tessera.tcpa.concrete.FdDepth;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.ProcessorClass;
import tessera.tcpa.concrete.Wrapper;
import tessera.tcpa.sim.Machine.BankState;
import tessera.tcpa.sim.Machine.ClassInfo;
import tessera.tcpa.sim.Machine.Fd;
import tessera.tcpa.sim.Machine.Fu;
import tessera.tcpa.sim.Machine.Operand;
import tessera.tcpa.sim.Machine.Pe;

/**
 * Checks a concrete configuration and builds the {@link Machine} that the {@link Simulator} runs (seed 003 §6):
 * parameters, π, latencies, FIFO capacity, λ^J, the GC's control signals (§6.2), the processor classes with their FU
 * programs compiled by {@link ProgramCompiler} and their kernel spaces in issue order, the PEs with their start cycles
 * λ^K·K, the wrappers, and the I/O banks at the border with their enable domains (§6.4). Every problem is an error in
 * {@link Problems}; the checks go on past it, and the simulator does not start if there is one.
 */
final class MachineBuilder {
    /** Largest number of points of one intra-tile domain the simulator enumerates: {@value} (4x the instantiator's tile maximum: kernel spaces add the reach of epilogs and FD reads). */
    static final int MAX_DOMAIN_POINTS = 1 << 18;

    private final ConcreteConfiguration cfg;
    private final Problems problems;
    private final Machine m;
    private final ProgramCompiler compiler;
    private final Map<PolySet, UnionSet> fixed = new java.util.HashMap<>(); // see fixed(PolySet)

    private MachineBuilder(ConcreteConfiguration cfg, Problems problems) {
        this.cfg = cfg;
        this.problems = problems;
        this.m = new Machine(cfg);
        this.compiler = new ProgramCompiler(m, problems);
    }

    /** The machine of {@code cfg}; check {@code problems} for errors before running it. */
    static Machine build(ConcreteConfiguration cfg, Problems problems) {
        MachineBuilder b = new MachineBuilder(cfg, problems);
        b.prepare();
        return b.m;
    }

    private void prepare() {
        cfg.getParameters().forEach(p -> m.params.put(p.getName(), p.getValue()));
        m.pi = cfg.getPi();
        m.hopLatency = Math.max(0, cfg.getHopLatency());
        for (String l : cfg.getLatencies()) {
            String[] w = l.trim().split("\\s+");
            if (w.length != 3 || !w[2].matches("[1-9][0-9]*")) {
                problems.error("latency entry '" + l + "' is malformed", "write 'fu mnemonic cycles', e.g. 'mul0 mul 2'");
            } else {
                m.latencies.put(w[0] + " " + w[1], Integer.parseInt(w[2]));
            }
        }
        m.fifoCapacity = cfg.getFifoCapacity() <= 0 ? 8 : cfg.getFifoCapacity();
        if (m.pi <= 0) {
            problems.error("the initiation interval pi is " + m.pi, "set pi to the kernel length (≥ 1)");
        }
        if (cfg.getLambdaJ().size() != cfg.getIntraTileDims().size()) {
            problems.error("lambdaJ has " + cfg.getLambdaJ().size() + " entries for " + cfg.getIntraTileDims().size()
                    + " intra-tile dimensions", "give one entry per dimension of intraTileDims");
        }
        for (int i = 0; i < cfg.getControlSignals().size(); i++) {
            ControlSignal s = cfg.getControlSignals().get(i);
            if (m.signalIndex.put(s.getName(), i) != null) {
                problems.error("control signal " + s.getName() + " is configured twice", "give each signal one one-domain");
            }
        }
        for (ProcessorClass pc : cfg.getProcessorClasses()) {
            m.classes.put(pc, prepareClass(pc));
        }
        for (Wrapper w : cfg.getWrappers()) {
            m.wrappers.put(Machine.key(w.getRow(), w.getCol()), w);
        }
        for (Processor p : cfg.getProcessors()) {
            preparePe(p);
        }
        for (Bank b : cfg.getBanks()) {
            prepareBank(b);
        }
    }

    private void preparePe(Processor p) {
        Pe pe = new Pe();
        pe.row = p.getRow();
        pe.col = p.getCol();
        if (p.getProcessorClass() == null || !m.classes.containsKey(p.getProcessorClass())) {
            problems.error(pe.name() + " has no processor class", "set processorClass of every processor");
            return;
        }
        pe.cls = m.classes.get(p.getProcessorClass());
        long[] tile = p.getTile().stream().mapToLong(Integer::longValue).toArray();
        if (tile.length != cfg.getLambdaK().size()) {
            problems.error(pe.name() + " has tile " + p.getTile() + " but lambdaK has " + cfg.getLambdaK().size() + " entries",
                    "give the tile coordinates K of every PE, one per entry of lambdaK");
            return;
        }
        for (int i = 0; i < tile.length; i++) {
            pe.start += cfg.getLambdaK().get(i) * tile[i];
        }
        PolySet dom = pe.cls.model.getDomain();
        if (dom != null && !dom.isBlank() && !inSet(dom, tile, "domain of class " + pe.cls.model.getName())) {
            problems.error(pe.name() + " with K = " + p.getTile() + " is not in the domain " + dom + " of its class "
                    + pe.cls.model.getName(), "assign the PE to the class whose inter-tile domain contains K");
        }
        pe.fus = new Fu[pe.cls.programs.size()];
        for (int f = 0; f < pe.fus.length; f++) {
            pe.fus[f] = new Fu(pe.cls.fuNames.get(f), pe.cls.programs.get(f));
        }
        pe.cls.fdDepth.forEach((r, d) -> pe.fd.put(r, new Fd(d)));
        if (m.pes.put(Machine.key(pe.row, pe.col), pe) != null) {
            problems.error(pe.name() + " is configured twice", "list every PE of the region once");
        }
    }

    /** {@code text} with the configuration's parameters fixed, once per set (a one-domain is asked for every kernel). */
    private UnionSet fixed(PolySet text) {
        return fixed.computeIfAbsent(text, x -> x.union().fix(m.params));
    }

    private boolean inSet(PolySet text, long[] point, String what) {
        try {
            return fixed(text).contains(point, Map.of());
        } catch (RuntimeException e) {
            unreadable(text, what, e);
            return false;
        }
    }

    private void unreadable(PolySet text, String what, RuntimeException e) {
        problems.error("cannot read the " + what + " '" + text + "': " + e.getMessage(),
                "write a set such as { [j] : 0 <= j < 6 }");
    }

    /** The points of a set over the intra-tile dimensions, in issue order: λ^J·J, then lexicographic. */
    private List<long[]> ordered(PolySet text, String what) {
        try {
            UnionSet s = fixed(text);
            if (!s.dims().equals(cfg.getIntraTileDims())) {
                problems.error("the " + what + " '" + text + "' is over " + s.dims() + ", not the intra-tile dimensions "
                        + cfg.getIntraTileDims(), "write it over [" + String.join(", ", cfg.getIntraTileDims()) + "]");
                return List.of();
            }
            if (!s.pieces().stream().allMatch(x -> x.params().isEmpty())) {
                problems.error("the " + what + " '" + text + "' uses a parameter without a value", "add it to the parameters");
                return List.of();
            }
            Map<String, long[]> unique = new LinkedHashMap<>();
            long[] visited = {0};
            s.forEachPoint(Map.of(), p -> {
                if (++visited[0] > MAX_DOMAIN_POINTS) { // issue 22: a hostile configuration must not size the simulation
                    throw new IllegalArgumentException("more than " + MAX_DOMAIN_POINTS + " points");
                }
                unique.putIfAbsent(Arrays.toString(p), p);
            });
            List<long[]> pts = new ArrayList<>(unique.values());
            pts.sort(Comparator.<long[]>comparingLong(this::issue).thenComparing(Arrays::compare));
            return pts;
        } catch (RuntimeException e) {
            unreadable(text, what, e);
            return List.of();
        }
    }

    private long issue(long[] j) {
        long t = 0;
        for (int i = 0; i < j.length && i < cfg.getLambdaJ().size(); i++) {
            t += cfg.getLambdaJ().get(i) * j[i];
        }
        return t;
    }

    private ClassInfo prepareClass(ProcessorClass pc) {
        ClassInfo ci = new ClassInfo();
        ci.model = pc;
        String where = "class " + pc.getName();
        for (FdDepth d : pc.getFdDepths()) {
            Operand r = compiler.operand(d.getRegister(), where);
            if (r != null && (r.kind() != 'f' || d.getDepth() <= 0)) {
                problems.error(where + ": FD depth entry '" + d.getRegister() + " = " + d.getDepth()
                        + "' is not an fd register with depth ≥ 1", "write e.g. fd0 with depth λ^J·d/π (digest P4)");
            } else if (r != null) {
                ci.fdDepth.put(r.index(), d.getDepth());
            }
        }
        for (FuProgram prog : pc.getPrograms()) {
            ci.fuNames.add(prog.getFu());
            ci.programs.add(compiler.compile(prog, where + ", " + prog.getFu(), ci.fdDepth));
        }
        ci.kernels = pc.getKernelSpace() == null || pc.getKernelSpace().isBlank() ? List.of()
                : ordered(pc.getKernelSpace(), "kernel space of " + where);
        ci.signalOn = new boolean[cfg.getControlSignals().size()][];
        for (int s = 0; s < ci.signalOn.length; s++) {
            ControlSignal sig = cfg.getControlSignals().get(s);
            ci.signalOn[s] = new boolean[ci.kernels.size()];
            for (int n = 0; n < ci.kernels.size(); n++) {
                ci.signalOn[s][n] = inSet(sig.getOneDomain(), ci.kernels.get(n), "one-domain of " + sig.getName());
            }
        }
        return ci;
    }

    private void prepareBank(Bank b) {
        String where = "bank " + b.getName();
        BankState bs = new BankState();
        bs.model = b;
        bs.pe = m.pes.get(Machine.key(b.getRow(), b.getCol()));
        if (bs.pe == null) {
            problems.error(where + " is attached to PE (" + b.getRow() + "," + b.getCol() + "), which is not in the region",
                    "attach banks to border PEs of the region");
            return;
        }
        int[] d = Interconnect.delta(b.getSide());
        if (m.pes.containsKey(Machine.key(b.getRow() + d[0], b.getCol() + d[1]))) {
            problems.error(where + " is on the " + b.getSide().getLiteral() + " side of " + bs.pe.name()
                    + ", which is not at the border", "banks connect to border wrapper ports only (seed 003 §3.3)");
            return;
        }
        int dims = cfg.getIntraTileDims().size();
        if (b.getIndexMatrix().size() != b.getIndexOffset().size() * dims) {
            problems.error(where + ": the index matrix has " + b.getIndexMatrix().size() + " entries, expected "
                    + b.getIndexOffset().size() + "×" + dims, "give A row-major with one row per index of " + b.getVariable());
            return;
        }
        bs.enable = ordered(b.getEnable(), "enable domain of " + where);
        if (b.getKind() == BankKind.OUTPUT) {
            m.outputs.putIfAbsent(b.getVariable(), new ArrayData(b.getVariable(), b.getIndexOffset().size()));
        }
        m.banks.add(bs);
    }
}
