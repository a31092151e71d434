package tessera.telamon.space;

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
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.3 (digest 001b §2.3): the one fixed catalogue of kernel and target queries that the GPU space's sets
 * and snippets name, answered for a kernel as a decision-space {@link Instance}. Each snippet of the space
 * ({@code examples/telamon/space}) is one entry below; docs/telamon.md lists them with their meaning. The queries that
 * Telamon's own space also asks are computed by {@link KernelQueries}, shared with {@link TelamonQueries}.
 */
public final class Queries {
    private final Kernel k;
    private final Device t;
    private final Instance.Builder b = Instance.builder();
    private final List<Communication> comms;

    private Queries(Kernel k, Device t) {
        this.k = k;
        this.t = t;
        this.comms = Communication.of(k);
    }

    /** The instance of the GPU space for kernel {@code k} on target {@code t}. */
    public static Instance instance(Kernel k, Device t) {
        Queries q = new Queries(k, t);
        q.sets();
        q.dimensionQueries();
        q.instructionQueries();
        q.communicationQueries();
        q.targetQueries();
        return q.b.build();
    }

    private void sets() {
        k.dims().forEach(d -> b.set("Dimensions", d.name()));
        k.dims().stream().filter(Dim::isStatic).forEach(d -> b.set("StaticDims", d.name()));
        k.insts().forEach(i -> b.set("Instructions", i.name()));
        k.insts().stream().filter(i -> i.op().isMemory()).forEach(i -> b.set("MemInsts", i.name()));
        k.insts().stream().filter(i -> i.op() == Op.ST).forEach(i -> b.set("Stores", i.name()));
        for (LogicalDim l : k.logicalDims()) {
            b.set("LogicalDims", l.name());
            b.paramSet("StripDims", l.name(), KernelQueries.tileDims(l).toArray(String[]::new));
            b.paramSet("TiledDim", l.name(), KernelQueries.tiledDim(l).toArray(String[]::new));
        }
        k.arrays().forEach(a -> b.set("Arrays", a.name()));
        for (Communication c : comms) {
            b.set("DimMappings", c.name());
            b.paramSet("SameOperand", c.name(), c.sameOperand(comms).stream().filter(o -> o != c).map(Communication::name)
                    .toArray(String[]::new));
            b.paramSet("MapSrc", c.name(), c.map().producer());
            b.paramSet("MapDst", c.name(), c.map().consumer());
            b.paramSet("MapConsumer", c.name(), c.consumer());
        }
        // every set the space declares exists, even when empty
        for (String s : List.of("Dimensions", "StaticDims", "Instructions", "MemInsts", "Stores", "LogicalDims", "Arrays",
                "DimMappings")) {
            b.set(s);
        }
    }

    private void dimensionQueries() {
        for (Dim d : k.dims()) {
            b.value("$d.is_static()", d.name(), d.isStatic());
            b.value("$d.is_parallelizable()", d.name(), KernelQueries.isParallelizable(k, d));
            if (d.isStatic()) {
                b.value("$d.possible_sizes()", d.name(), KernelQueries.possibleSizes(d));
            }
        }
        b.dflt("$l.same_size($m)", false);
        for (LogicalDim l : k.logicalDims()) {
            b.value("$l.possible_strip_minings()", l.name(), KernelQueries.possibleTilings(k, l));
            b.value("$l.min_inner_block_factor()", l.name(), KernelQueries.minInnerBlockFactor(k, l, t));
            for (LogicalDim m : k.logicalDims()) {
                if (KernelQueries.sameSize(l, m)) {
                    b.value("$l.same_size($m)", l.name() + "," + m.name(), true);
                }
            }
        }
    }

