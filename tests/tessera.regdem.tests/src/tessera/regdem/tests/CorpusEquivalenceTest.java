package tessera.regdem.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import tessera.regdem.cubin.CubinReader;
import tessera.regdem.cubin.ResourceUsage;
import tessera.regdem.demote.CandidateSelection;
import tessera.regdem.demote.LocalSpillToShared;
import tessera.regdem.demote.RegDem;
import tessera.regdem.demote.SharedLayout;
import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sim.LaunchTable;
import tessera.regdem.sim.SassSimulator;
import tessera.regdem.sim.SimulationException;

/**
 * Seed 004 on real nvcc output: RegDem variants of every corpus kernel the simulator runs (launch.txt), on every
 * architecture, compute what nvcc's kernel computes on random inputs, and their spill slots lie after the kernel's own
 * static and dynamic shared memory (and sm_90's reserved 1 KB), and they use only opcodes that nvcc itself emits
 * for that architecture somewhere in the corpus (no SHL or XMAD on Volta and later). Register counts and static sizes
 * come from the cubin.
 */
class CorpusEquivalenceTest {

    static List<String> archs() {
        return NvccCorpus.ARCHS;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("archs")
    void demotedVariantsEqualTheOriginal(String arch) throws Exception {
        ArchSpec spec = ArchSpec.find(arch).orElseThrow();
        List<String> failures = new ArrayList<>();
        List<String> notSimulated = new ArrayList<>();
        java.util.Set<String> nvccOpcodes = new java.util.HashSet<>();
        for (NvccCorpus.Entry c : NvccCorpus.entries()) {
            if (c.arch().equals(arch)) {
                tessera.regdem.sass.SassParser.parse(c.toString(), c.text()).program().instructions()
                        .forEach(i -> nvccOpcodes.add(i.opcode()));
            }
        }
        int compared = 0;
        for (LaunchTable.Entry e : NvccSimulation.table().entries()) {
            NvccCorpus.Entry c = new NvccCorpus.Entry(arch, e.listing(), NvccCorpus.root().resolve(arch));
            ResourceUsage u = CubinReader.read(c.cubin()).kernel(e.kernel()).orElseThrow().usage();
            SassProgram p = NvccSimulation.program(arch, e).withHeader("RegCnt", String.valueOf(u.registers()))
                    .withHeader("SharedSize", String.valueOf(u.staticSharedBytes()));
            SassSimulator.Inputs in = SassSimulator.inputs(e.spec(), 7);
            SassSimulator.Result orig;
            try {
                orig = SassSimulator.run(p, e.spec(), in, 0);
            } catch (SimulationException x) {
                notSimulated.add(e.kernel() + " (" + x.getMessage() + ")");
                continue;
            }
            int base = SharedLayout.spillBase(spec, u.staticSharedBytes(), e.spec().dynamicShared());
            List<SassProgram> variants = new ArrayList<>();
            List<Long> bytes = new ArrayList<>();
            for (int k : new int[] {2, 5}) {
                // every optimisation flag combination with CFG candidates, all flags with the other two strategies
                for (CandidateSelection.Strategy st : CandidateSelection.Strategy.values()) {
                    for (int flags = st == CandidateSelection.Strategy.CFG ? 0 : 7; flags < 8; flags++) {
                        RegDem.Result r = RegDem.run(p, RegDem.Options.of(e.spec().threads(), k).with(st,
                                (flags & 4) != 0, (flags & 2) != 0, (flags & 1) != 0)
                                .withDynamicSmem(e.spec().dynamicShared()));
                        if (!r.demoted().isEmpty()) {
                            variants.add(r.program());
                            bytes.add(r.sharedBytes());
                        }
                    }
                }
            }
            LocalSpillToShared.Result ls = LocalSpillToShared.run(p, e.spec().threads(), base);
            if (ls.words() > 0) {
                variants.add(ls.program());
                bytes.add(ls.sharedBytes());
            }
            for (int v = 0; v < variants.size(); v++) {
                String name = e.kernel() + " variant " + v;
                for (Line.Instr i : variants.get(v).instructions()) {
                    if (!nvccOpcodes.contains(i.opcode())) {
                        failures.add(name + ": " + i.fullOpcode() + " is no instruction nvcc emits for " + arch);
                    }
                    if (i.tag() != null && i.tag().kind() != tessera.regdem.sass.DemoteTag.Kind.PROLOGUE
                            && i.tag().offset() < base) {
                        failures.add(name + ": slot at " + i.tag().offset() + " overlaps the kernel's shared memory"
                                + " (spill base " + base + ")");
                    }
                }
                try {
                    SassSimulator.Result r = SassSimulator.run(variants.get(v), e.spec(), in, (int) (long) bytes.get(v));
                    compared++;
                    if (!r.memory().sameContents(orig.memory())) {
                        failures.add(name + ": outputs differ");
                    }
                } catch (SimulationException x) {
                    failures.add(name + ": " + x.getMessage());
                }
            }
        }
        System.out.println(arch + ": " + compared + " variants compared; not simulated: " + notSimulated);
        assertTrue(failures.isEmpty(), failures.size() + " failures: " + failures);
        assertTrue(compared >= 300, "only " + compared + " variants compared; not simulated: " + notSimulated);
    }
}
