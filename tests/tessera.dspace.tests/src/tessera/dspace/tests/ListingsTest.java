package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Monitor;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.explore.Explorer;

/** The thesis's listings (with their elisions filled in) and Tessera's GPU space parse, validate and run. */
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

    /**
     * Tessera's GPU space (seed 001 ch. 4, examples/telamon/space) validates; its only warnings say that the sets lack
     * the entries Telamon's Rust generator needs for host code (Tessera takes the objects from the instance).
     */
    @Test
    void gpuSpaceValidates() {
        DspaceLoader.Result r = Fixtures.gpuSpace();
        assertTrue(r.ok(), r.diagnostics()::toString);
        assertEquals(List.of(), r.diagnostics().list().stream().filter(d -> !d.message().contains("lacks the entries")).toList());
        assertEquals(8, r.specs().size(), "gpu.exh and its 7 includes");
        assertTrue(r.program().groups.size() > 100, "propagator groups: " + r.program().groups.size());
    }

    /**
     * §4.3.4 (iv) on axpy (n = 64): implementing the point-to-point pair d_x1 -> d_z1 of z's operand x through memory
     * fires the lowering trigger, which adds the temporary array, its store and its load; propagation orders them and
     * sends the operand's other pairs through memory too. Random descents (Table 4.3-style) rarely end in a dead end
     * on Table 4.1's scal, and reach fixed candidates on axpy.
     */
    @Test
    void gpuSpaceLowersCommunicationsAndKeepsDeadEndsRare() {
        Candidate root = Fixtures.init(Fixtures.gpuSpace().program(), Fixtures.gpuInstance("axpy-64"));
        assertEquals(List.of("X", "Y", "Z"), root.objectsOf("Arrays", null));
        Explorer ex = new Explorer(root);
        Explorer.Step s = ex.apply(new Explorer.Decision("dim_mapping", List.of("d_x1>d_z1@z"), List.of("TEMP_ARRAY")));
        assertFalse(s.failed(), () -> String.valueOf(s.failure()));
        Candidate c = ex.current();
        assertEquals(List.of("X", "Y", "Z", "tmp_z_0"), c.objectsOf("Arrays", null));
        assertEquals(List.of("st_z_0"), c.objectsOf("ArrayStore", "tmp_z_0"), "the array's store");
        assertTrue(c.objectsOf("MemInsts", null).containsAll(List.of("st_z_0", "ld_z_0")), c.objectsOf("MemInsts", null)::toString);
        assertTrue(c.variableCount() > root.variableCount(), "choices on the new objects");
        assertEquals(List.of("GLOBAL", "SHARED"), Fixtures.dom(c, "mem_space", "tmp_z_0"), "a temporary may live in shared memory");
        assertEquals(List.of("GLOBAL"), Fixtures.dom(c, "mem_space", "X"), "a kernel input stays in global memory");
        // the store runs after the producer x, the load after the store and before the consumer z
        assertEquals(List.of("BEFORE"), Fixtures.dom(c, "order", "x", "st_z_0"));
        assertEquals(List.of("BEFORE"), Fixtures.dom(c, "order", "st_z_0", "ld_z_0"));
        assertEquals(List.of("BEFORE"), Fixtures.dom(c, "order", "ld_z_0", "z"));
        // the operand goes through memory as a whole: its other static pair is fused or in the array too
        assertEquals(List.of("UNROLLED", "THREADS"), s.removed().get("dim_mapping(d_x2>d_z2@z)"));
        assertEquals(List.of("FUSED", "TEMP_ARRAY"), Fixtures.dom(c, "dim_mapping", "d_x2>d_z2@z"));
        assertTrue(ex.undo());
        assertEquals(List.of("X", "Y", "Z"), ex.current().objectsOf("Arrays", null));

        Candidate scal = Fixtures.init(Fixtures.gpuSpace().program(), Fixtures.gpuInstance("scal-64"));
        int runs = 20;
        int dead = deadEnds(scal, runs, new Random(9));
        assertTrue(dead <= runs / 10, dead + " of " + runs + " random descents of scal failed");
        assertTrue(deadEnds(root, 12, new Random(9)) < 12, "every random descent of axpy failed");
        Enumerator.Result e = Enumerator.run(root, Fixtures.deadline(), Monitor.NULL, 3, false);
        assertEquals(3, e.leaves());
    }

    /** Random descents from {@code root} in choice order, a random remaining value each: how many fail. */
    static int deadEnds(Candidate root, int runs, Random rnd) {
        int dead = 0;
        for (int i = 0; i < runs; i++) {
            Candidate c = root.copy();
            while (!c.failed() && !c.isFixed()) {
                int v = c.firstOpen();
                List<String> vals = c.values(v);
                c.decide(c.choiceOf(v), c.argsOf(v), List.of(vals.get(rnd.nextInt(vals.size()))));
            }
            dead += c.failed() ? 1 : 0;
        }
        return dead;
    }
}
