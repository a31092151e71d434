package tessera.tcpa.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.poly.UnionSet;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Ops;
import tessera.tcpa.sim.concrete.Bank;
import tessera.tcpa.sim.concrete.BankKind;
import tessera.tcpa.sim.concrete.BranchKind;
import tessera.tcpa.sim.concrete.ConcreteConfiguration;
import tessera.tcpa.sim.concrete.Connection;
import tessera.tcpa.sim.concrete.ControlSignal;
import tessera.tcpa.sim.concrete.FdDepth;
import tessera.tcpa.sim.concrete.FuProgram;
import tessera.tcpa.sim.concrete.Instruction;
import tessera.tcpa.sim.concrete.Layer;
import tessera.tcpa.sim.concrete.Processor;
import tessera.tcpa.sim.concrete.ProcessorClass;
import tessera.tcpa.sim.concrete.Side;
import tessera.tcpa.sim.concrete.Wrapper;

/**
 * Cycle-level TCPA simulator of a concrete configuration (seed 003 §3, digest §6.5). Per cycle: values due arrive in
 * ID FIFOs and output banks, input banks stream their next element, then every started PE's FUs each execute the
 * instruction at their own PC (orthogonal instruction processing, §3.2) reading registers as they were at the start
 * of the cycle, and finally the writes due commit. Latency: an instruction issued at cycle c with latency l (1
 * unless the configuration's {@code latencies} say otherwise, as the architecture's pipelined FUs) writes its result
 * at the end of cycle c + l − 1, so it is readable at c + l in RD/FD, and at c + l + hops·hopLatency in the FIFO of
 * the PE its OD drives (digest P20); the mapping schedules with the same latencies. PE K starts at λ^K·K; its n-th kernel (π cycles) belongs to the n-th iteration of its class's
 * kernel space in λ^J order, and global control signals are 1 exactly when that iteration is in their one-domain
 * (§6.2). Problems come back as diagnostics, never as exceptions.
 */
public final class Simulator {
    /** Run limits: the cycle limit, whether to record a trace, and how many trace lines at most. */
    public record Options(long maxCycles, boolean trace, int maxTraceLines) {
        public static final Options DEFAULT = new Options(1_000_000, false, 0);

        public static Options tracing() {
            return new Options(1_000_000, true, 200_000);
        }
    }

    private static final class Abort extends RuntimeException {
        Abort() {
            super(null, null, false, false);
        }
    }

    /** A register or literal operand: kind r (rd), f (fd), i (id), o (od), # (literal). */
    private record Operand(char kind, int index, int literal, String text) {
    }

    private static final class Instr {
        String text;
        String label;
        Ops.Op op;
        Operand dest;
        Operand[] moreDests = new Operand[0]; // "fd0|rd0": the mapping's ⟨dest2⟩, one result written to several registers
        Operand[] sources = new Operand[0];
        BranchKind branch;
        int[] targets = new int[0];
        int[] signals = new int[0];
        int latency = 1;
    }

    private static final class Fu {
        final String name;
        final Instr[] code;
        int pc;
        boolean halted;

        Fu(String name, Instr[] code) {
            this.name = name;
            this.code = code;
            this.halted = code.length == 0;
        }
    }

    private static final class Fd {
        final int[] values;
        int read;
        int write;
        int count;

        Fd(int depth) {
            values = new int[depth];
        }
    }

    private static final class ClassInfo {
        ProcessorClass model;
        List<Instr[]> programs = new ArrayList<>();
        List<String> fuNames = new ArrayList<>();
        Map<Integer, Integer> fdDepth = new HashMap<>();
        List<long[]> kernels = List.of();
        boolean[][] signalOn;
    }

    private static final class Pe {
        int row;
        int col;
        long start;
        ClassInfo cls;
        Fu[] fus;
        Map<Integer, Integer> rd = new HashMap<>();
        Map<Integer, Fd> fd = new HashMap<>();
        Map<Integer, ArrayDeque<Integer>> fifo = new HashMap<>();
        Map<Integer, Integer> inFlight = new HashMap<>();
        Map<Integer, List<Dest>> routes = new HashMap<>();

        String name() {
            return "PE (" + row + "," + col + ")";
        }
    }

    private static final class BankState {
        Bank model;
        Pe pe;
        List<long[]> enable;
        int next;
        List<Dest> routes;
    }

    private record Dest(Pe pe, int port, BankState bank, int hops) {
    }

    private record Arrival(long time, long seq, int value, Dest dest, String from) {
    }

