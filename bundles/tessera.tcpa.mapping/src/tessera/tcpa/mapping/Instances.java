package tessera.tcpa.mapping;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tessera.core.poly.Box;
import tessera.core.poly.IntegerSet;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.Tiling;

/**
 * Concrete parameter values consistent with a configuration's tiling, for checks and tests: loop bounds from a small
 * pool (respecting the parameter context), tile sizes p ≥ the minimum tile size on distributed dims and
 * t = ⌈extent/p⌉ (as §6 concretizes); a non-distributed dim is one tile, p = its extent.
 */
public final class Instances {
    private static final long[] POOL = {5, 8, 3, 13, 7, 4};

    private Instances() {
    }

    public static List<Map<String, Long>> sample(SymbolicConfiguration c, int count) {
        List<Map<String, Long>> out = new ArrayList<>();
        Tiling t = c.getTiling();
        List<String> params = new ArrayList<>(c.getParameters());
        params.removeAll(t.getTileSizes());
        params.removeAll(t.getTileCounts());
        IntegerSet context = c.getParameterContext() == null ? null : c.getParameterContext().parameters();
        IntegerSet space = c.getIterationSpace().basic();
        long minTile = c.getSchedule() == null ? 1 : Math.max(1, c.getSchedule().getMinTileSize());
        for (int r = 0; r < 4 * count + 8 && out.size() < count; r++) {
            Map<String, Long> m = new LinkedHashMap<>();
            for (int i = 0; i < params.size(); i++) {
                m.put(params.get(i), POOL[(r + i) % POOL.length] + r / POOL.length);
            }
            if (context != null && !context.contains(m)) {
                continue;
            }
            Optional<Box> box = space.fix(m).boundingBox(Map.of());
            if (box.isEmpty()) {
                continue;
            }
            Map<String, Long> v = new HashMap<>(m);
            for (int x = 0; x < t.getIndices().size(); x++) {
                long extent = Math.max(1, box.get().upper()[x] + 1);
                if (t.getDistributed().contains(x)) {
                    long p = minTile + (r % 3);
                    v.put(t.getTileSizes().get(x), p);
                    v.put(t.getTileCounts().get(x), (extent + p - 1) / p);
                } else {
                    v.put(t.getTileSizes().get(x), Math.max(extent, minTile));
                }
            }
            out.add(v);
        }
        return out;
    }
}
