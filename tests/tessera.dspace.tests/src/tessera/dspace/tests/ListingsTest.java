package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.explore.Explorer;

/** The thesis's listings (with their elisions filled in) and the GPU example space parse, validate and run. */
class ListingsTest {
    /** Listing 3.8: the relative order of two instructions. */
    static final String ORDER = """
            choice enum order($lhs in Instructions, $rhs in Instructions):
              value BEFORE:
              value AFTER:
              antisymmetric:
                BEFORE <-> AFTER
            end
            """;
    /** Listing 3.8: the order is transitive. */
    static final String TRANSITIVITY = """
            require forall $a in Instructions:
              forall $b in Instructions:
                forall $c in Instructions:
                  order($a, $c) is AFTER
                  || order($a, $b) is not AFTER
                  || order($b, $c) is not AFTER
            """;
    static final String THESIS = """
            set Instructions:
              type = "ir::Instruction"
              iterator = "$fun.instructions()"
              id_type = "ir::InstId"
              id_getter = "$obj.id()"
              item_getter = "$fun.instruction($id)"
              var_prefix = "inst"
            end
            set LoadInsts subsetof Instructions:
              type = "ir::LoadInst"
              from_superset = "$item.as_load()"
            end
            set StoreInsts subsetof Instructions:
              disjoint: LoadInsts
              type = "ir::StoreInst"
              from_superset = "$item.as_store()"
            end
            set Arrays: end
            set AccessedArray($inst in LoadInsts) subsetof Arrays: end
            set Loops: end
            choice enum cache_level($inst in LoadInsts):
              value L1:           // Use L1+L2 caches
              value L2:           // Use L2 cache
              value READ_ONLY:   // Use read-only cache
                requires "$inst.is_read_only()
                          && !$inst.is_volatile()"
              value NONE:        // Do not use caches
            end
            """ + ORDER + """
            choice integer tiling_factor($loop in Loops):
              "$loop.possible_tiling_factors()"
            end
            choice enum mem_space($array in Arrays):
              value GLOBAL:
              value LOCAL:
            end
            choice counter local_mem_used():
              forall $array in Arrays:
                sum "$array.size()" when
                  mem_space($array) is LOCAL
            end
            require local_mem_used() <= "gpu.local_mem_size()"
            """ + TRANSITIVITY + """
            require forall $a in Instructions:
              forall $b in Instructions:
                forall $c in Instructions:
                  order($a, $b) == order($b, $c) || "$a.independent($c)"
            choice enum is_in_memory($var in Arrays):
              value TRUE:
              value FALSE:
            end
            trigger forall $var in Arrays:
              "$fun.gen_store_load($var)" when
              is_in_memory($var) is TRUE
            choice enum is_fused($lhs in Loops, $rhs in Loops):
              symmetric
              value TRUE:
              value FALSE:
            end
            set Dims: end
            /* Telamon's `internal` counter with a base value */
            define internal counter n_loads():
              base "0"
              forall $l in LoadInsts:
                sum "1"
            end
            quotient OuterLoops($inst in Instructions) of $loop in Loops:
              is_outer_loop = "$loop.is_outer($inst)" / is_fused is TRUE
            end
            """;

    @Test
    void thesisListingsValidate() {
        DspaceLoader.Result r = Fixtures.load(THESIS);
        assertTrue(r.ok(), r.diagnostics()::toString);
        assertEquals(List.of(), r.diagnostics().list().stream().filter(d -> d.isError()).toList());
    }

    @Test
    void gpuSpaceValidatesWithoutWarnings() {
        DspaceLoader.Result r = DspaceLoader.load(Fixtures.root().resolve("examples/dspace/gpu/gpu.exh"));
        assertTrue(r.ok(), r.diagnostics()::toString);
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics()::toString);
        assertEquals(7, r.specs().size(), "gpu.exh and its 6 (transitive) includes");
        assertTrue(r.program().groups.size() > 40);
    }

    @Test
    void gpuSpaceLowersCommunicationsAndKeepsDeadEndsRare() {
        DspaceLoader.Result r = DspaceLoader.load(Fixtures.root().resolve("examples/dspace/gpu/gpu.exh"));
        Candidate root = Fixtures.init(r.program(), Fixtures.json(Fixtures.read("examples/dspace/gpu/gpu-small.json")));
        Explorer ex = new Explorer(root);
        Explorer.Step s = ex.apply(new Explorer.Decision("comm_impl", List.of("c0"), List.of("TEMP_ARRAY")));
        assertTrue(!s.failed() && ex.current().objectsOf("Arrays", null).contains("tmp0"));
        assertEquals(List.of("GLOBAL", "SHARED"), ex.current().values(ex.current().variable("mem_space", List.of("tmp0"))));
        // a Table 4.3-style measure: random descents from the root rarely end in a dead end
        Random rnd = new Random(9);
        int dead = 0, runs = 12;
        for (int i = 0; i < runs; i++) {
            Candidate c = root.copy();
            while (!c.failed() && !c.isFixed()) {
                int v = c.firstOpen();
                List<String> vals = c.values(v);
                c.decide(c.choiceOf(v), c.argsOf(v), List.of(vals.get(rnd.nextInt(vals.size()))));
            }
            dead += c.failed() ? 1 : 0;
        }
        assertTrue(dead < runs, "every random descent failed");
        Enumerator.Result e = Enumerator.run(root, Fixtures.deadline(), Monitor.NULL, 3, false);
        assertEquals(3, e.leaves());
    }
}
