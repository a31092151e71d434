package tessera.telamon.space;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.instance.Instance;

/**
 * Seed 001 §4.3.4 (digest 001b §2.3.6): the effects of the three triggers of Telamon's {@code choices.exh} on the
 * objects and values its constraints read. {@code dim_not_mapped(lhs, rhs)} lowers every Global operand that maps the
 * pair through a temporary memory block ({@code lower_dim_map}: the block, a TmpSt in copies of the producer
 * dimensions, a TmpLd in copies of the consumer dimensions and their {@code DimMapping}s; its actions are in
 * {@link TelamonActions}). {@code dim_not_merged} only moves a block's pair from {@code maybe_mapped} to
 * {@code mapped_dims} ({@code maps_dims} reads their union) and queues a layout for the explorer's LowerLayout
 * choice; {@code merge_dims} renames dimensions in operands' maps and blocks' layouts, which changes no value the
 * constraints read on a candidate where the merge holds (docs/telamon.md): both have an empty effect.
 */
public final class TelamonLowering {
    static final String NOT_MAPPED = "crate::search_space::dim_map::dim_not_mapped($lhs, $rhs, ir_instance)";
    static final String NOT_MERGED = "crate::search_space::dim_map::dim_not_merged($lhs, $rhs, ir_instance)";
    static final String MERGE = "crate::search_space::merge_dims($lhs, $rhs, ir_instance)";

    private final TelamonIr ir;

    public TelamonLowering(TelamonIr ir) {
        this.ir = ir;
    }

    /** Registers the three triggers' effects for every pair of dimensions, reserved ones included. */
    void register(Instance.Builder b) {
        Instance.TriggerEffect none = new Instance.TriggerEffect(Map.of(), Map.of(), Map.of());
        for (String lhs : ir.dimIds) {
            for (String rhs : ir.dimIds) {
                if (lhs.equals(rhs)) {
                    continue;
                }
                String key = lhs + "," + rhs;
                if (ir.id(lhs) < ir.id(rhs)) {
                    b.trigger(NOT_MAPPED, key, effect(ir.lowered(lhs, rhs)));
                    b.trigger(NOT_MERGED, key, none);
                } else {
                    b.trigger(MERGE, key, none);
                }
            }
        }
    }

    /** The objects and values of the given lowerings (nothing when no operand maps the pair). */
    public Instance.TriggerEffect effect(List<TelamonIr.Lowered> lowerings) {
        Map<String, List<String>> sets = new LinkedHashMap<>();
        Map<String, List<String[]>> paramSets = new LinkedHashMap<>();
        Map<String, Map<String, Object>> values = new HashMap<>();
        for (TelamonIr.Lowered l : lowerings) {
            add(sets, "MemoryRegions", l.mem());
            add(sets, "Instructions", l.store());
            add(sets, "Instructions", l.load());
            add(sets, "MemInsts", l.store());
            add(sets, "MemInsts", l.load());
            List<TelamonIr.Mapping> maps = new ArrayList<>(l.stMappings());
            maps.addAll(l.ldMappings());
            for (TelamonIr.Mapping m : maps) {
                add(sets, "Dimensions", m.rhs());
                if (ir.isStatic(m.rhs())) {
                    add(sets, "StaticDims", m.rhs());
                }
                add(sets, "DimMappings", m.name());
                for (String d : List.of(m.lhs(), m.rhs())) {
                    paramSets.computeIfAbsent("MappedDims", x -> new ArrayList<>()).add(new String[] { m.name(), d });
                    if (ir.isStatic(d)) {
                        paramSets.computeIfAbsent("StaticMappedDims", x -> new ArrayList<>()).add(new String[] { m.name(), d });
                    }
                }
            }
            put(values, "$mem.base_size()", l.mem(), (long) ir.kernel.inst(l.operand().producer()).type().bytes());
            for (int n = 0; n < l.storeDims().size(); n++) {
                put(values, "$mem.maps_dims($lhs.id(), $rhs.id())", l.mem() + "," + l.storeDims().get(n) + ","
                        + l.loadDims().get(n), true);
            }
            put(values, "$inst.operator().mem_used() != Some($mem.mem_id())", l.store() + "," + l.mem(), false);
            put(values, "$inst.operator().mem_used() != Some($mem.mem_id())", l.load() + "," + l.mem(), false);
        }
        return new Instance.TriggerEffect(sets, paramSets, values);
    }

    private static void add(Map<String, List<String>> sets, String set, String o) {
        List<String> l = sets.computeIfAbsent(set, x -> new ArrayList<>());
        if (!l.contains(o)) {
            l.add(o);
        }
    }

    private static void put(Map<String, Map<String, Object>> values, String snippet, String key, Object v) {
        values.computeIfAbsent(Instance.normalize(snippet), x -> new HashMap<>()).put(key, v);
    }
}
