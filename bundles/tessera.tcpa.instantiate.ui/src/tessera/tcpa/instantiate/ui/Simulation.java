package tessera.tcpa.instantiate.ui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Monitor;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.RunResult;
import tessera.tcpa.sim.SimResult;
import tessera.tcpa.sim.Simulator;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.FuProgram;
import tessera.tcpa.concrete.Processor;

/**
 * One simulation of an {@link Instantiation} on random inputs (the seed of {@code tessera.tcpa.pipeline.Equivalence}'s
 * check), compared element by element with the PLA interpreter, with the per-cycle activity of every PE's FUs read
 * from the simulator's trace.
 */
public record Simulation(Instantiation instantiation, long seed, long cycles, List<Row> activity, List<Output> outputs,
        boolean traceComplete, String error) {

    /** What an FU did in one cycle. */
    public static final byte IDLE = 0;
    public static final byte NOP = 1;
    public static final byte BUSY = 2;

    /** Cap on the recorded trace (lines); longer runs show the activity of the first cycles. */
    public static final int TRACE_LIMIT = 400_000;

    /** One chart row: a PE's FU, its class index and per cycle IDLE/NOP/BUSY with the instruction executed. */
    public record Row(int peRow, int peCol, String fu, int classIndex, byte[] state, String[] text) {
        public String name() {
            return "PE (" + peRow + "," + peCol + ") " + fu;
        }

        public int busyCycles() {
            int n = 0;
            for (byte b : state) {
                n += b == BUSY ? 1 : 0;
            }
            return n;
        }
    }

    /** One output element: simulated (null: not written) against interpreted (null: the PLA does not write it). */
    public record Output(String array, List<Long> index, Integer simulated, Integer interpreted) {
        public boolean match() {
            return simulated != null && simulated.equals(interpreted);
        }

        public String element() {
            return ArrayData.instance(array, index.stream().mapToLong(Long::longValue).toArray());
        }
    }

    public boolean ok() {
        return error == null;
    }

    public long mismatches() {
        return outputs.stream().filter(o -> !o.match()).count();
    }

    /** "all 16 output elements match the interpreter (34 cycles)" or "3 of 16 output elements differ (first: bits[4])". */
    public String summary() {
        if (!ok()) {
            return error;
        }
        long bad = mismatches();
        if (bad == 0) {
            return "all " + outputs.size() + " output elements match the PLA interpreter (" + cycles + " cycles, inputs seed " + seed + ")";
        }
        Output first = outputs.stream().filter(o -> !o.match()).findFirst().orElseThrow();
        return bad + " of " + outputs.size() + " output elements differ from the PLA interpreter (first: " + first.element() + " simulated "
                + first.simulated() + ", interpreted " + first.interpreted() + "; " + cycles + " cycles)";
    }

    private static final Pattern STEP = Pattern.compile("(\\d+): PE \\((\\d+),(\\d+)\\) (\\S+) (.*)");

    /** Simulates and interprets on the same random inputs; problems come back as {@link #error}, never as exceptions. */
    public static Simulation run(Instantiation in, long seed, Monitor monitor) {
        Monitor m = monitor == null ? Monitor.NULL : monitor;
        if (!in.ok()) {
            return failed(in, seed, in.error());
        }
        ConcreteConfiguration c = in.config();
        var rdg = in.compiled().pla().rdg();
        Inputs inputs = new Inputs().fillRandom(rdg, in.bounds(), new Random(seed), 1 << 12);
        m.subTask("PLA interpreter");
        RunResult ref = Interpreter.run(rdg, in.fileName(), in.bounds(), inputs, m);
        if (!ref.ok()) {
            return failed(in, seed, "The PLA interpreter failed:\n" + Instantiation.errors(ref.diagnostics()));
        }
        m.subTask("cycle-level simulation");
        SimResult s = Simulator.run(c, in.fileName(), inputs, new Simulator.Options(1_000_000, true, TRACE_LIMIT), m);
        m.checkCanceled();
        if (!s.ok()) {
            return failed(in, seed, "The simulation failed after " + s.cycles() + " cycles:\n" + Instantiation.errors(s.diagnostics()));
        }
        List<Output> outputs = new ArrayList<>();
        TreeSet<String> arrays = new TreeSet<>(ref.outputs().keySet());
        arrays.addAll(s.outputs().keySet());
        for (String a : arrays) {
            ArrayData r = ref.outputs().get(a);
            ArrayData got = s.outputs().get(a);
            TreeSet<List<Long>> keys = new TreeSet<>(Simulation::compare);
            if (r != null) {
                keys.addAll(r.values().keySet());
            }
            if (got != null) {
                keys.addAll(got.values().keySet());
            }
            for (List<Long> k : keys) {
                outputs.add(new Output(a, k, got == null ? null : got.values().get(k), r == null ? null : r.values().get(k)));
            }
        }
        return new Simulation(in, seed, s.cycles(), activity(c, s), outputs, s.trace().size() < TRACE_LIMIT, null);
    }

    /** Rows per PE (row-major) and FU (program order) from the trace lines "c: PE (r,c) fu instruction  result". */
    static List<Row> activity(ConcreteConfiguration c, SimResult s) {
        int cycles = (int) Math.min(Integer.MAX_VALUE - 1, s.cycles() + 1);
        List<Processor> pes = new ArrayList<>(c.getProcessors());
        pes.sort((a, b) -> a.getRow() != b.getRow() ? Integer.compare(a.getRow(), b.getRow()) : Integer.compare(a.getCol(), b.getCol()));
        List<Row> rows = new ArrayList<>();
        Map<String, Row> byName = new HashMap<>();
        boolean texts = (long) cycles * pes.size() * 4 <= 2_000_000;
        for (Processor p : pes) {
            if (p.getProcessorClass() == null) {
                continue;
            }
            for (FuProgram prog : p.getProcessorClass().getPrograms()) {
                Row r = new Row(p.getRow(), p.getCol(), prog.getFu(), c.getProcessorClasses().indexOf(p.getProcessorClass()), new byte[cycles],
                        texts ? new String[cycles] : null);
                rows.add(r);
                byName.put(r.name(), r);
            }
        }
        for (String line : s.trace()) {
            Matcher mt = STEP.matcher(line);
            if (!mt.matches()) {
                continue;
            }
            // "PE (r,c) id0 <- v" (FIFO arrivals) match too; only FU names of that PE's class select a row
            Row r = byName.get("PE (" + mt.group(2) + "," + mt.group(3) + ") " + mt.group(4));
            int cycle = Integer.parseInt(mt.group(1));
            if (r == null || cycle >= r.state().length) {
                continue;
            }
            String text = mt.group(5).trim();
            r.state()[cycle] = text.startsWith("nop") ? NOP : BUSY;
            if (r.text() != null) {
                r.text()[cycle] = text;
            }
        }
        return rows;
    }

    private static int compare(List<Long> a, List<Long> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int x = Long.compare(a.get(i), b.get(i));
            if (x != 0) {
                return x;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static Simulation failed(Instantiation in, long seed, String error) {
        return new Simulation(in, seed, 0, List.of(), List.of(), true, error);
    }
}
