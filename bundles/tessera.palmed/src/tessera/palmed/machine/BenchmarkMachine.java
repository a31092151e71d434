package tessera.palmed.machine;

import java.util.List;

import tessera.core.Monitor;
import tessera.palmed.model.Kernel;

/** The measure(K) primitive of seed 000 §III-A / digest §3.1, behind which sit the simulated and the host machine. */
public interface BenchmarkMachine {
    /** Identifies the machine in the measurement cache (e.g. "sim-toy-3f2a1c" or "host-x86_64-…"). */
    String id();

    /** The instructions this machine can benchmark. */
    List<String> instructions();

    /** Measures one kernel; throws {@link tessera.core.DiagnosticException} when the machine cannot. */
    Measurement measure(Kernel kernel, Monitor monitor);
}
