package tessera.telamon.pipeline.tests;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import tessera.core.Deadline;
import tessera.core.Monitor;
import tessera.dspace.runtime.csp.Enumerator;
import tessera.dspace.runtime.oracle.SatOracle;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Param;
import tessera.telamon.kernel.Size;
import tessera.telamon.kernel.Type;
import tessera.telamon.space.TelamonSpace;

/** Tessera's GPU space and Telamon's own space projected onto their common decisions on tiny kernels. */
class SpaceEquivalenceTest {
    static final long MAX_NODES = 3_000_000;

    /**
     * axpy with n = {@code n}, one dimension per nest (not strip-mined), mapped x -> z, y -> z, z -> s; without the
     * y nest when {@code withY} is false (z = alpha * x).
     */
    static Kernel axpy(long n, boolean withY) {
        List<LogicalDim> logicals = new java.util.ArrayList<>();
        List<Dim> dims = new java.util.ArrayList<>();
        for (String nest : withY ? List.of("x", "y", "z", "s") : List.of("x", "z", "s")) {
            logicals.add(new LogicalDim(nest, Size.of(n), List.of(nest + "0"), List.of(1L)));
            dims.add(new Dim(nest + "0", nest, List.of(n)));
        }
        List<Inst> insts = new java.util.ArrayList<>();
        insts.add(new Inst("ld_x", Op.LD, Type.F32, List.of(), List.of("x0"), new Access("X", 0, Map.of("x", 1L))));
        Operand x = new Operand.Value("ld_x", List.of(new DimMap("x0", "z0")));
        if (withY) {
            insts.add(new Inst("ld_y", Op.LD, Type.F32, List.of(), List.of("y0"), new Access("Y", 0, Map.of("y", 1L))));
            insts.add(new Inst("mad", Op.MAD, Type.F32, List.of(x, new Operand.Arg("alpha"),
                    new Operand.Value("ld_y", List.of(new DimMap("y0", "z0")))), List.of("z0"), null));
        } else {
            insts.add(new Inst("mad", Op.MUL, Type.F32, List.of(x, new Operand.Arg("alpha")), List.of("z0"), null));
        }
        insts.add(new Inst("st_z", Op.ST, Type.F32, List.of(new Operand.Value("mad", List.of(new DimMap("z0", "s0")))),
                List.of("s0"), new Access("Z", 0, Map.of("s", 1L))));
        return new Kernel("axpy", List.of(new Param("alpha", Type.F32, null)),
                List.of(Array.input("X", Type.F32, Size.of(n)), Array.input("Y", Type.F32, Size.of(n)),
                        Array.input("Z", Type.F32, Size.of(n))), logicals, dims, insts);
    }

    /** The projections of both spaces and their differences. */
    record Comparison(Set<String> tessera, Set<String> telamon, Set<String> onlyTessera, Set<String> onlyTelamon) {
    }

    static Comparison compare(String name, Kernel k) {
        Candidate ours = GpuSpaceTest.root(k);
        TelamonSpace telamon = TelamonSpaces.space(k);
        long t0 = System.nanoTime();
        Projections.Result a = Projections.of(k, ours, (c, v, m) -> c.restrict(v, m), MAX_NODES);
        Projections.Result b = Projections.of(k, telamon.root(), telamon::restrict, MAX_NODES);
        assertTrue(a.complete() && b.complete(), name + ": enumeration cut at " + MAX_NODES + " nodes");
        Set<String> onlyOurs = new TreeSet<>(a.projections());
        onlyOurs.removeAll(b.projections());
        Set<String> onlyTelamon = new TreeSet<>(b.projections());
        onlyTelamon.removeAll(a.projections());
        System.out.printf("%s: Tessera %d projections (%d dead ends), Telamon %d (%d dead ends), common %d, only Tessera %d"
                + " (%d with a mapped pair nested), only Telamon %d (%d with nested BLOCK dimensions), %d ms%n", name,
                a.projections().size(), a.deadEnds(), b.projections().size(), b.deadEnds(),
                a.projections().size() - onlyOurs.size(), onlyOurs.size(),
                onlyOurs.stream().filter(p -> nestedMappedPair(k, p)).count(), onlyTelamon.size(),
                onlyTelamon.stream().filter(SpaceEquivalenceTest::nestedBlocks).count(), (System.nanoTime() - t0) / 1_000_000);
        return new Comparison(a.projections(), b.projections(), onlyOurs, onlyTelamon);
    }

    private static final Pattern BLOCK = Pattern.compile("dim_kind\\((\\w+)\\)=BLOCK");

