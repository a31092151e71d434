package tessera.telamon.space;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tessera.dspace.runtime.instance.Instance;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;

/**
 * Seed 001 §4.3 (digest 001b §2.3): the instance of Telamon's own decision space ({@code src/search_space/*.exh},
 * unmodified) for our kernel, built from {@link TelamonIr} and answered by the shared catalogue
 * {@link KernelQueries} under Telamon's spellings; {@link TelamonLowering} gives the triggers' effects and
 * {@link TelamonActions} the restrictions Telamon applies from Rust. Set iterators and getters are not evaluated
 * (Tessera takes objects from here); every constraint, counter and {@code requires} snippet is answered for every
 * object, reserved lowering objects included. The device answers are Telamon's CUDA {@code gpu.rs}.
 */
public final class TelamonQueries {
    /** CUDA ({@code backend/cuda/src/gpu.rs}): {@code max_vectorization} is [1, 4] for every operator. */
    public static final long[] MAX_VECTORIZATION = { 1, 4 };

    private final TelamonIr ir;
    private final Kernel k;
    private final Device t;
    private final Instance.Builder b = Instance.builder();

    private TelamonQueries(TelamonIr ir, Device t) {
        this.ir = ir;
        this.k = ir.kernel;
        this.t = t;
    }

    /** The instance of Telamon's space for kernel {@code k} on device {@code t}. */
    public static Instance instance(Kernel k, Device t) {
        return instance(new TelamonIr(k), t);
    }

    public static Instance instance(TelamonIr ir, Device t) {
        TelamonQueries q = new TelamonQueries(ir, t);
        q.sets();
        q.dimensionQueries();
        q.instructionQueries();
        q.deviceQueries();
        new TelamonLowering(ir).register(q.b);
        return q.b.build();
    }

    /**
     * Dimensions are listed stores' dimensions first, then reductions': Tessera's quotient representative is the
     * member of lowest object index, telamon-gen's the member first in the set (an instruction's own iteration
     * dimensions), and two constraints read which member represents a class: the store constraint of
     * instructions.exh and the reduction constraint of choices.exh (docs/telamon.md).
     */
    private List<String> dimensionOrder() {
        Set<String> order = new LinkedHashSet<>();
        k.insts().stream().filter(i -> ir.hasSideEffects(i.name())).forEach(i -> order.addAll(i.dims()));
        k.insts().stream().filter(i -> !ir.reducedDims(i.name()).isEmpty()).forEach(i -> order.addAll(i.dims()));
        k.dims().forEach(d -> order.add(d.name()));
        return new ArrayList<>(order);
    }

    private void sets() {
        for (String d : dimensionOrder()) {
            b.set("Dimensions", d);
            if (ir.isStatic(d)) {
                b.set("StaticDims", d);
            }
        }
        for (Inst i : k.insts()) {
            b.set("Instructions", i.name());
            if (i.op().isMemory()) {
                b.set("MemInsts", i.name());
            }
        }
        for (LogicalDim l : k.logicalDims()) {
            b.set("LogicalDimensions", l.name());
            b.paramSet("TileDimensions", l.name(), KernelQueries.tileDims(l).toArray(String[]::new));
            b.paramSet("TiledDimension", l.name(), KernelQueries.tiledDim(l).toArray(String[]::new));
        }
        for (TelamonIr.Mapping m : ir.mappings) {
            if (k.dim(m.lhs()) != null && k.dim(m.rhs()) != null) {
                b.set("DimMappings", m.name());
                b.paramSet("MappedDims", m.name(), m.lhs(), m.rhs());
                b.paramSet("StaticMappedDims", m.name(), staticOf(m).toArray(String[]::new));
            }
        }
        for (String s : List.of("Dimensions", "StaticDims", "Instructions", "MemInsts", "LogicalDimensions", "Variables",
                "DimMappings", "MemoryRegions")) {
            b.set(s);
        }
    }

    List<String> staticOf(TelamonIr.Mapping m) {
        return List.of(m.lhs(), m.rhs()).stream().filter(ir::isStatic).toList();
    }

