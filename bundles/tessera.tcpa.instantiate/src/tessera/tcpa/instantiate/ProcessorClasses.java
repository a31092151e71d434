package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;

/**
 * Seed 003 §6.1, Def. 6.3 and Eq. (2): the intra-tile patterns 𝕀 of every leaf domain give the inter-tile domains 𝕂;
 * Algorithm 1 over 𝓚 with the conditions 𝕂 yields the processor classes PC (instead of Eq. (2) per PE). 𝓚 is
 * represented by the candidate cells of {@link TilePatterns} (per-axis classes, P18), one split per cell and leaf.
 */
public final class ProcessorClasses {
    /** A class: its tiles 𝒫 (bit set over tile indices) and a representative tile. */
    public record ProcessorClass(BitSet tiles, int representative) {
    }

    private ProcessorClasses() {
    }

    public static List<ProcessorClass> compute(TilePatterns patterns, List<PolySet> leafDomains) {
        List<BitSet> cells = patterns.cells();
        List<BitSet> interTileDomains = new ArrayList<>();
        for (PolySet leaf : leafDomains) {
            // 𝕀_{domain(g)}: cells grouped by equal Ĵ = split(K, domain(g)); always a partition of 𝓚 (Ĵ = ∅ included)
            Map<BitSet, BitSet> patternsOfLeaf = new LinkedHashMap<>();
            for (int c = 0; c < cells.size(); c++) {
                patternsOfLeaf.computeIfAbsent(patterns.split(leaf, cells.get(c).nextSetBit(0)), x -> new BitSet()).set(c);
            }
            for (BitSet kHat : patternsOfLeaf.values()) {
                if (!interTileDomains.contains(kHat)) {
                    interTileDomains.add(kHat);
                }
            }
        }
        BitSet all = new BitSet();
        all.set(0, cells.size());
        List<ProcessorClass> r = new ArrayList<>();
        for (BitSet part : DomainPartition.partition(all, interTileDomains)) {
            BitSet tiles = new BitSet();
            part.stream().forEach(c -> tiles.or(cells.get(c)));
            r.add(new ProcessorClass(tiles, tiles.nextSetBit(0)));
        }
        r.sort((a, b) -> Integer.compare(a.representative(), b.representative()));
        return r;
    }
}
