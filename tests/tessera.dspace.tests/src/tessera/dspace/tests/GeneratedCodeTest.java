package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.JavaGenerator;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.csp.Candidate;
import tessera.dspace.runtime.csp.Engine;
import tessera.dspace.runtime.csp.GeneratedCode;
import tessera.dspace.runtime.instance.Instance;

/**
 * The generated Java propagators (compiled with javax.tools and loaded) give exactly the interpreter's results:
 * same decision vectors after the same random decisions, on the scheduling space, Tessera's GPU space (on instances
 * made from real kernels) and random spaces.
 */
class GeneratedCodeTest {
    static void compare(Program p, Instance inst, long seed, int paths, String what) {
        compare(p, GeneratedCode.compile(p), inst, seed, paths, what);
    }

    static void compare(Program p, GeneratedCode code, Instance inst, long seed, int paths, String what) {
        Diagnostics d = new Diagnostics();
        Engine interp = Engine.instantiate(p, inst, "i", d);
        Engine gen = Engine.instantiate(p, inst, "i", d);
        assertNotNull(interp, d::toString);
        gen.useGeneratedCode(code);
        Random rnd = new Random(seed);
        Candidate a0 = interp.init(), b0 = gen.init();
        assertEquals(snapshot(a0), snapshot(b0), what + ": init differs");
        for (int path = 0; path < paths; path++) {
            Candidate a = a0.copy(), b = b0.copy();
            while (!a.failed()) {
                List<Integer> open = a.openVariables();
                if (open.isEmpty()) {
                    break;
                }
                int v = open.get(rnd.nextInt(open.size()));
                String name = a.choiceOf(v);
                List<String> objs = a.argsOf(v);
                List<String> vals = a.values(v);
                String val = vals.get(rnd.nextInt(vals.size()));
                boolean ra = a.decide(name, objs, List.of(val));
                boolean rb = b.decide(name, objs, List.of(val));
                assertEquals(ra, rb, what + " seed " + seed + ": failure differs");
                if (ra) {
                    assertEquals(snapshot(a), snapshot(b), what + " seed " + seed + ": domains differ after " + name + objs);
                }
            }
        }
    }

    static List<String> snapshot(Candidate c) {
        List<String> r = new ArrayList<>();
        if (c.failed()) {
            return List.of("FAILED");
        }
        for (int v = 0; v < c.variableCount(); v++) {
            r.add(c.choiceOf(v) + c.argsOf(v) + (c.choiceInfo(v).kind() == Program.Kind.COUNTER
                    ? java.util.Arrays.toString(c.counterBounds(v)) : c.values(v)));
        }
        return r;
    }

    @Test
    void schedulingSpace() {
        Program p = Fixtures.program(SchedulingTest.SPACE);
        String inst = "{\"sets\": {\"Instructions\": [\"a\", \"b\", \"c\", \"d\", \"e\"]}, \"values\": {\"$x.depends_on($y)\":"
                + " {\"default\": false, \"values\": {\"c,a\": true, \"e,b\": true}}}}";
        compare(p, Fixtures.json(inst), 1, 20, "scheduling");
    }

    /** Tessera's GPU space on the instances next to it (scal, axpy with its lowerings, the outer product). */
    @Test
    void gpuSpace() {
        Program p = Fixtures.gpuSpace().program();
        GeneratedCode code = GeneratedCode.compile(p);
        long seed = 2;
        for (String name : Fixtures.GPU_INSTANCES) {
            compare(p, code, Fixtures.gpuInstance(name), seed++, 6, "gpu.exh on " + name + ".json");
        }
    }

    @Test
    void randomSpaces() {
        for (int i = 0; i < 12; i++) {
            Random rnd = new Random(900 + i);
            String[] g = RandomSpaceOracleTest.generate(rnd);
            DspaceLoader.Result r = Fixtures.load(g[0]);
            assertTrue(r.ok(), r.diagnostics()::toString);
            Diagnostics d = new Diagnostics();
            Instance inst = tessera.dspace.runtime.instance.InstanceJson.parse("i", g[1], d);
            compare(r.program(), inst, 900 + i, 3, "random space " + (900 + i));
        }
    }

    @Test
    void generatedSourceShowsTheTruthTable() {
        String src = JavaGenerator.generate(Fixtures.program(SchedulingTest.SPACE), "p", "SchedulingPropagators");
        assertTrue(src.contains("public final class SchedulingPropagators"));
        assertTrue(src.contains("truth table"));
        assertTrue(src.contains("in[0] = order("), src);
    }
}