    private void dimensionQueries() {
        b.dflt("$lhs.id() < $rhs.id()", false);
        b.dflt("$lhs.id() > $rhs.id()", false);
        for (String d : ir.dimIds) {
            Dim kd = k.dim(d);
            b.value("$dim.possible_sizes().is_some()", d, ir.isStatic(d));
            b.value("$dim.is_parallelizable()", d, kd == null || KernelQueries.isParallelizable(k, kd));
            if (ir.isStatic(d)) {
                b.value("unwrap!($dim.possible_sizes())", d, kd == null ? ir.sizes.get(d) : KernelQueries.possibleSizes(kd));
            }
            for (String e : ir.dimIds) {
                if (!d.equals(e)) {
                    b.value("$lhs.possible_sizes().is_some() == $rhs.possible_sizes().is_some()", d + "," + e,
                            ir.isStatic(d) == ir.isStatic(e));
                    if (ir.id(d) < ir.id(e)) {
                        b.value("$lhs.id() < $rhs.id()", d + "," + e, true);
                    } else {
                        b.value("$lhs.id() > $rhs.id()", d + "," + e, true);
                    }
                }
            }
        }
        b.dflt("$lhs.total_size() == $rhs.total_size()", false);
        for (LogicalDim l : k.logicalDims()) {
            b.value("$logical.possible_tilings()", l.name(), KernelQueries.possibleTilings(k, l));
            b.value("($logical.total_size().max() + $fun.device().max_inner_block_size() - 1)"
                    + "/$fun.device().max_inner_block_size()", l.name(), KernelQueries.minInnerBlockFactor(k, l, t));
            for (LogicalDim m : k.logicalDims()) {
                if (KernelQueries.sameSize(l, m)) {
                    b.value("$lhs.total_size() == $rhs.total_size()", l.name() + "," + m.name(), true);
                }
            }
        }
    }

    private void instructionQueries() {
        b.dflt("$inst.iteration_dims().contains(&$dim.id())", false);
        b.dflt("$fun.device().can_vectorize($dim, $inst.operator())", false);
        b.dflt("$reduce.is_reduction_common_dim($init.id(), $dim.id())", false);
        b.dflt("$inst.operator().mem_used() != Some($mem.mem_id())", true);
        for (String i : ir.instIds()) {
            Inst ki = k.inst(i);
            b.value("$inst.has_side_effects()", i, ir.hasSideEffects(i));
            for (String d : ir.iterationDims(i)) {
                b.value("$inst.iteration_dims().contains(&$dim.id())", i + "," + d, true);
            }
            for (int n = 0; n < 2; n++) {
                b.value("$fun.device().max_vectorization($inst.operator())[" + n + "]", i, MAX_VECTORIZATION[n]);
            }
            boolean externalLoad = ki != null && ki.op() == Op.LD;
            boolean mem = ki == null || ki.op().isMemory();
            for (String flag : List.of("CACHE_GLOBAL", "CACHE_SHARED", "CACHE_READ_ONLY")) {
                b.value("$fun.device().supported_mem_flags($inst.operator()).contains(InstFlag::" + flag + ")", i,
                        mem && supported(flag, externalLoad));
            }
            for (String d : ir.dimIds) {
                if (ki == null || ki.op().isMemory() && KernelQueries.canVectorize(k, ki, d)) {
                    b.value("$fun.device().can_vectorize($dim, $inst.operator())", d + "," + i, true);
                }
            }
        }
        for (Inst red : k.insts()) {
            for (Inst init : k.insts()) {
                for (String d : ir.dimIds) {
                    if (ir.isReductionCommonDim(red.name(), init.name(), d)) {
                        b.value("$reduce.is_reduction_common_dim($init.id(), $dim.id())", red.name() + "," + init.name() + ","
                                + d, true);
                    }
                }
            }
        }
        for (Array a : k.arrays()) {
            if (a.kind() == Array.Kind.TEMPORARY) {
                throw new IllegalArgumentException("array " + a.name()
                        + ": Telamon's space is instantiated on kernels without temporary arrays");
            }
        }
    }

    /**
     * CUDA's {@code supported_mem_flags} with its defaults ({@code allow_nc_load}, not {@code allow_l1_for_global_mem}):
     * a load of a kernel array may use NO_CACHE, CACHE_GLOBAL or CACHE_READ_ONLY; other accesses are COHERENT.
     */
    private static boolean supported(String flag, boolean externalLoad) {
        return switch (flag) {
            case "CACHE_GLOBAL" -> true;
            case "CACHE_READ_ONLY" -> externalLoad;
            default -> false;
        };
    }

    private void deviceQueries() {
        b.constant("$fun.device().max_threads()", t.maxThreads());
        b.constant("$fun.device().shared_mem()", t.sharedMem());
        b.constant("$fun.device().max_unrolling()", t.maxUnrolling());
        b.constant("$fun.device().max_block_dims()", t.maxBlockDims());
        b.constant("$fun.device().max_inner_block_size()", t.maxInnerBlockSize());
        b.constant("$fun.device().has_vector_registers()", false);
        b.dflt("$var.max_memory_level() <= ir::MemoryLevel::RegisterNoSync", false);
        b.dflt("$mem.maps_dims($lhs.id(), $rhs.id())", false);
    }
}
