package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.Cell;
import tessera.dspace.runtime.Program.Group;
import tessera.dspace.runtime.Program.Kind;

/**
 * The two shortcuts of a propagator run against the definition of its result (the union of the truth-table cells
 * its input domains meet, seed 001a §3.5): a {@link Program#domainTable} entry is that union, and an input domain
 * that meets the input's {@link Program#absorbing} values makes it leave the target free. Checked on every group of
 * Tessera's GPU space and of random spaces, over random domains.
 */
class DomainTableTest {
    @Test
    void gpuSpace() {
        int[] used = check(Fixtures.gpuSpace().program(), new Random(5));
        assertTrue(used[0] >= 50 && used[1] >= 50, () -> "groups with a table / with absorbing values: " + used[0] + " / " + used[1]);
    }

    @Test
    void randomSpaces() {
        for (int i = 0; i < 40; i++) {
            Random rnd = new Random(1400 + i);
            DspaceLoader.Result r = Fixtures.load(RandomSpaceOracleTest.generate(rnd)[0]);
            assertTrue(r.ok(), r.diagnostics()::toString);
            check(r.program(), rnd);
        }
    }

    /** Returns {groups with a domain table, groups with an absorbing value}. */
    private static int[] check(Program p, Random rnd) {
        int tables = 0, absorbing = 0;
        for (Group g : p.groups) {
            Kind kind = p.choices.get(g.target().choice()).kind();
            long all = kind == Kind.ENUM ? p.choices.get(g.target().choice()).all() : -1L;
            long[] table = p.domainTables.get(g.id()), abs = p.absorbing.get(g.id());
            tables += table == null ? 0 : 1;
            absorbing += java.util.Arrays.stream(abs).anyMatch(m -> m != 0) ? 1 : 0;
            for (int t = 0; t < 300; t++) {
                long[] in = new long[g.inputs().length];
                int idx = 0, off = 0;
                boolean meets = false;
                for (int i = 0; i < in.length; i++) {
                    int n = g.inputs()[i].size();
                    in[i] = rnd.nextLong() & (n == 64 ? -1L : (1L << n) - 1);
                    if (in[i] == 0) {
                        in[i] = 1L << rnd.nextInt(n);
                    }
                    meets |= (in[i] & abs[i]) != 0;
                    idx |= (int) in[i] << off;
                    off += n;
                }
                long union = 0;
                boolean free = false; // some cell met leaves the target free: the run's union is everything
                for (int c = 0; c < g.table().length; c++) {
                    if (meets(g, c, in)) {
                        Cell cell = g.table()[c];
                        union |= cell.base();
                        free |= cell.entries().isEmpty() && (kind != Kind.ENUM || (cell.base() & all) == all);
                    }
                }
                if (table != null) {
                    assertEquals(union, table[idx], g.origin() + " at " + java.util.Arrays.toString(in));
                }
                if (meets) {
                    assertTrue(kind != Kind.COUNTER && free, g.origin() + ": absorbing input at " + java.util.Arrays.toString(in));
                }
            }
        }
        return new int[] { tables, absorbing };
    }

    /** Whether cell {@code c} (mixed radix, input 0 fastest) lies within the input domains. */
    private static boolean meets(Group g, int c, long[] in) {
        int rem = c;
        for (int i = 0; i < in.length; i++) {
            int n = g.inputs()[i].size();
            if ((in[i] >>> (rem % n) & 1) == 0) {
                return false;
            }
            rem /= n;
        }
        return true;
    }
}