    /** A result of {@code fu}, committed at the end of cycle {@code due} (issue cycle + latency − 1). */
    private record Write(Pe pe, Fu fu, Operand reg, int value, long due) {
    }

    private final ConcreteConfiguration cfg;
    private final String file;
    private final Inputs inputs;
    private final Options options;
    private final Monitor monitor;
    private final Diagnostics diagnostics = new Diagnostics();
    private final Map<String, Long> params = new LinkedHashMap<>();
    private final Map<String, Integer> signalIndex = new HashMap<>();
    private final Map<ProcessorClass, ClassInfo> classes = new LinkedHashMap<>();
    private final Map<Long, Pe> pes = new LinkedHashMap<>();
    private final Map<Long, Wrapper> wrappers = new HashMap<>();
    private final List<BankState> banks = new ArrayList<>();
    private final Map<String, ArrayData> outputs = new LinkedHashMap<>();
    private final PriorityQueue<Arrival> pending = new PriorityQueue<>(
            Comparator.comparingLong(Arrival::time).thenComparingLong(Arrival::seq));
    private final List<String> trace = new ArrayList<>();
    private final java.util.TreeMap<Long, List<Write>> delayed = new java.util.TreeMap<>(); // commit cycle → writes
    private final Map<String, Integer> latencies = new HashMap<>(); // "fu mnemonic" → latency ≠ 1
    private long seq;
    private int pi;
    private int hopLatency;
    private int fifoCapacity;

    private Simulator(ConcreteConfiguration cfg, String file, Inputs inputs, Options options, Monitor monitor) {
        this.cfg = cfg;
        this.file = file == null ? "" : file;
        this.inputs = inputs == null ? new Inputs() : inputs;
        this.options = options == null ? Options.DEFAULT : options;
        this.monitor = monitor == null ? Monitor.NULL : monitor;
    }

    /** Simulates {@code cfg} on the given inputs; {@code file} names the configuration in diagnostics. */
    public static SimResult run(ConcreteConfiguration cfg, String file, Inputs inputs, Options options, Monitor monitor) {
        Simulator s = new Simulator(cfg, file, inputs, options, monitor);
        long cycles = 0;
        try {
            s.prepare();
            if (s.diagnostics.hasErrors()) {
                throw new Abort();
            }
            cycles = s.execute();
        } catch (Abort a) {
            return new SimResult(Map.of(), cycles, s.diagnostics, s.trace);
        }
        return new SimResult(s.outputs, cycles, s.diagnostics, s.trace);
    }

    private void error(String message, String hint) {
        diagnostics.add(Diagnostic.error(file, 0, message, hint));
    }

    private Abort fail(String message, String hint) {
        error(message, hint);
        return new Abort();
    }

    private static long key(long row, long col) {
        return (row << 32) ^ (col & 0xffffffffL);
    }

    // ---------------------------------------------------------------- preparation (configuration checks)

