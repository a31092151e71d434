package tessera.telamon.exec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.2.1, eq. 4.1: an instruction's iteration space over logical indexes. A logical dimension all of whose
 * d0..dk are in the instruction is one axis indexed by ⟨d0, …, dk⟩ (its size is the logical size, so the result does
 * not depend on tile sizes); other dimensions are axes of their own. A dimension's index inside a logical axis is
 * recovered from the tile sizes. Points are row-major over the axes, outermost first, in the order the instruction
 * lists its dimensions.
 */
final class IterationSpace {
    /** One axis: a whole logical dimension ({@code logical} set) or one dimension. */
    record Axis(String name, LogicalDim logical, List<String> dims, long size) {
    }

    final Inst inst;
    final List<Axis> axes = new ArrayList<>();
    final long count;
    private final Map<String, Integer> axisOfDim = new HashMap<>();
    private final Kernel k;
    private final Sizes sizes;

    IterationSpace(Kernel k, Inst inst, Sizes sizes) {
        this.k = k;
        this.inst = inst;
        this.sizes = sizes;
        Set<String> carried = new HashSet<>();
        for (Operand o : inst.operands()) {
            if (o instanceof Operand.Carried c) {
                carried.addAll(c.dims());
            }
        }
        for (String d : inst.dims()) {
            if (axisOfDim.containsKey(d)) {
                continue;
            }
            Dim dim = k.dim(d);
            LogicalDim l = dim.logical() == null ? null : k.logical(dim.logical());
            boolean whole = l != null && inst.dims().containsAll(l.dims())
                    && (carried.containsAll(l.dims()) || l.dims().stream().noneMatch(carried::contains));
            if (whole) {
                for (String e : l.dims()) {
                    axisOfDim.put(e, axes.size());
                }
                axes.add(new Axis(l.name(), l, l.dims(), sizes.logical(l.name())));
            } else {
                axisOfDim.put(d, axes.size());
                axes.add(new Axis(d, null, List.of(d), sizes.dim(d)));
            }
        }
        long c = 1;
        for (Axis a : axes) {
            c = Math.multiplyExact(c, a.size());
        }
        count = c;
    }

    boolean hasDim(String d) {
        return axisOfDim.containsKey(d);
    }

    /** The axis of logical dimension {@code l}, or -1 when it is not one axis here. */
    int axisOfLogical(String l) {
        for (int i = 0; i < axes.size(); i++) {
            if (l.equals(axes.get(i).name()) && axes.get(i).logical() != null) {
                return i;
            }
        }
        return -1;
    }

    int axisOfDim(String d) {
        return axisOfDim.get(d);
    }

    long linear(long[] p) {
        long r = 0;
        for (int i = 0; i < axes.size(); i++) {
            r = r * axes.get(i).size() + p[i];
        }
        return r;
    }

    void decode(long linear, long[] p) {
        for (int i = axes.size() - 1; i >= 0; i--) {
            long s = axes.get(i).size();
            p[i] = linear % s;
            linear /= s;
        }
    }

    /** The index along dimension {@code d} (one of the instruction's) at point {@code p}. */
    long dimIndex(long[] p, String d) {
        Axis a = axes.get(axisOfDim.get(d));
        if (a.logical() == null) {
            return p[axisOfDim.get(d)];
        }
        long v = p[axisOfDim.get(d)];
        List<String> ds = a.dims();
        for (int i = ds.size() - 1; i > 0; i--) {
            long s = sizes.dim(ds.get(i));
            if (ds.get(i).equals(d)) {
                return v % s;
            }
            v /= s;
        }
        return v;
    }

    /** The logical index ⟨d0, …, dk⟩ of {@code l} at point {@code p}; all of l's dimensions are the instruction's. */
    long logicalIndex(long[] p, String l) {
        int axis = axisOfLogical(l);
        if (axis >= 0) {
            return p[axis];
        }
        List<String> ds = k.logical(l).dims();
        long[] idx = new long[ds.size()];
        for (int i = 0; i < ds.size(); i++) {
            idx[i] = dimIndex(p, ds.get(i));
        }
        return compose(k.logical(l), idx);
    }

    /** Eq. 4.1: ⟨d0, …, dk⟩ from the index along each of d0..dk. */
    long compose(LogicalDim l, long[] idx) {
        long r = idx[0];
        for (int i = 1; i < idx.length; i++) {
            r = r * sizes.dim(l.dims().get(i)) + idx[i];
        }
        return r;
    }
}
