package tessera.tcpa.pipeline;

import java.util.Map;
import java.util.Random;

import tessera.rdg.Rdg;
import tessera.rdg.interp.ArrayData;
import tessera.rdg.interp.Inputs;
import tessera.rdg.interp.Interpreter;
import tessera.rdg.interp.RunResult;
import tessera.tcpa.sim.SimResult;
import tessera.tcpa.sim.Simulator;
import tessera.tcpa.concrete.ConcreteConfiguration;

/** Simulates a concrete configuration on random inputs and compares every output element with the PLA interpreter. */
public final class Equivalence {
    /** {@code mismatch} is null when the outputs are equal bit for bit. */
    public record Outcome(long cycles, String mismatch) {
        public boolean equal() {
            return mismatch == null;
        }
    }

    private Equivalence() {
    }

    public static Outcome check(Rdg rdg, ConcreteConfiguration c, Map<String, Long> bounds, long seed) {
        tessera.core.Diagnostic tooMany = Interpreter.sizeProblem(rdg, rdg.getName(), bounds);
        if (tooMany != null) { // issue 22: counted before any input is filled or instance stored
            return new Outcome(0, "the interpreter failed: " + tooMany.format());
        }
        Inputs in;
        try {
            in = new Inputs().fillRandom(rdg, bounds, new Random(seed), 1 << 12);
        } catch (IllegalArgumentException e) {
            return new Outcome(0, "the interpreter failed: " + e.getMessage());
        }
        RunResult ref = Interpreter.run(rdg, bounds, in);
        if (!ref.ok()) {
            return new Outcome(0, "the interpreter failed: " + ref.diagnostics());
        }
        SimResult s = Simulator.run(c, c.getName(), in, Simulator.Options.DEFAULT, null);
        if (!s.ok()) {
            return new Outcome(s.cycles(), "the simulation failed: " + s.diagnostics());
        }
        for (Map.Entry<String, ArrayData> e : ref.outputs().entrySet()) {
            ArrayData got = s.outputs().get(e.getKey());
            if (got == null || !got.values().equals(e.getValue().values())) {
                return new Outcome(s.cycles(), "output " + e.getKey() + " differs: simulated " + (got == null ? "nothing" : got.values())
                        + ", interpreter " + e.getValue().values());
            }
        }
        return new Outcome(s.cycles(), null);
    }
}
