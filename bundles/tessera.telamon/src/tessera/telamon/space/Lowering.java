package tessera.telamon.space;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.dspace.runtime.instance.Instance;
import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Size;

/**
 * Seed 001 §4.3.4 (digest 001b §2.3.6): the lowering of a point-to-point operand through memory. It adds a
 * temporary array, a store of the producer's value in the producer's dimensions and a load in the consumer's mapped
 * and common dimensions, which the consumer then reads. {@link #effect} is what the space's trigger does to the
 * candidate; {@link #lower} does the same to the kernel once the candidate is fixed, indexing the array by the
 * operand's TEMP_ARRAY pairs (in pair order, row-major).
 */
public final class Lowering {
    private final Kernel k;
    private final List<Communication> pairs;

    public Lowering(Kernel k) {
        this.k = k;
        this.pairs = Communication.of(k);
    }

    public static String array(Communication c) {
        return "tmp_" + c.operandName();
    }

    public static String store(Communication c) {
        return "st_" + c.operandName();
    }

    public static String load(Communication c) {
        return "ld_" + c.operandName();
    }

    /** The dimensions of the load: the consumer ends of the operand's pairs and the dimensions it shares with the producer. */
    private List<String> loadDims(Communication c) {
        Set<String> dims = new LinkedHashSet<>();
        Inst consumer = k.inst(c.consumer());
        Inst producer = k.inst(c.producer());
        for (String d : consumer.dims()) {
            boolean mapped = c.sameOperand(pairs).stream().anyMatch(p -> p.map().consumer().equals(d));
            if (mapped || producer.dims().contains(d)) {
                dims.add(d);
            }
        }
        return List.copyOf(dims);
    }

    /** The trigger's effect for pair {@code c}: the same objects for every pair of the operand. */
    public Instance.TriggerEffect effect(Communication c) {
        String tmp = array(c), st = store(c), ld = load(c);
        Inst producer = k.inst(c.producer());
        Map<String, List<String>> sets = new LinkedHashMap<>();
        sets.put("Arrays", List.of(tmp));
        sets.put("Stores", List.of(st));
        sets.put("MemInsts", List.of(ld));
        Map<String, List<String[]>> paramSets = new LinkedHashMap<>();
        paramSets.put("ArrayStore", List.<String[]>of(new String[] { tmp, st }));
        List<String[]> arrayPairs = new ArrayList<>();
        List<String[]> consumers = new ArrayList<>();
        for (Communication p : c.sameOperand(pairs)) {
            arrayPairs.add(new String[] { tmp, p.name() });
            consumers.add(new String[] { p.name(), ld });
        }
        paramSets.put("ArrayPairs", arrayPairs);
        paramSets.put("MapConsumer", consumers);
        Map<String, Map<String, Object>> values = new HashMap<>();
        put(values, "$i.is_store()", st, true);
        put(values, "$i.is_store()", ld, false);
        put(values, "$i.loads_written_array()", st, false);
        put(values, "$i.is_temporary_store()", st, true);
        put(values, "$i.loads_written_array()", ld, true);
        put(values, "$i.max_vector()", st, 1L);
        put(values, "$i.max_vector()", ld, 1L);
        put(values, "$a.is_temporary()", tmp, true);
        put(values, "$a.elem_bytes()", tmp, (long) producer.type().bytes());
        put(values, "$i.accesses($a)", st + "," + tmp, true);
        put(values, "$i.accesses($a)", ld + "," + tmp, true);
        put(values, "$i.depends_on($j)", st + "," + producer.name(), true);
        put(values, "$i.depends_on($j)", ld + "," + st, true);
        put(values, "$i.depends_on($j)", c.consumer() + "," + ld, true);
        producer.dims().forEach(d -> put(values, "$i.has_dim($d)", st + "," + d, true));
        List<String> ldDims = loadDims(c);
        ldDims.forEach(d -> put(values, "$i.has_dim($d)", ld + "," + d, true));
        for (String d : producer.dims()) {
            boolean mapped = c.sameOperand(pairs).stream().anyMatch(p -> p.map().producer().equals(d));
            if (!mapped && !ldDims.contains(d)) {
                put(values, "$i.reads_last_of($d)", ld + "," + d, true);
            }
        }
        return new Instance.TriggerEffect(sets, paramSets, values);
    }

    private static void put(Map<String, Map<String, Object>> values, String snippet, String key, Object v) {
        values.computeIfAbsent(Instance.normalize(snippet), x -> new HashMap<>()).put(key, v);
    }

    /**
     * The kernel with the operands that have TEMP_ARRAY pairs lowered; {@code inMemory} holds those pairs' names and
     * {@code sizes} the dimensions' sizes. Returns the lowered kernel and each temporary's layout (its dimensions on
     * the producer side, outermost first).
     */
    public Lowered lower(Set<String> inMemory, Map<String, Long> sizes) {
        List<Array> arrays = new ArrayList<>(k.arrays());
        List<Inst> insts = new ArrayList<>(k.insts());
        Map<String, List<String>> layout = new LinkedHashMap<>();
        Set<String> done = new LinkedHashSet<>();
        for (Communication c : pairs) {
            if (!inMemory.contains(c.name()) || !done.add(c.operandName())) {
                continue;
            }
            List<DimMap> stored = c.sameOperand(pairs).stream().filter(p -> inMemory.contains(p.name())).map(Communication::map).toList();
            Map<String, Long> stStrides = new LinkedHashMap<>(), ldStrides = new LinkedHashMap<>();
            long stride = 1;
            for (int i = stored.size() - 1; i >= 0; i--) {
                stStrides.put(stored.get(i).producer(), stride);
                ldStrides.put(stored.get(i).consumer(), stride);
                stride *= sizes.get(stored.get(i).producer());
            }
            Inst producer = k.inst(c.producer());
            String tmp = array(c), st = store(c), ld = load(c);
            layout.put(tmp, stored.stream().map(DimMap::producer).toList());
            arrays.add(new Array(tmp, producer.type(), Array.Kind.TEMPORARY, Size.of(stride), layout.get(tmp)));
            Inst store = new Inst(st, Op.ST, producer.type(), List.of(new Operand.Value(producer.name(), List.of())),
                    producer.dims(), new Access(tmp, 0, stStrides));
            Inst load = new Inst(ld, Op.LD, producer.type(), List.of(), loadDims(c), new Access(tmp, 0, ldStrides));
            int at = indexOf(insts, c.consumer());
            Inst consumer = insts.get(at);
            List<Operand> ops = new ArrayList<>(consumer.operands());
            ops.set(c.operand(), new Operand.Value(ld, List.of()));
            insts.set(at, new Inst(consumer.name(), consumer.op(), consumer.type(), ops, consumer.dims(), consumer.access()));
            insts.add(indexOf(insts, producer.name()) + 1, store);
            insts.add(indexOf(insts, c.consumer()), load);
        }
        return new Lowered(new Kernel(k.name(), k.params(), arrays, k.logicalDims(), k.dims(), insts), layout);
    }

    private static int indexOf(List<Inst> insts, String name) {
        for (int i = 0; i < insts.size(); i++) {
            if (insts.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no instruction " + name);
    }

    /** A lowered kernel and the layout of each temporary array. */
    public record Lowered(Kernel kernel, Map<String, List<String>> layout) {
    }
}
