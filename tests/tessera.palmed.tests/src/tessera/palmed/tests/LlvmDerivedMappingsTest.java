package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import tessera.core.Diagnostics;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.PortMappingThroughput;

/**
 * Issue 21 item 1: the port mappings derived from LLVM 14's scheduling models (data/llvm, README.md there) read
 * without diagnostics and give llvm-mca's reciprocal throughput for each instruction alone (seed 000 digest §2.3).
 */
class LlvmDerivedMappingsTest {
    static final String[] CPUS = {"skylake", "haswell", "znver2", "znver3", "cortex-a57"};

    static Path dir() {
        return Fixtures.root().resolve("tests/tessera.palmed.tests/data/llvm");
    }

    static PortMapping load(String file) throws IOException {
        Diagnostics d = new Diagnostics();
        PortMapping pm = PortMappingParser.parse(file, Files.readString(dir().resolve(file)), d);
        assertEquals(0, d.size(), file + ": " + d);
        assertNotNull(pm, file);
        return pm;
    }

    /** expected.tsv: cpu → instruction → {uops, dispatch width, llvm-mca RThroughput}. */
    static Map<String, Map<String, double[]>> expected() throws IOException {
        Map<String, Map<String, double[]>> out = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(dir().resolve("expected.tsv"));
        assertEquals("cpu\tinstruction\tuops\tdispatch_width\tllvm_rthroughput\tderived_cycles\tasm", lines.get(0));
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split("\t");
            out.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], new double[] {
                Double.parseDouble(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4])});
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"skylake", "haswell", "znver2", "znver3", "cortex-a57"})
    void everyDerivedFileParsesWithoutDiagnostics(String cpu) throws IOException {
        for (int size : new int[] {250, 500}) {
            PortMapping pm = load(cpu + "-" + size + ".portmap");
            assertEquals(size, pm.instructions().size(), cpu);
            assertEquals(cpu + "-" + size, pm.name());
            assertTrue(pm.issueWidth() > 0, cpu);
            assertEquals(pm.instructions().keySet(), pm.declaredUops().keySet(), "every line says 'uops N'");
        }
        PortMapping small = load(cpu + "-250.portmap");
        PortMapping big = load(cpu + "-500.portmap");
        for (String i : small.instructionNames()) {
            assertEquals(big.uops(i), small.uops(i), cpu + " " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"skylake", "haswell", "znver2", "znver3", "cortex-a57"})
    void eachInstructionAloneRunsAtLlvmMcasReciprocalThroughput(String cpu) throws IOException {
        Map<String, double[]> exp = expected().get(cpu);
        assertNotNull(exp, cpu);
        PortMapping pm = load(cpu + "-500.portmap");
        assertEquals(pm.instructions().keySet(), exp.keySet(), cpu);
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, double[]> e : exp.entrySet()) {
            double[] v = e.getValue();
            assertEquals((int) v[0], pm.uopCount(e.getKey()), cpu + " " + e.getKey());
            assertEquals((int) v[1], pm.issueWidth(), cpu);
            // llvm-mca's RThroughput leaves the dispatch width out when the instruction uses a resource
            double want = Math.max(v[2], v[0] / v[1]);
            double got = PortMappingThroughput.cycles(pm, Kernel.single(e.getKey()));
            if (Math.abs(want - got) > 0.006) {
                wrong.add(e.getKey() + " " + got + " vs " + want);
            }
        }
        assertTrue(wrong.isEmpty(), cpu + ": " + wrong);
    }

    /** Spot checks against llvm-mca 14.0.6's instruction tables, with the busy-cycles form of the dividers. */
    @ParameterizedTest
    @CsvSource({
        "skylake, VDIVPD_YMM_YMM_YMM, 5.0, 1*p0+5c*pb",
        "skylake, ADD_R64_M64, 0.5, 1*p0156+1*p23",
        "haswell, DIVPS_XMM_XMM, 7.0, 1*p0+7c*pb",
        "znver2, ADD_R64_R64, 0.25, 1*pefgh",
        "znver3, VDIVPD_YMM_YMM_YMM, 5.0, 5c*pk",
        "znver3, MOVAPS_M128_XMM, 1.0, 1*pno+1*pq+1*prst+1*pxy",
        "cortex-a57, SDIV_X_X_X, 35.0, 35c*pf"})
    void aKnownInstructionPerCpu(String cpu, String instruction, double rthroughput, String usage) throws IOException {
        PortMapping pm = load(cpu + "-500.portmap");
        assertEquals(usage, pm.notation(instruction), cpu);
        assertEquals(rthroughput, expected().get(cpu).get(instruction)[2], 1e-9, "expected.tsv");
        assertEquals(rthroughput, PortMappingThroughput.cycles(pm, Kernel.single(instruction)), 1e-9);
        assertEquals(1.0 / rthroughput, PortMappingThroughput.ipc(pm, Kernel.single(instruction)), 1e-9);
    }

    @Test
    void theScriptReproducesTheZen3Files(@TempDir Path tmp) throws IOException, InterruptedException {
        String mca = onPath("llvm-mca");
        String python = onPath("python3");
        Assumptions.assumeTrue(mca != null, "llvm-mca not found on PATH: skipping the re-run of data/llvm/derive.py");
        Assumptions.assumeTrue(python != null, "python3 not found on PATH: skipping the re-run of derive.py");
        String version = new String(new ProcessBuilder(mca, "--version").redirectErrorStream(true).start()
                .getInputStream().readAllBytes());
        Assumptions.assumeTrue(version.contains("LLVM version 14.0.6"),
                "the committed files come from llvm-mca 14.0.6, found: " + version.strip());
        Process p = new ProcessBuilder(python, dir().resolve("derive.py").toString(), "--llvm-mca", mca, "--out",
                tmp.toString(), "--cpu", "znver3").redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "derive.py took over 2 minutes");
        assertEquals(0, p.exitValue(), log);
        for (String f : new String[] {"znver3-250.portmap", "znver3-500.portmap"}) {
            assertEquals(Files.readString(dir().resolve(f)), Files.readString(tmp.resolve(f)), f);
        }
    }

    private static String onPath(String exe) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d, exe);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
