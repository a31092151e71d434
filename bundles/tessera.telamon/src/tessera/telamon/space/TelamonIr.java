package tessera.telamon.space;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.2 (digest 001b §2.2): our kernel as Telamon's {@code helper::Builder} builds an {@code ir::Function}.
 * A Value operand with maps is {@code Operand::Inst(src, dim_map, DimMapScope::Global)} (it may go through memory),
 * a Carried one is {@code Operand::Reduce(init, dim_map, reduce_dims)}; {@code Function::add_inst} creates one
 * {@code ir::DimMapping} per mapped pair (deduplicated, {@code map_dimensions}); Telamon's kernels build no
 * {@code ir::Variable} (the variable API is only used by its tests). Each Global operand reserves the objects of its
 * lowering ({@code LoweredDimMap}: a memory block, a TmpSt in copies of the producer dimensions, a TmpLd in copies of
 * the consumer dimensions), which {@code dim_not_mapped} activates.
 */
public final class TelamonIr {
    /** An {@code ir::DimMapping}: two dimensions of equal size usable for point-to-point communication. */
    public record Mapping(String name, String lhs, String rhs) {
    }

    /** An operand that maps dimensions: {@code reduce} for {@code Operand::Reduce} (with its reduced dimensions). */
    public record MappedOperand(String consumer, int index, String producer, List<DimMap> pairs, boolean reduce,
            List<String> reduceDims) {
    }

    /** The reserved lowering of a Global operand through a temporary memory block ({@code LoweredDimMap}). */
    public record Lowered(MappedOperand operand, String mem, String store, String load, List<Mapping> stMappings,
            List<Mapping> ldMappings) {
        /** The store's dimensions (copies of the producer ends, in pair order). */
        public List<String> storeDims() {
            return stMappings.stream().map(Mapping::rhs).toList();
        }

        /** The load's dimensions (copies of the consumer ends). */
        public List<String> loadDims() {
            return ldMappings.stream().map(Mapping::rhs).toList();
        }
    }

    public final Kernel kernel;
    /** Dimensions in Telamon's id order: the kernel's, then the reserved lowering dimensions. */
    public final List<String> dimIds = new ArrayList<>();
    /** Every dimension, original or reserved, with its possible sizes (empty: dynamic). */
    public final Map<String, List<Long>> sizes = new LinkedHashMap<>();
    public final List<Mapping> mappings = new ArrayList<>();
    public final List<MappedOperand> operands = new ArrayList<>();
    public final List<Lowered> lowerings = new ArrayList<>();

    public TelamonIr(Kernel k) {
        this.kernel = k;
        for (Dim d : k.dims()) {
            dimIds.add(d.name());
            sizes.put(d.name(), d.possibleSizes());
        }
        for (Inst i : k.insts()) {
            for (int n = 0; n < i.operands().size(); n++) {
                Operand o = i.operands().get(n);
                if (o instanceof Operand.Value v && !v.mapped().isEmpty()) {
                    operands.add(new MappedOperand(i.name(), n, v.inst(), v.mapped(), false, List.of()));
                } else if (o instanceof Operand.Carried c) {
                    operands.add(new MappedOperand(i.name(), n, c.init(), c.mapped(), true, c.dims()));
                }
            }
        }
        for (MappedOperand o : operands) {
            o.pairs().forEach(p -> mapping(p.producer(), p.consumer()));
        }
        for (MappedOperand o : operands) {
            if (!o.reduce()) {
                lowerings.add(reserve(o));
            }
        }
    }

    /** {@code Function::map_dimensions}: the mapping of two dimensions, created when missing. */
    private Mapping mapping(String lhs, String rhs) {
        for (Mapping m : mappings) {
            if (m.lhs().equals(lhs) && m.rhs().equals(rhs) || m.lhs().equals(rhs) && m.rhs().equals(lhs)) {
                return m;
            }
        }
        Mapping m = new Mapping(lhs + "~" + rhs, lhs, rhs);
        mappings.add(m);
        return m;
    }