    /** Two BLOCK dimensions nested one in the other (Telamon: allowed; Tessera's BLOCK requires OUT | MERGED). */
    static boolean nestedBlocks(String projection) {
        List<String> blocks = new java.util.ArrayList<>();
        Matcher m = BLOCK.matcher(projection);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        for (String a : blocks) {
            for (String b : blocks) {
                if (projection.contains("order(" + a + "," + b + ")=IN") || projection.contains("order(" + a + "," + b + ")=OUT")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A point-to-point pair whose dimensions are nested (Telamon orders each mapped pair BEFORE | MERGED). */
    static boolean nestedMappedPair(Kernel k, String projection) {
        for (Inst i : k.insts()) {
            for (Operand o : i.operands()) {
                if (o instanceof Operand.Value v) {
                    for (DimMap p : v.mapped()) {
                        String a = p.producer().compareTo(p.consumer()) < 0 ? p.producer() : p.consumer();
                        String b = a.equals(p.producer()) ? p.consumer() : p.producer();
                        if (projection.contains("order(" + a + "," + b + ")=IN") || projection.contains("order(" + a + "," + b + ")=OUT")) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /**
     * Outer product, Table 4.1's scal (no point-to-point pair) and z = alpha * x with n = 8 (three nests, x -> z -> s):
     * the two spaces have exactly the same fixed candidates, projected onto the common decisions.
     */
    @Test
    void theTwoSpacesAreEquivalentOnSmallKernels() {
        Map<String, Kernel> kernels = new java.util.LinkedHashMap<>();
        kernels.put("outer_product 2x2", TelamonSpaces.example("outer_product", Map.of("m", 2L, "n", 2L)));
        kernels.put("scal n=16", Kernels.table41(16));
        kernels.put("z = alpha * x, n=8", axpy(8, false));
        for (Map.Entry<String, Kernel> e : kernels.entrySet()) {
            Comparison c = compare(e.getKey(), e.getValue());
            assertEquals(Set.of(), c.onlyTessera(), e.getKey() + ": only in Tessera's space");
            assertEquals(Set.of(), c.onlyTelamon(), e.getKey() + ": only in Telamon's space");
            assertFalse(c.tessera().isEmpty());
        }
    }

    /** The study's axpy (four nests, n = 8): minutes, so run on demand with -Dtessera.study=1. */
    @Test
    void axpyStudy() {
        if (System.getProperty("tessera.study") == null) {
            System.out.println("axpy n=8 study skipped (set -Dtessera.study=1)");
            return;
        }
        Comparison sc = compare("scal n=16", Kernels.table41(16));
        sc.onlyTelamon().stream().filter(p -> !nestedBlocks(p)).limit(3).forEach(p -> System.out.println("  scal only Telamon: " + p));
        Kernel k = axpy(8, true);
        Comparison c = compare("axpy n=8", k);
        System.out.println("  only Telamon with x0, y0 nested: " + c.onlyTelamon().stream()
                .filter(p -> p.contains("order(x0,y0)=IN") || p.contains("order(x0,y0)=OUT")).count());
        c.onlyTelamon().stream().filter(p -> !nestedBlocks(p)).limit(3).forEach(p -> System.out.println("  only Telamon: " + p));
        c.onlyTessera().stream().filter(p -> !nestedMappedPair(k, p)).limit(3).forEach(p -> System.out.println("  only Tessera: " + p));
    }

    /**
     * SAT4J cross-check on the 2x2 outer product: Tessera's fixed candidates are exactly SAT4J's models; Telamon's
     * (its Rust actions are root domains, which the oracle does not encode, and its unrestricted model set is too large
     * to enumerate) each satisfy every constraint of Telamon's files.
     */
    @Test
    void outerProductAgreesWithSat4j() {
        Kernel k = TelamonSpaces.example("outer_product", Map.of("m", 2L, "n", 2L));
        Candidate ours = GpuSpaceTest.root(k);
        Enumerator.Result r = Enumerator.run(ours, Deadline.after(Duration.ofSeconds(120)), Monitor.NULL, 1_000_000, false);
        List<int[]> models = SatOracle.of(ours).solutions(100_000, Deadline.after(Duration.ofSeconds(300)));
        System.out.printf("outer_product 2x2, Tessera: %d fixed candidates, %d dead ends; SAT4J %d models%n", r.leaves(),
                r.deadEnds(), models.size());
        assertTrue(r.complete());
        assertEquals(r.leaves(), models.size());
        Candidate telamon = TelamonSpaces.space(k).root();
        Enumerator.Result t = Enumerator.run(telamon, Deadline.after(Duration.ofSeconds(120)), Monitor.NULL, 1_000_000, true);
        assertTrue(t.complete());
        SatOracle oracle = SatOracle.of(telamon);
        long accepted = t.solutions().stream().filter(leaf -> oracle.accepts(leaf, Deadline.after(Duration.ofSeconds(60)))).count();
        System.out.printf("outer_product 2x2, Telamon: %d fixed candidates, %d dead ends, %d accepted by SAT4J%n", t.leaves(),
                t.deadEnds(), accepted);
        assertEquals(t.leaves(), accepted);
    }
}
