package tessera.tcpa.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

import tessera.core.Monitor;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.sim.Machine.BankState;
import tessera.tcpa.sim.Machine.Dest;
import tessera.tcpa.sim.Machine.Fd;
import tessera.tcpa.sim.Machine.Fu;
import tessera.tcpa.sim.Machine.Instr;
import tessera.tcpa.sim.Machine.Operand;
import tessera.tcpa.sim.Machine.Pe;
import tessera.tcpa.sim.Problems.Abort;

/**
 * Cycle-level TCPA simulator of a concrete configuration (seed 003 §3, digest §6.5). Per cycle: values due arrive in
 * ID FIFOs and output banks, input banks stream their next element, then every started PE's FUs each execute the
 * instruction at their own PC (orthogonal instruction processing, §3.2) reading registers as they were at the start
 * of the cycle, and finally the writes due commit. Latency: an instruction issued at cycle c with latency l (1
 * unless the configuration's {@code latencies} say otherwise, as the architecture's pipelined FUs) writes its result
 * at the end of cycle c + l − 1, so it is readable at c + l in RD/FD, and at c + l + hops·hopLatency in the FIFO of
 * the PE its OD drives (digest P20); the mapping schedules with the same latencies. PE K starts at λ^K·K; its n-th
 * kernel (π cycles) belongs to the n-th iteration of its class's kernel space in λ^J order, and global control
 * signals are 1 exactly when that iteration is in their one-domain (§6.2). Problems come back as diagnostics, never
 * as exceptions.
 * <p>
 * {@link MachineBuilder} checks the configuration and builds the {@link Machine} (FU programs compiled by
 * {@link ProgramCompiler}); this class executes it, routing values through the wrappers with {@link Interconnect}.
 */
public final class Simulator {
    /** Run limits: the cycle limit, whether to record a trace, and how many trace lines at most. */
    public record Options(long maxCycles, boolean trace, int maxTraceLines) {
        public static final Options DEFAULT = new Options(1_000_000, false, 0);

        public static Options tracing() {
            return new Options(1_000_000, true, 200_000);
        }
    }

    private record Arrival(long time, long seq, int value, Dest dest, String from) {
    }

    /** A result of {@code fu}, committed at the end of cycle {@code due} (issue cycle + latency − 1). */
    private record Write(Pe pe, Fu fu, Operand reg, int value, long due) {
    }

    private final Machine m;
    private final Problems problems;
    private final Interconnect interconnect;
    private final Inputs inputs;
    private final Options options;
    private final Monitor monitor;
    private final PriorityQueue<Arrival> pending = new PriorityQueue<>(
            Comparator.comparingLong(Arrival::time).thenComparingLong(Arrival::seq));
    private final List<String> trace;
    private final TreeMap<Long, List<Write>> delayed = new TreeMap<>(); // commit cycle → writes
    private long seq;

    private Simulator(Machine m, Problems problems, Inputs inputs, Options options, Monitor monitor, List<String> trace) {
        this.m = m;
        this.problems = problems;
        this.interconnect = new Interconnect(m, problems);
        this.inputs = inputs == null ? new Inputs() : inputs;
        this.options = options == null ? Options.DEFAULT : options;
        this.monitor = monitor == null ? Monitor.NULL : monitor;
        this.trace = trace;
    }

    /** Simulates {@code cfg} on the given inputs; {@code file} names the configuration in diagnostics. */
    public static SimResult run(ConcreteConfiguration cfg, String file, Inputs inputs, Options options, Monitor monitor) {
        Problems problems = new Problems(file);
        List<String> trace = new ArrayList<>();
        try {
            Machine machine = MachineBuilder.build(cfg, problems);
            if (problems.diagnostics.hasErrors()) {
                throw new Abort();
            }
            long cycles = new Simulator(machine, problems, inputs, options, monitor, trace).execute();
            return new SimResult(machine.outputs, cycles, problems.diagnostics, trace);
        } catch (Abort a) {
            return new SimResult(Map.of(), 0, problems.diagnostics, trace);
        }
    }

    // ---------------------------------------------------------------- execution

