package tessera.tcpa.instantiate.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.poly.PolySet;
import tessera.tcpa.instantiate.Concretization;
import tessera.tcpa.instantiate.ProcessorClasses;
import tessera.tcpa.instantiate.Pst;
import tessera.tcpa.instantiate.TilePatterns;
import tessera.tcpa.symconf.SymbolicConfiguration;

/**
 * P18 property: the processor classes found per axis (without enumerating 𝓚) equal the oracle that splits every leaf
 * at every tile and groups tiles with identical splits (Def. 6.2: same program iff all leaf domains are equal).
 */
class ProcessorClassesPropertyTest {
    private static Set<BitSet> oracle(Concretization.Context ctx, List<PolySet> leaves) {
        List<Map<Integer, BitSet>> perTile = new ArrayList<>();
        leaves.forEach(l -> perTile.add(ctx.perTile(l)));
        Map<List<BitSet>, BitSet> groups = new LinkedHashMap<>();
        for (int k = 0; k < ctx.tileCount(); k++) {
            List<BitSet> key = new ArrayList<>();
            for (Map<Integer, BitSet> m : perTile) {
                key.add(m.getOrDefault(k, new BitSet()));
            }
            groups.computeIfAbsent(key, x -> new BitSet()).set(k);
        }
        return new HashSet<>(groups.values());
    }

    private static TilePatterns check(String pla, String arch, Map<String, Long> bounds, int rows, int cols) {
        SymbolicConfiguration sym = Fixtures.compiled(pla, arch).mapping().config();
        Concretization.Context ctx = Concretization.apply(sym, bounds, rows, cols);
        List<PolySet> leaves = Pst.of(sym).leafDomains();
        TilePatterns patterns = new TilePatterns(ctx, leaves, 2);
        assertTrue(patterns.separable(), pla);
        Set<BitSet> got = new HashSet<>();
        List<ProcessorClasses.ProcessorClass> pcs = ProcessorClasses.compute(patterns, leaves);
        pcs.forEach(pc -> got.add(pc.tiles()));
        assertEquals(oracle(ctx, leaves), got, pla + " " + bounds + " " + rows + "x" + cols);
        // the slice compression of the slowest index is exact: its splits expand to the enumerated ones at every tile of a class
        for (PolySet leaf : leaves) {
            Map<Integer, BitSet> real = ctx.perTile(leaf);
            for (ProcessorClasses.ProcessorClass pc : pcs) {
                BitSet expanded = patterns.compression().expand(patterns.split(leaf, pc.representative()), Integer.MAX_VALUE);
                pc.tiles().stream().forEach(k -> assertEquals(real.getOrDefault(k, new BitSet()), expanded, pla + " " + bounds + " tile " + k + " " + leaf));
            }
        }
        return patterns;
    }

    @Test
    void bitextOnRandomBoundsAndRows() {
        Random r = new Random(18);
        for (int n = 0; n < 25; n++) {
            check("bitext.pla", "bitext-pe.tcpa", Map.of("N", 1L + r.nextInt(80)), 1, 1 + r.nextInt(32));
        }
    }

    @Test
    void matmulOnRandomBoundsAndRegions() {
        Random r = new Random(19);
        for (int n = 0; n < 15; n++) {
            int rows = 1 + r.nextInt(8), cols = 1 + r.nextInt(8);
            Map<String, Long> b = new LinkedHashMap<>();
            b.put("N", (long) rows + r.nextInt(3 * rows));
            b.put("M", (long) cols + r.nextInt(3 * cols));
            b.put("K", 1L + r.nextInt(3));
            check("matmul.pla", "tcpa4x4.tcpa", b, rows, cols);
        }
        assertTrue(check("matmul.pla", "tcpa4x4.tcpa", Map.of("N", 64L, "M", 64L, "K", 2L), 32, 32).compression().compresses(),
                "the drain loop s (64 slices) is compressed");
    }

    @Test
    void convOnRegions() {
        check("conv.pla", "tcpa4x4.tcpa", Map.of("CO", 5L, "H", 7L, "W", 3L, "CI", 2L, "KH", 2L, "KW", 2L), 2, 3);
        check("conv.pla", "tcpa4x4.tcpa", Map.of("CO", 8L, "H", 8L, "W", 2L, "CI", 1L, "KH", 1L, "KW", 2L), 4, 4);
        assertTrue(check("conv.pla", "tcpa4x4.tcpa", Map.of("CO", 24L, "H", 8L, "W", 2L, "CI", 1L, "KH", 2L, "KW", 2L), 4, 4).compression().compresses());
    }
}