    private Lowered reserve(MappedOperand o) {
        String tag = o.consumer() + "_" + o.index();
        List<Mapping> st = new ArrayList<>(), ld = new ArrayList<>();
        for (DimMap p : o.pairs()) {
            st.add(newDim(p.producer(), p.producer() + "_st_" + tag));
        }
        for (DimMap p : o.pairs()) {
            ld.add(newDim(p.consumer(), p.consumer() + "_ld_" + tag));
        }
        return new Lowered(o, "mem_" + tag, "tst_" + tag, "tld_" + tag, st, ld);
    }

    /** {@code Dimension::with_same_size} and its mapping [old, new]. */
    private Mapping newDim(String old, String name) {
        dimIds.add(name);
        sizes.put(name, sizes.get(old));
        Mapping m = new Mapping(old + "~" + name, old, name);
        mappings.add(m);
        return m;
    }

    public boolean isStatic(String dim) {
        return !sizes.get(dim).isEmpty();
    }

    /** Telamon's {@code ir::DimId} order. */
    public int id(String dim) {
        return dimIds.indexOf(dim);
    }

    /** The lowerings that {@code dim_not_mapped(lhs, rhs)} performs: of the Global operands mapping the pair. */
    public List<Lowered> lowered(String lhs, String rhs) {
        List<Lowered> r = new ArrayList<>();
        for (Lowered l : lowerings) {
            for (DimMap p : l.operand().pairs()) {
                if (p.producer().equals(lhs) && p.consumer().equals(rhs) || p.producer().equals(rhs) && p.consumer().equals(lhs)) {
                    r.add(l);
                    break;
                }
            }
        }
        return r;
    }

    /** The mappings in which a dimension takes part ({@code $dim.dim_mappings()}), reserved ones included. */
    public List<Mapping> mappingsOf(String dim) {
        return mappings.stream().filter(m -> m.lhs().equals(dim) || m.rhs().equals(dim)).toList();
    }

    /** The dimensions reduced by an instruction ({@code iter_reduced_dims}). */
    public Set<String> reducedDims(String inst) {
        Set<String> r = new LinkedHashSet<>();
        operands.stream().filter(o -> o.reduce() && o.consumer().equals(inst)).forEach(o -> r.addAll(o.reduceDims()));
        return r;
    }

    /** {@code $inst.has_side_effects()}: a store to a kernel array ({@code St(.., true, ..)}); TmpSt has none. */
    public boolean hasSideEffects(String inst) {
        Inst i = kernel.inst(inst);
        return i != null && i.op() == Op.ST;
    }

    /**
     * {@code $reduce.is_reduction_common_dim($init, $dim)}: {@code reduce} is a reduction initialised by {@code init}
     * and {@code dim} is neither reduced nor the consumer end of one of its maps.
     */
    public boolean isReductionCommonDim(String reduce, String init, String dim) {
        for (MappedOperand o : operands) {
            if (o.reduce() && o.consumer().equals(reduce)) {
                return o.producer().equals(init) && !o.reduceDims().contains(dim)
                        && o.pairs().stream().noneMatch(p -> p.consumer().equals(dim));
            }
        }
        return false;
    }

    /** The instructions of the function, reserved lowering ones included, in id order. */
    public List<String> instIds() {
        List<String> r = new ArrayList<>();
        kernel.insts().forEach(i -> r.add(i.name()));
        for (Lowered l : lowerings) {
            r.add(l.store());
            r.add(l.load());
        }
        return r;
    }

    /** The iteration dimensions an instruction is created with. */
    public List<String> iterationDims(String inst) {
        Inst i = kernel.inst(inst);
        if (i != null) {
            return i.dims();
        }
        for (Lowered l : lowerings) {
            if (l.store().equals(inst)) {
                return l.storeDims();
            }
            if (l.load().equals(inst)) {
                return l.loadDims();
            }
        }
        throw new IllegalArgumentException("no instruction " + inst);
    }
}