    private long execute() {
        for (BankState b : m.banks) {
            if (b.model.getKind() == BankKind.INPUT && !b.enable.isEmpty()) {
                b.routes = interconnect.route(b.pe, b.model.getSide().getLiteral() + b.model.getPort(),
                        "input bank " + b.model.getName());
                for (Dest d : b.routes) {
                    if (d.bank() != null) {
                        throw problems.fail("input bank " + b.model.getName() + " is routed to bank " + d.bank().model.getName(),
                                "route input banks to PE input ports");
                    }
                }
            }
        }
        if (m.pes.isEmpty()) {
            return 0;
        }
        monitor.begin("simulate " + m.cfg.getName(), 0);
        for (long c = 0;; c++) {
            if (c >= options.maxCycles()) {
                throw problems.fail("the simulation did not finish within " + options.maxCycles() + " cycles",
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
            for (Pe pe : m.pes.values()) {
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
        for (BankState b : m.banks) {
            if (b.model.getKind() != BankKind.INPUT || b.next >= b.enable.size()) {
                continue;
            }
            boolean room = b.routes.stream().allMatch(d -> d.pe().fifo.computeIfAbsent(d.port(), k -> new ArrayDeque<>()).size()
                    + d.pe().inFlight.getOrDefault(d.port(), 0) < m.fifoCapacity);
            if (!room) {
                continue;
            }
            long[] idx = index(b, b.enable.get(b.next++));
            ArrayData in = inputs.get(b.model.getVariable());
            if (in == null || in.dimension() != idx.length || !in.has(idx)) {
                throw problems.fail("no value for input " + ArrayData.instance(b.model.getVariable(), idx)
                        + " (bank " + b.model.getName() + ")",
                        "give it, e.g. --input " + b.model.getVariable() + "=13");
            }
            int v = in.get(idx);
            log(c, "bank " + b.model.getName() + " reads " + ArrayData.instance(b.model.getVariable(), idx) + " = " + v
                    + " (address " + address(b, idx) + ")");
            for (Dest d : b.routes) {
                send(d, v, c + (long) d.hops() * m.hopLatency, c, "bank " + b.model.getName());
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
            if (q.size() >= m.fifoCapacity) {
                throw problems.fail("FIFO overflow at cycle " + c + ": id" + d.port() + " of " + d.pe().name() + " already holds "
                        + m.fifoCapacity + " values when " + a.from() + " sends another",
                        "raise m.fifoCapacity or check the producer's and consumer's schedules");
            }
            q.add(a.value());
            log(c, d.pe().name() + " id" + d.port() + " <- " + a.value() + " from " + a.from());
        } else {
            BankState b = d.bank();
            if (b.next >= b.enable.size()) {
                throw problems.fail("bank " + b.model.getName() + " receives a value at cycle " + c + " from " + a.from()
                        + " but its enable domain " + b.model.getEnable() + " has only " + b.enable.size() + " iterations",
                        "check the enable domain of the bank's address generator (seed 003 §6.4)");
            }
            long[] idx = index(b, b.enable.get(b.next++));
            ArrayData out = m.outputs.get(b.model.getVariable());
            if (out.put(idx, a.value()) != null) {
                problems.warning("bank " + b.model.getName() + " writes "
                        + ArrayData.instance(b.model.getVariable(), idx) + " twice", "the address function is not injective");
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
                    sb.append(' ').append(m.cfg.getControlSignals().get(s).getName()).append('=').append(bit);
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
            throw problems.fail(where + ": the program runs past its last instruction", "end every path with halt (digest P14)");
        }
    }

    /** The GC's signal s for the kernel that {@code pe} executes at cycle c (seed 003 §6.2). */
    private int signal(Pe pe, int s, long c) {
        long n = (c - pe.start) / m.pi;
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
                    throw problems.fail(where + ": reads " + o.text() + " before any write",
                            "check the producer's slot in the schedule");
                }
                return v;
            }
            case 'f': {
                Fd fd = pe.fd.get(o.index());
                if (fd.count == 0) {
                    throw problems.fail(where + ": reads " + o.text()
                            + " but the feedback register holds no value (FD underflow)",
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
                    throw problems.fail(where + ": reads " + o.text() + " but its FIFO is empty (underflow: nothing arrived on pe"
                            + o.index() + ")", "check the wrapper connections, the input banks and the producer's schedule");
                }
                return q.poll();
            }
            default:
                throw problems.fail(where + ": cannot read " + o.text(), "output registers are write-only");
        }
    }

    private void commit(List<Write> writes, long c) {
        Set<String> written = new HashSet<>();
        for (Write w : writes) {
            if (!written.add(w.pe().row + "," + w.pe().col + "," + w.reg().text())) {
                throw problems.fail(w.pe().name() + ": two FUs write " + w.reg().text() + " at cycle " + c,
                        "give the values different registers");
            }
            switch (w.reg().kind()) {
                case 'r' -> w.pe().rd.put(w.reg().index(), w.value());
                case 'f' -> {
                    Fd fd = w.pe().fd.get(w.reg().index());
                    if (fd.count == fd.values.length) {
                        throw problems.fail(w.pe().name() + " " + w.fu().name + " at cycle " + c + ": writes " + w.reg().text()
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
                        ds = interconnect.route(w.pe(), "pe" + port,
                                w.pe().name() + " " + w.fu().name + " writing " + w.reg().text() + " at cycle " + c);
                        w.pe().routes.put(port, ds);
                    }
                    for (Dest d : ds) {
                        send(d, w.value(), c + 1 + (long) d.hops() * m.hopLatency, c, w.pe().name() + " " + w.reg().text());
                    }
                }
            }
        }
    }

    private void finish() {
        for (Pe pe : m.pes.values()) {
            pe.fifo.forEach((port, q) -> {
                if (!q.isEmpty()) {
                    problems.warning(pe.name() + ": " + q.size() + " value(s) left unread in id" + port,
                            "a producer sends more values than the program reads");
                }
            });
        }
        for (BankState b : m.banks) {
            if (b.next < b.enable.size()) {
                problems.warning("bank " + b.model.getName() + " transferred " + b.next + " of the "
                        + b.enable.size() + " elements of its enable domain",
                        "the programs read or write fewer values than configured");
            }
        }
    }
}