    private void instructionQueries() {
        for (String q : List.of("$i.depends_on($j)", "$i.has_dim($d)", "$i.reads_last_of($d)", "$i.accesses($a)",
                "$i.can_vectorize($d)", "$r.reduces_from($i, $d)", "$r.reinit_in($i, $d)")) {
            b.dflt(q, false);
        }
        Set<String> written = KernelQueries.writtenArrays(k);
        for (Inst i : k.insts()) {
            b.value("$i.is_store()", i.name(), i.op() == Op.ST);
            b.value("$i.is_temporary_store()", i.name(), i.op() == Op.ST && k.array(i.access().array()).kind() == Array.Kind.TEMPORARY);
            b.value("$i.loads_written_array()", i.name(), i.op() == Op.LD && written.contains(i.access().array()));
            b.value("$i.max_vector()", i.name(), KernelQueries.maxVector(i));
            k.producers(i).forEach(p -> b.value("$i.depends_on($j)", i.name() + "," + p, true));
            i.dims().forEach(d -> b.value("$i.has_dim($d)", i.name() + "," + d, true));
            readsLast(i).forEach(d -> b.value("$i.reads_last_of($d)", i.name() + "," + d, true));
            if (i.access() != null) {
                b.value("$i.accesses($a)", i.name() + "," + i.access().array(), true);
                for (String d : i.dims()) {
                    if (KernelQueries.canVectorize(k, i, d)) {
                        b.value("$i.can_vectorize($d)", i.name() + "," + d, true);
                    }
                }
            }
            for (Operand o : i.operands()) {
                if (o instanceof Operand.Carried c) {
                    reduction(i, c);
                }
            }
        }
        for (Array a : k.arrays()) {
            b.value("$a.is_temporary()", a.name(), a.kind() == Array.Kind.TEMPORARY);
            b.value("$a.elem_bytes()", a.name(), (long) a.type().bytes());
            b.paramSet("ArrayStore", a.name());
            b.paramSet("ArrayPairs", a.name());
        }
    }

    /** The producer dimensions whose last iteration {@code i} reads: not its own, not mapped to one of its own. */
    private Set<String> readsLast(Inst i) {
        Set<String> r = new LinkedHashSet<>();
        for (Operand o : i.operands()) {
            String producer = o instanceof Operand.Value v ? v.inst() : o instanceof Operand.Carried c ? c.init() : null;
            if (producer == null) {
                continue;
            }
            List<tessera.telamon.kernel.DimMap> mapped = o instanceof Operand.Value v ? v.mapped() : ((Operand.Carried) o).mapped();
            for (String d : k.inst(producer).dims()) {
                if (!i.dims().contains(d) && mapped.stream().noneMatch(m -> m.producer().equals(d))) {
                    r.add(d);
                }
            }
        }
        return r;
    }

    private void reduction(Inst red, Operand.Carried c) {
        Inst init = k.inst(c.init());
        for (String d : c.dims()) {
            b.value("$r.reduces_from($i, $d)", red.name() + "," + init.name() + "," + d, true);
        }
        for (String d : red.dims()) {
            boolean mapped = c.mapped().stream().anyMatch(m -> m.consumer().equals(d));
            if (!c.dims().contains(d) && !mapped && !init.dims().contains(d)) {
                b.value("$r.reinit_in($i, $d)", red.name() + "," + init.name() + "," + d, true);
            }
        }
    }

    private void communicationQueries() {
        Lowering lowering = new Lowering(k);
        for (Communication c : comms) {
            b.value("$p.is_reduction_init()", c.name(), c.reductionInit());
            b.trigger("$fun.lower_to_memory($p)", c.name(), lowering.effect(c));
        }
        b.dflt("$p.is_reduction_init()", false);
    }

    private void targetQueries() {
        b.constant("$fun.device().max_threads()", t.maxThreads());
        b.constant("$fun.device().max_thread_dims()", t.maxThreadDims());
        b.constant("$fun.device().max_outer_thread_size()", t.maxOuterThreadSize());
        b.constant("$fun.device().shared_mem()", t.sharedMem());
        b.constant("$fun.device().max_unrolling()", t.maxUnrolling());
        b.constant("$fun.device().max_block_dims()", t.maxBlockDims());
        b.constant("$fun.device().max_inner_block_size()", t.maxInnerBlockSize());
    }
}
