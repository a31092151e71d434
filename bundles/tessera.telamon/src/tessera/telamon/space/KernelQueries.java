package tessera.telamon.space;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.2–4.3 (digest 001b §2.3): the one catalogue of kernel and target queries behind both GPU spaces.
 * {@link Queries} (Tessera's space) and {@link TelamonQueries} (Telamon's {@code src/search_space/*.exh}) register
 * these functions under their own snippet spellings, so a query that means the same in both spaces is computed once,
 * here (docs/telamon.md lists the spellings).
 */
public final class KernelQueries {
    private KernelQueries() {
    }

    /** Dimensions along which a value is carried (reductions): sequential. */
    public static Set<String> reductionDims(Kernel k) {
        Set<String> r = new LinkedHashSet<>();
        k.insts().forEach(i -> i.operands().forEach(o -> {
            if (o instanceof Operand.Carried c) {
                r.addAll(c.dims());
            }
        }));
        return r;
    }

    /** Ours {@code $d.is_parallelizable()}, Telamon's {@code $dim.is_parallelizable()}: not a reduction dimension. */
    public static boolean isParallelizable(Kernel k, Dim d) {
        return !reductionDims(k).contains(d.name());
    }

    /** Ours {@code $d.possible_sizes()}, Telamon's {@code unwrap!($dim.possible_sizes())}: the size universe. */
    public static List<Long> possibleSizes(Dim d) {
        return d.possibleSizes();
    }

    /**
     * Ours {@code StripDims($l)}, Telamon's {@code TileDimensions($l)}: the static dimensions whose sizes multiply into
     * the tiling factor (d0..dk when the size is static, d1..dk otherwise).
     */
    public static List<String> tileDims(LogicalDim l) {
        return l.size().isStatic() ? l.dims() : l.tiles();
    }

    /** Ours {@code TiledDim($l)}, Telamon's {@code TiledDimension($l)}: d0 when the size is dynamic, else nothing. */
    public static List<String> tiledDim(LogicalDim l) {
        return l.size().isStatic() ? List.of() : List.of(l.outer());
    }

    /**
     * Ours {@code $l.possible_strip_minings()}, Telamon's {@code $logical.possible_tilings()}: the size itself when it
     * is static (Telamon's {@code LogicalDim::new_static}), the tiling factors otherwise.
     */
    public static List<Long> possibleTilings(Kernel k, LogicalDim l) {
        return l.size().isStatic() ? List.of(l.size().value(k)) : l.tilingFactors();
    }

    /**
     * Ours {@code $l.min_inner_block_factor()}, Telamon's
     * {@code ($logical.total_size().max() + max_inner_block_size - 1) / max_inner_block_size}.
     */
    public static long minInnerBlockFactor(Kernel k, LogicalDim l, Device t) {
        long n = l.size().value(k);
        return (n + t.maxInnerBlockSize() - 1) / t.maxInnerBlockSize();
    }

    /** Ours {@code $l.same_size($m)}, Telamon's {@code $lhs.total_size() == $rhs.total_size()}. */
    public static boolean sameSize(LogicalDim l, LogicalDim m) {
        return l.size().equals(m.size());
    }

    /** The widest vector access of an instruction (16 bytes, at most 4 elements; 1 for a non-memory instruction). */
    public static long maxVector(Inst i) {
        return i.op().isMemory() ? Math.min(4, 16 / i.type().bytes()) : 1;
    }

    /** Arrays written by a store of the kernel. */
    public static Set<String> writtenArrays(Kernel k) {
        Set<String> written = new LinkedHashSet<>();
        k.insts().stream().filter(i -> i.op() == Op.ST).forEach(i -> written.add(i.access().array()));
        return written;
    }

    /**
     * Ours {@code $i.can_vectorize($d)}, Telamon's {@code $fun.device().can_vectorize($dim, $inst.operator())} (CUDA:
     * a load or store whose access is consecutive along {@code d}): unit stride along {@code d} (the innermost tile of
     * its logical dimension), every other term a multiple of the widest vector, and no possible size 3 (Telamon's
     * cuda device has no alignment model for 3).
     */
    public static boolean canVectorize(Kernel k, Inst i, String d) {
        Access a = i.access();
        if (a == null || !i.dims().contains(d)) {
            return false;
        }
        Dim dim = k.dim(d);
        if (dim.possibleSizes().stream().anyMatch(s -> s == 3)) {
            return false;
        }
        long width = maxVector(i);
        LogicalDim l = dim.logical() == null ? null : k.logical(dim.logical());
        String key = l != null && a.strides().containsKey(l.name()) ? l.name() : d;
        boolean innermost = key.equals(d) || l.dims().get(l.dims().size() - 1).equals(d);
        if (!innermost || a.strides().getOrDefault(key, 0L) != 1 || a.offset() % width != 0) {
            return false;
        }
        return a.strides().entrySet().stream().allMatch(e -> e.getKey().equals(key) || e.getValue() % width == 0);
    }
}
