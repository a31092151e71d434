package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.palmed.machine.CachedMachine;
import tessera.palmed.machine.HostMachine;
import tessera.palmed.machine.Measurement;
import tessera.palmed.model.Kernel;

/** The native back end on this host: a couple of micro-kernels, sanity of IPC and spread; the cache resumes. */
class HostMachineTest {
    @Test
    void measuresMicroKernelsNatively() throws Exception {
        assumeTrue(HostMachine.unavailable() == null, "gcc or x86-64 missing: " + HostMachine.unavailable());
        HostMachine host = new HostMachine(List.of("ADD_R64_R64", "ADDPS_XMM_XMM", "IMUL_R64_R64"), 5, 2_000_000);
        Path dir = Files.createTempDirectory("palmed-cache");
        CachedMachine cached = new CachedMachine(host, dir);
        for (String k : List.of("ADD_R64_R64", "ADDPS_XMM_XMM^2 IMUL_R64_R64")) {
            Measurement m = cached.measure(Kernel.parse(k), Monitor.NULL);
            assertTrue(m.ipc() >= 0.05 && m.ipc() <= 8, k + ": IPC " + m.ipc());
            assertTrue(m.spread() >= 0 && m.repetitions() == 5, k + ": spread " + m.spread());
            assertTrue(m.clock().matches("perf-cycles|rdtsc-calibrated|wall-calibrated"), m.clock());
        }
        CachedMachine again = new CachedMachine(host, dir);
        again.measure(Kernel.parse("ADD_R64_R64"), Monitor.NULL);
        assertEquals(1, again.hits());
        assertEquals(0, again.misses());
    }
}