    private void prepare() {
        cfg.getParameters().forEach(p -> params.put(p.getName(), p.getValue()));
        pi = cfg.getPi();
        hopLatency = Math.max(0, cfg.getHopLatency());
        for (String l : cfg.getLatencies()) {
            String[] w = l.trim().split("\\s+");
            if (w.length != 3 || !w[2].matches("[1-9][0-9]*")) {
                error("latency entry '" + l + "' is malformed", "write 'fu mnemonic cycles', e.g. 'mul0 mul 2'");
            } else {
                latencies.put(w[0] + " " + w[1], Integer.parseInt(w[2]));
            }
        }
        fifoCapacity = cfg.getFifoCapacity() <= 0 ? 8 : cfg.getFifoCapacity();
        if (pi <= 0) {
            error("the initiation interval pi is " + pi, "set pi to the kernel length (≥ 1)");
        }
        if (cfg.getLambdaJ().size() != cfg.getIntraTileDims().size()) {
            error("lambdaJ has " + cfg.getLambdaJ().size() + " entries for " + cfg.getIntraTileDims().size()
                    + " intra-tile dimensions", "give one entry per dimension of intraTileDims");
        }
        for (int i = 0; i < cfg.getControlSignals().size(); i++) {
            ControlSignal s = cfg.getControlSignals().get(i);
            if (signalIndex.put(s.getName(), i) != null) {
                error("control signal " + s.getName() + " is configured twice", "give each signal one one-domain");
            }
        }
        for (ProcessorClass pc : cfg.getProcessorClasses()) {
            classes.put(pc, prepareClass(pc));
        }
        for (Wrapper w : cfg.getWrappers()) {
            wrappers.put(key(w.getRow(), w.getCol()), w);
        }
        for (Processor p : cfg.getProcessors()) {
            Pe pe = new Pe();
            pe.row = p.getRow();
            pe.col = p.getCol();
            if (p.getProcessorClass() == null || !classes.containsKey(p.getProcessorClass())) {
                error(pe.name() + " has no processor class", "set processorClass of every processor");
                continue;
            }
            pe.cls = classes.get(p.getProcessorClass());
            long[] tile = p.getTile().stream().mapToLong(Integer::longValue).toArray();
            if (tile.length != cfg.getLambdaK().size()) {
                error(pe.name() + " has tile " + p.getTile() + " but lambdaK has " + cfg.getLambdaK().size() + " entries",
                        "give the tile coordinates K of every PE, one per entry of lambdaK");
                continue;
            }
            for (int i = 0; i < tile.length; i++) {
                pe.start += cfg.getLambdaK().get(i) * tile[i];
            }
            String dom = pe.cls.model.getDomain();
            if (dom != null && !dom.isBlank() && !inSet(dom, tile, "domain of class " + pe.cls.model.getName())) {
                error(pe.name() + " with K = " + p.getTile() + " is not in the domain " + dom + " of its class "
                        + pe.cls.model.getName(), "assign the PE to the class whose inter-tile domain contains K");
            }
            pe.fus = new Fu[pe.cls.programs.size()];
            for (int f = 0; f < pe.fus.length; f++) {
                pe.fus[f] = new Fu(pe.cls.fuNames.get(f), pe.cls.programs.get(f));
            }
            pe.cls.fdDepth.forEach((r, d) -> pe.fd.put(r, new Fd(d)));
            if (pes.put(key(pe.row, pe.col), pe) != null) {
                error(pe.name() + " is configured twice", "list every PE of the region once");
            }
        }
        for (Bank b : cfg.getBanks()) {
            prepareBank(b);
        }
    }

    private boolean inSet(String text, long[] point, String what) {
        try {
            return UnionSet.parse(text).fix(params).contains(point, Map.of());
        } catch (RuntimeException e) {
            error("cannot read the " + what + " '" + text + "': " + e.getMessage(), "write a set such as { [j] : 0 <= j < 6 }");
            return false;
        }
    }

