package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.occupancy.OccupancyCalculator;

/**
 * The sm_90 occupancy calculator against the CUDA driver: data/h200-occupancy.csv holds
 * {@code cuOccupancyMaxActiveBlocksPerMultiprocessor} on an H200 (driver 580.159.04, CUDA 13.0; copied unmodified from
 * the workplace's shared/gpu measurements) for kernels of known registers and static shared memory, blocks of 32 to
 * 1024 threads and 0 to 48 KB of dynamic shared memory. Rows the driver refused (a block above the kernel's limit)
 * are skipped.
 */
class H200OccupancyTest {

    @Test
    void blocksPerSmEqualTheDriversOnEveryMeasuredCase() throws Exception {
        ArchSpec sm90 = ArchSpec.find("sm_90").orElseThrow();
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (String line : Files.readAllLines(NvccCorpus.root().resolveSibling("h200-occupancy.csv"))) {
            String[] f = line.split(",", -1);
            if (line.startsWith("#") || line.startsWith("arch,") || !f[5].isEmpty()) {
                continue;
            }
            int regs = Integer.parseInt(f[1]);
            int block = Integer.parseInt(f[2]);
            int dynamic = Integer.parseInt(f[3]);
            int driver = Integer.parseInt(f[4]);
            int staticSmem = Integer.parseInt(f[7]);
            int ours = OccupancyCalculator.compute(sm90, regs, block, staticSmem + dynamic).blocksPerSM();
            compared++;
            if (ours != driver) {
                wrong.add(line + " -> " + ours);
            }
        }
        assertTrue(compared >= 900, "only " + compared + " cases");
        assertEquals(List.of(), wrong);
    }
}