    /** The points of a set over the intra-tile dimensions, in issue order: λ^J·J, then lexicographic. */
    private List<long[]> ordered(String text, String what) {
        try {
            UnionSet s = UnionSet.parse(text).fix(params);
            if (!s.dims().equals(cfg.getIntraTileDims())) {
                error("the " + what + " '" + text + "' is over " + s.dims() + ", not the intra-tile dimensions "
                        + cfg.getIntraTileDims(), "write it over [" + String.join(", ", cfg.getIntraTileDims()) + "]");
                return List.of();
            }
            if (!s.pieces().stream().allMatch(x -> x.params().isEmpty())) {
                error("the " + what + " '" + text + "' uses a parameter without a value", "add it to the parameters");
                return List.of();
            }
            Map<String, long[]> unique = new LinkedHashMap<>();
            s.forEachPoint(Map.of(), p -> unique.putIfAbsent(java.util.Arrays.toString(p), p));
            List<long[]> pts = new ArrayList<>(unique.values());
            pts.sort(Comparator.<long[]>comparingLong(this::issue).thenComparing(java.util.Arrays::compare));
            return pts;
        } catch (RuntimeException e) {
            error("cannot read the " + what + " '" + text + "': " + e.getMessage(), "write a set such as { [j] : 0 <= j < 6 }");
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
            Operand r = operand(d.getRegister(), where);
            if (r != null && (r.kind() != 'f' || d.getDepth() <= 0)) {
                error(where + ": FD depth entry '" + d.getRegister() + " = " + d.getDepth() + "' is not an fd register with depth ≥ 1",
                        "write e.g. fd0 with depth λ^J·d/π (digest P4)");
            } else if (r != null) {
                ci.fdDepth.put(r.index(), d.getDepth());
            }
        }
        for (FuProgram prog : pc.getPrograms()) {
            ci.fuNames.add(prog.getFu());
            ci.programs.add(compile(prog, where + ", " + prog.getFu(), ci));
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

    private Operand operand(String text, String where) {
        if (text.matches("-?\\d+")) {
            try {
                return new Operand('#', 0, Integer.parseInt(text), text);
            } catch (NumberFormatException e) {
                error(where + ": literal " + text + " is not a 32-bit integer", "use a value in [-2^31, 2^31)");
                return null;
            }
        }
        if (text.matches("(rd|fd|id|od)\\d+")) {
            return new Operand(text.charAt(0) == 'r' ? 'r' : text.charAt(0) == 'f' ? 'f' : text.charAt(0) == 'i' ? 'i' : 'o',
                    Integer.parseInt(text.substring(2)), 0, text);
        }
        error(where + ": '" + text + "' is not a register (rdN, fdN, idN, odN) or an integer literal",
                "registers are rd (general purpose), fd (feedback), id (input FIFO), od (output)");
        return null;
    }

    private Instr[] compile(FuProgram prog, String where, ClassInfo ci) {
        Map<String, Integer> labels = new HashMap<>();
        List<Instruction> list = prog.getInstructions();
        for (int i = 0; i < list.size(); i++) {
            String l = list.get(i).getLabel();
            if (l != null && !l.isEmpty() && labels.put(l, i) != null) {
                error(where + ": label " + l + " is defined twice", "give every kernel its own label");
            }
        }
        Instr[] code = new Instr[list.size()];
        for (int i = 0; i < list.size(); i++) {
            Instruction m = list.get(i);
            String at = where + ", instruction " + i + " (" + ProgramText.instruction(m) + ")";
            Instr in = new Instr();
            in.text = ProgramText.instruction(m);
            in.label = m.getLabel();
            String mn = m.getMnemonic() == null ? "" : m.getMnemonic();
            in.latency = latencies.getOrDefault(prog.getFu() + " " + mn, 1);
            if (!mn.equals("nop")) {
                var op = Ops.lookup(mn);
                boolean immediate = false;
                if (op.isEmpty() && mn.endsWith("i")) {
                    op = Ops.lookup(mn.substring(0, mn.length() - 1));
                    immediate = op.isPresent();
                }
                if (op.isEmpty()) {
                    error(at + ": unknown instruction " + mn, "use nop or one of " + Ops.all().keySet() + " (suffix i: immediate)");
                } else if (m.getOperands().size() != op.get().arity() + 1) {
                    error(at + ": " + mn + " takes a destination and " + op.get().arity() + " source(s), found "
                            + m.getOperands().size() + " operand(s)", "write " + mn + " dest src…");
                } else {
                    in.op = op.get();
                    String[] dests = m.getOperands().get(0).split("\\|");
                    in.dest = operand(dests[0], at);
                    in.moreDests = new Operand[dests.length - 1];
                    for (int k = 1; k < dests.length; k++) {
                        in.moreDests[k - 1] = operand(dests[k], at);
                    }
                    in.sources = new Operand[op.get().arity()];
                    for (int k = 0; k < in.sources.length; k++) {
                        in.sources[k] = operand(m.getOperands().get(k + 1), at);
                    }
                    checkOperands(in, immediate, at, ci);
                }
            } else if (!m.getOperands().isEmpty()) {
                error(at + ": nop takes no operands", "remove them");
            }
            if (m.getBranch() == null) {
                error(at + ": no branch", "add / next, / goto L, / halt or / if cs jmp …");
                continue;
            }
            in.branch = m.getBranch().getKind();
            in.targets = new int[m.getBranch().getTargets().size()];
            for (int k = 0; k < in.targets.length; k++) {
                Integer t = labels.get(m.getBranch().getTargets().get(k));
                if (t == null) {
                    error(at + ": branch target " + m.getBranch().getTargets().get(k) + " is not a label of this program",
                            "labels: " + labels.keySet());
                } else {
                    in.targets[k] = t;
                }
            }
            in.signals = new int[m.getBranch().getSignals().size()];
            for (int k = 0; k < in.signals.length; k++) {
                Integer s = signalIndex.get(m.getBranch().getSignals().get(k));
                if (s == null) {
                    error(at + ": control signal " + m.getBranch().getSignals().get(k) + " is not configured in the GC",
                            "add it to controlSignals with its one-domain");
                } else {
                    in.signals[k] = s;
                }
            }
            if ((in.branch == BranchKind.GOTO && in.targets.length != 1)
                    || (in.branch == BranchKind.IF && (in.signals.length == 0 || in.targets.length != 1 << in.signals.length))) {
                error(at + ": malformed branch", "goto takes one label; if with N signals takes 2^N labels");
            }
            code[i] = in;
        }
        return code;
    }

    private void checkOperands(Instr in, boolean immediate, String at, ClassInfo ci) {
        List<Operand> dests = new ArrayList<>(java.util.Arrays.asList(in.moreDests));
        dests.add(0, in.dest);
        for (Operand d : dests) {
            if (d != null && (d.kind() == '#' || d.kind() == 'i')) {
                error(at + ": cannot write " + d.text(), "the destination is an rd, fd or od register");
            }
            if (d != null && d.kind() == 'f' && !ci.fdDepth.containsKey(d.index())) {
                error(at + ": " + d.text() + " has no depth configured in its class", "add an FD depth entry (λ^J·d/π, digest P4)");
            }
        }
        for (Operand s : in.sources) {
            if (s != null && s.kind() == 'o') {
                error(at + ": cannot read " + s.text() + " (output registers are write-only)", "read the value from an rd or fd copy");
            }
        }
        if (immediate && (in.sources.length == 0 || in.sources[in.sources.length - 1] == null
                || in.sources[in.sources.length - 1].kind() != '#')) {
            error(at + ": the immediate form needs a literal as its last source", "write e.g. shri rd1 rd0 1");
        }
        for (Operand o : new Operand[] {in.dest, in.sources.length > 0 ? in.sources[0] : null,
                in.sources.length > 1 ? in.sources[1] : null, in.sources.length > 2 ? in.sources[2] : null}) {
            if (o != null && o.kind() == 'f' && !ci.fdDepth.containsKey(o.index())) {
                error(at + ": " + o.text() + " has no depth configured in its class", "add an FD depth entry (λ^J·d/π, digest P4)");
            }
        }
    }

    private void prepareBank(Bank b) {
        String where = "bank " + b.getName();
        BankState bs = new BankState();
        bs.model = b;
        bs.pe = pes.get(key(b.getRow(), b.getCol()));
        if (bs.pe == null) {
            error(where + " is attached to PE (" + b.getRow() + "," + b.getCol() + "), which is not in the region",
                    "attach banks to border PEs of the region");
            return;
        }
        int[] d = delta(b.getSide());
        if (pes.containsKey(key(b.getRow() + d[0], b.getCol() + d[1]))) {
            error(where + " is on the " + b.getSide().getLiteral() + " side of " + bs.pe.name() + ", which is not at the border",
                    "banks connect to border wrapper ports only (seed 003 §3.3)");
            return;
        }
        int dims = cfg.getIntraTileDims().size();
        if (b.getIndexMatrix().size() != b.getIndexOffset().size() * dims) {
            error(where + ": the index matrix has " + b.getIndexMatrix().size() + " entries, expected "
                    + b.getIndexOffset().size() + "×" + dims, "give A row-major with one row per index of " + b.getVariable());
            return;
        }
        bs.enable = ordered(b.getEnable(), "enable domain of " + where);
        if (b.getKind() == BankKind.OUTPUT) {
            outputs.putIfAbsent(b.getVariable(), new ArrayData(b.getVariable(), b.getIndexOffset().size()));
        }
        banks.add(bs);
    }

    private static int[] delta(Side s) {
        return switch (s) {
            case NORTH -> new int[] {-1, 0};
            case SOUTH -> new int[] {1, 0};
            case WEST -> new int[] {0, -1};
            case EAST -> new int[] {0, 1};
        };
    }

    private static Side side(String location) {
        return switch (location) {
            case "north" -> Side.NORTH;
            case "south" -> Side.SOUTH;
            case "west" -> Side.WEST;
            case "east" -> Side.EAST;
            default -> null;
        };
    }

    private static Side opposite(Side s) {
        return Side.get((s.getValue() + 2) % 4);
    }

    // ---------------------------------------------------------------- routing through the wrapper switches

    /** Where a value entering {@code pe}'s wrapper at source port {@code source} ends up (seed 003 §3.1). */
    private List<Dest> route(Pe pe, String source, String what) {
        List<Dest> out = new ArrayList<>();
        follow(pe, source, 0, out, new HashSet<>(), what);
        return out;
    }

    private void follow(Pe pe, String source, int hops, List<Dest> out, Set<String> seen, String what) {
        if (!seen.add(pe.row + "," + pe.col + "," + source)) {
            throw fail(what + ": the wrapper connections form a loop through port " + source + " of " + pe.name(),
                    "remove the cyclic switch setting");
        }
        Wrapper w = wrappers.get(key(pe.row, pe.col));
        boolean any = false;
        for (Connection c : w == null ? List.<Connection>of() : w.getConnections()) {
            if (c.getLayer() != Layer.DATA || !source.equals(c.getSource())) {
                continue;
            }
            any = true;
            String sink = c.getSink();
            String loc = sink.replaceAll("\\d+$", "");
            int idx = sink.length() > loc.length() ? Integer.parseInt(sink.substring(loc.length())) : -1;
            Side s = side(loc);
            if (loc.equals("pe") && idx >= 0) {
                out.add(new Dest(pe, idx, null, hops));
            } else if (s != null && idx >= 0) {
                int[] d = delta(s);
                Pe next = pes.get(key(pe.row + d[0], pe.col + d[1]));
                if (next != null) {
                    follow(next, opposite(s).getLiteral() + idx, hops + 1, out, seen, what);
                } else {
                    BankState b = banks.stream().filter(x -> x.pe == pe && x.model.getSide() == s && x.model.getPort() == idx)
                            .findFirst().orElse(null);
                    if (b == null || b.model.getKind() != BankKind.OUTPUT) {
                        throw fail(what + " reaches border port " + sink + " of " + pe.name() + ", where no output bank is configured",
                                "configure an output bank there, or fix the wrapper connections");
                    }
                    out.add(new Dest(null, 0, b, hops));
                }
            } else {
                throw fail(pe.name() + ": wrapper connection " + c.getSource() + " -> " + sink + " names an unknown sink port",
                        "ports are pe0, north0, east1, …");
            }
        }
        if (!any) {
            throw fail(what + " arrives at port " + source + " of " + pe.name() + ", which its wrapper connects to nothing",
                    "add a wrapper connection from " + source + " (seed 003 §3.1: unconnected port)");
        }
    }

    // ---------------------------------------------------------------- execution

    private long execute() {
        for (BankState b : banks) {
            if (b.model.getKind() == BankKind.INPUT && !b.enable.isEmpty()) {
                b.routes = route(b.pe, b.model.getSide().getLiteral() + b.model.getPort(), "input bank " + b.model.getName());
                for (Dest d : b.routes) {
                    if (d.bank() != null) {
                        throw fail("input bank " + b.model.getName() + " is routed to bank " + d.bank().model.getName(),
                                "route input banks to PE input ports");
                    }
                }
            }
        }
        if (pes.isEmpty()) {
            return 0;
        }
        monitor.begin("simulate " + cfg.getName(), 0);
        for (long c = 0;; c++) {
            if (c >= options.maxCycles()) {
                throw fail("the simulation did not finish within " + options.maxCycles() + " cycles",
                        "raise the cycle limit (--max-cycles) or check that every FU program reaches halt (digest P14)");
            }
            if ((c & 1023) == 0) {
                monitor.checkCanceled();
            }
            while (!pending.isEmpty() && pending.peek().time() <= c) {
                arrive(pending.poll(), c);
            }
            streamInputs(c);
            List<Write> writes = new ArrayList<>();
            boolean running = false;
            for (Pe pe : pes.values()) {
                for (Fu fu : pe.fus) {
                    if (!fu.halted) {
                        running = true;
                        if (c >= pe.start) {
                            step(pe, fu, c, writes);
                        }
                    }
                }
            }
            List<Write> now = delayed.containsKey(c) ? delayed.remove(c) : new ArrayList<>();
            for (Write w : writes) {
                if (w.due() > c) {
                    delayed.computeIfAbsent(w.due(), k -> new ArrayList<>()).add(w);
                } else {
                    now.add(w);
                }
            }
            commit(now, c);
            if (!running && pending.isEmpty() && delayed.isEmpty()) {
                finish();
                return c;
            }
        }
    }

    private void log(long c, String text) {
        if (options.trace() && trace.size() < options.maxTraceLines()) {
            trace.add(c + ": " + text);
        }
    }

    private void streamInputs(long c) {
        for (BankState b : banks) {
            if (b.model.getKind() != BankKind.INPUT || b.next >= b.enable.size()) {
                continue;
            }
            boolean room = b.routes.stream().allMatch(d -> d.pe().fifo.computeIfAbsent(d.port(), k -> new ArrayDeque<>()).size()
                    + d.pe().inFlight.getOrDefault(d.port(), 0) < fifoCapacity);
            if (!room) {
                continue;
            }
            long[] idx = index(b, b.enable.get(b.next++));
            ArrayData in = inputs.get(b.model.getVariable());
            if (in == null || in.dimension() != idx.length || !in.has(idx)) {
                throw fail("no value for input " + ArrayData.instance(b.model.getVariable(), idx) + " (bank " + b.model.getName() + ")",
                        "give it, e.g. --input " + b.model.getVariable() + "=13");
            }
            int v = in.get(idx);
            log(c, "bank " + b.model.getName() + " reads " + ArrayData.instance(b.model.getVariable(), idx) + " = " + v
                    + " (address " + address(b, idx) + ")");
            for (Dest d : b.routes) {
                send(d, v, c + (long) d.hops() * hopLatency, c, "bank " + b.model.getName());
            }
        }
    }

    private void send(Dest d, int value, long time, long now, String from) {
        if (d.pe() != null) {
            d.pe().inFlight.merge(d.port(), 1, Integer::sum);
        }
        Arrival a = new Arrival(time, seq++, value, d, from);
        if (time <= now) {
            arrive(a, now);
        } else {
            pending.add(a);
        }
    }

    private void arrive(Arrival a, long c) {
        Dest d = a.dest();
        if (d.pe() != null) {
            d.pe().inFlight.merge(d.port(), -1, Integer::sum);
            ArrayDeque<Integer> q = d.pe().fifo.computeIfAbsent(d.port(), k -> new ArrayDeque<>());
            if (q.size() >= fifoCapacity) {
                throw fail("FIFO overflow at cycle " + c + ": id" + d.port() + " of " + d.pe().name() + " already holds "
                        + fifoCapacity + " values when " + a.from() + " sends another",
                        "raise fifoCapacity or check the producer's and consumer's schedules");
            }
            q.add(a.value());
            log(c, d.pe().name() + " id" + d.port() + " <- " + a.value() + " from " + a.from());
        } else {
            BankState b = d.bank();
            if (b.next >= b.enable.size()) {
                throw fail("bank " + b.model.getName() + " receives a value at cycle " + c + " from " + a.from()
                        + " but its enable domain " + b.model.getEnable() + " has only " + b.enable.size() + " iterations",
                        "check the enable domain of the bank's address generator (seed 003 §6.4)");
            }
            long[] idx = index(b, b.enable.get(b.next++));
            ArrayData out = outputs.get(b.model.getVariable());
            if (out.put(idx, a.value()) != null) {
                diagnostics.add(Diagnostic.warning(file, 0, "bank " + b.model.getName() + " writes "
                        + ArrayData.instance(b.model.getVariable(), idx) + " twice", "the address function is not injective"));
            }
            log(c, "bank " + b.model.getName() + " writes " + ArrayData.instance(b.model.getVariable(), idx) + " = "
                    + a.value() + " (address " + address(b, idx) + ")");
        }
    }

    private long[] index(BankState b, long[] j) {
        int n = b.model.getIndexOffset().size();
        long[] idx = new long[n];
        for (int r = 0; r < n; r++) {
            idx[r] = b.model.getIndexOffset().get(r);
            for (int k = 0; k < j.length; k++) {
                idx[r] += b.model.getIndexMatrix().get(r * j.length + k) * j[k];
            }
        }
        return idx;
    }

    /** The AG's memory address: base + strides·index (seed 003 §6.4); strides default to row-major unit steps. */
    static long address(Bank b, long[] idx) {
        long a = b.getBase();
        for (int r = 0; r < idx.length; r++) {
            a += (r < b.getStrides().size() ? b.getStrides().get(r) : (r == idx.length - 1 ? 1 : 0)) * idx[r];
        }
        return a;
    }

    private long address(BankState b, long[] idx) {
        return address(b.model, idx);
    }

    private void step(Pe pe, Fu fu, long c, List<Write> writes) {
        Instr in = fu.code[fu.pc];
        String where = pe.name() + " " + fu.name + " at cycle " + c + " (pc " + fu.pc + ": " + in.text + ")";
        String result = "";
        if (in.op != null) {
            int[] a = new int[in.sources.length];
            for (int k = 0; k < a.length; k++) {
                a[k] = read(pe, in.sources[k], where);
            }
            int v = in.op.eval().apply(a);
            writes.add(new Write(pe, fu, in.dest, v, c + in.latency - 1));
            result = "  " + in.dest.text() + " = " + v;
            for (Operand d : in.moreDests) {
                writes.add(new Write(pe, fu, d, v, c + in.latency - 1));
                result += ", " + d.text() + " = " + v;
            }
        }
        switch (in.branch) {
            case NEXT -> fu.pc++;
            case GOTO -> fu.pc = in.targets[0];
            case HALT -> fu.halted = true;
            case IF -> {
                int code = 0;
                StringBuilder sb = new StringBuilder();
                for (int s : in.signals) {
                    int bit = signal(pe, s, c);
                    code = code * 2 + bit;
                    sb.append(' ').append(cfg.getControlSignals().get(s).getName()).append('=').append(bit);
                }
                fu.pc = in.targets[in.targets.length - 1 - code];
                result += " ;" + sb;
            }
        }
        if (in.op != null && in.latency > 1) {
            result += " (written at the end of cycle " + (c + in.latency - 1) + ")";
        }
        log(c, pe.name() + " " + fu.name + " " + in.text + result);
        if (!fu.halted && fu.pc >= fu.code.length) {
            throw fail(where + ": the program runs past its last instruction", "end every path with halt (digest P14)");
        }
    }

    /** The GC's signal s for the kernel that {@code pe} executes at cycle c (seed 003 §6.2). */
    private int signal(Pe pe, int s, long c) {
        long n = (c - pe.start) / pi;
        boolean[] on = pe.cls.signalOn[s];
        return n < on.length && on[(int) n] ? 1 : 0;
    }

    private int read(Pe pe, Operand o, String where) {
        switch (o.kind()) {
            case '#':
                return o.literal();
            case 'r': {
                Integer v = pe.rd.get(o.index());
                if (v == null) {
                    throw fail(where + ": reads " + o.text() + " before any write", "check the producer's slot in the schedule");
                }
                return v;
            }
            case 'f': {
                Fd fd = pe.fd.get(o.index());
                if (fd.count == 0) {
                    throw fail(where + ": reads " + o.text() + " but the feedback register holds no value (FD underflow)",
                            "check its depth λ^J·d/π and that every read has a matching earlier write (digest P21)");
                }
                int v = fd.values[fd.read];
                fd.read = (fd.read + 1) % fd.values.length;
                fd.count--;
                return v;
            }
            case 'i': {
                ArrayDeque<Integer> q = pe.fifo.get(o.index());
                if (q == null || q.isEmpty()) {
                    throw fail(where + ": reads " + o.text() + " but its FIFO is empty (underflow: nothing arrived on pe"
                            + o.index() + ")", "check the wrapper connections, the input banks and the producer's schedule");
                }
                return q.poll();
            }
            default:
                throw fail(where + ": cannot read " + o.text(), "output registers are write-only");
        }
    }

    private void commit(List<Write> writes, long c) {
        Set<String> written = new HashSet<>();
        for (Write w : writes) {
            if (!written.add(w.pe().row + "," + w.pe().col + "," + w.reg().text())) {
                throw fail(w.pe().name() + ": two FUs write " + w.reg().text() + " at cycle " + c,
                        "give the values different registers");
            }
            switch (w.reg().kind()) {
                case 'r' -> w.pe().rd.put(w.reg().index(), w.value());
                case 'f' -> {
                    Fd fd = w.pe().fd.get(w.reg().index());
                    if (fd.count == fd.values.length) {
                        throw fail(w.pe().name() + " " + w.fu().name + " at cycle " + c + ": writes " + w.reg().text()
                                + " but all " + fd.values.length + " entries are unread (FD overflow)",
                                "raise its depth or check the reads (digest P4, P21)");
                    }
                    fd.values[fd.write] = w.value();
                    fd.write = (fd.write + 1) % fd.values.length;
                    fd.count++;
                }
                default -> {
                    int port = w.reg().index();
                    List<Dest> ds = w.pe().routes.get(port);
                    if (ds == null) {
                        ds = route(w.pe(), "pe" + port, w.pe().name() + " " + w.fu().name + " writing " + w.reg().text() + " at cycle " + c);
                        w.pe().routes.put(port, ds);
                    }
                    for (Dest d : ds) {
                        send(d, w.value(), c + 1 + (long) d.hops() * hopLatency, c, w.pe().name() + " " + w.reg().text());
                    }
                }
            }
        }
    }

    private void finish() {
        for (Pe pe : pes.values()) {
            pe.fifo.forEach((port, q) -> {
                if (!q.isEmpty()) {
                    diagnostics.add(Diagnostic.warning(file, 0, pe.name() + ": " + q.size() + " value(s) left unread in id" + port,
                            "a producer sends more values than the program reads"));
                }
            });
        }
        for (BankState b : banks) {
            if (b.next < b.enable.size()) {
                diagnostics.add(Diagnostic.warning(file, 0, "bank " + b.model.getName() + " transferred " + b.next + " of the "
                        + b.enable.size() + " elements of its enable domain", "the programs read or write fewer values than configured"));
            }
        }
    }
}
