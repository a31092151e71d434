package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Implementation;
import tessera.telamon.impl.MemSpace;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;

/**
 * Seed 001 §4.4.1 (digest 001b §3.2 step 1), annotation: merge classes of dimensions with their common size and kind,
 * the hardware axis of each THREAD and BLOCK class, the launch geometry (grid from BLOCK classes by blockAxis, block
 * from THREAD classes by threadAxis, an axis's extent being the largest class mapped to it), the element count of every
 * temporary array from its layout, memory spaces, and each instruction's vector factor ({@link Vectorization}).
 * Addresses are not lowered into induction variables: they are computed from the indices at each access (eq. 4.2).
 */
public final class Annotation {
    /** At most 1024 threads per block, at most 64 along z (every target from sm_75 to sm_90). */
    public static final long MAX_THREADS = 1024;

    private final Implementation impl;
    private final Map<String, String> rep = new LinkedHashMap<>();
    private final Map<String, List<String>> members = new LinkedHashMap<>();
    private final Map<String, Extent> extent = new LinkedHashMap<>();
    private final Map<String, Integer> axis = new LinkedHashMap<>();
    private final Extent[] grid = {Extent.of(1), Extent.of(1), Extent.of(1)};
    private final long[] block = {1, 1, 1};
    private final Map<String, Long> temporaryElements = new LinkedHashMap<>();
    private final Addresses addresses;
    private final Map<String, Vectorization> vector;

    private Annotation(Implementation impl) {
        this.impl = impl;
        List<String> errors = impl.kernel().check();
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("kernel " + impl.kernel().name() + " is not well formed: " + String.join("; ", errors));
        }
        mergeClasses();
        for (String r : members.keySet()) {
            annotateClass(r);
        }
        geometry();
        temporaries();
        addresses = new Addresses(this);
        vector = Vectorization.plan(this);
    }

    /** Annotates a fixed candidate; a clear IllegalArgumentException when it is not one. */
    public static Annotation of(Implementation impl) {
        return new Annotation(impl);
    }

    public Implementation impl() {
        return impl;
    }

    public Kernel kernel() {
        return impl.kernel();
    }

    /** The representative of {@code dim}'s merge class: its first member in declaration order. */
    public String rep(String dim) {
        String r = rep.get(dim);
        if (r == null) {
            throw new IllegalArgumentException("unknown dimension " + dim);
        }
        return r;
    }

    /** Merge classes by representative, in declaration order of the representatives. */
    public Map<String, List<String>> classes() {
        return members;
    }

    public DimKind kind(String dim) {
        return impl.kind().get(rep(dim));
    }

    public Extent extent(String dim) {
        return extent.get(rep(dim));
    }

    /** The size in this instance. */
    public long size(String dim) {
        return extent(dim).value();
    }

    /** The hardware axis (0 = x, 1 = y, 2 = z) of a THREAD or BLOCK dimension's class. */
    public int axis(String dim) {
        return axis.get(rep(dim));
    }

    /** Grid extents along x, y, z. */
    public List<Extent> grid() {
        return List.of(grid);
    }

    /** Block extents along x, y, z. */
    public long[] block() {
        return block.clone();
    }

    public long threadsPerBlock() {
        return block[0] * block[1] * block[2];
    }

    public MemSpace memSpace(String array) {
        MemSpace m = impl.memSpace().get(array);
        return m != null ? m : MemSpace.GLOBAL;
    }

    /** The number of elements of a temporary array: the product of its layout's dimension sizes. */
    public long temporaryElements(String array) {
        return temporaryElements.get(array);
    }

    public Addresses addresses() {
        return addresses;
    }

    /** How a memory instruction is vectorized; null when it is not in any VECTOR dimension. */
    public Vectorization vectorization(String inst) {
        return vector.get(inst);
    }

    public Order order(String x, String y) {
        return impl.order(x, y);
    }

    private void mergeClasses() {
        Kernel k = impl.kernel();
        for (Dim d : k.dims()) {
            if (rep.containsKey(d.name())) {
                continue;
            }
            List<String> cls = new ArrayList<>();
            for (Dim e : k.dims()) {
                if (e == d || impl.order(d.name(), e.name()) == Order.MERGED) {
                    cls.add(e.name());
                }
            }
            for (String e : cls) {
                if (rep.containsKey(e)) {
                    throw new IllegalArgumentException("MERGED is not transitive: " + e + " is merged with " + rep.get(e)
                            + " and with " + d.name() + " but these two are not merged");
                }
                rep.put(e, d.name());
            }
            members.put(d.name(), cls);
        }
        for (Inst i : k.insts()) {
            for (String s : k.statements()) {
                if (!s.equals(i.name()) && impl.order(i.name(), s) == Order.MERGED) {
                    throw new IllegalArgumentException("instruction " + i.name() + " is MERGED with " + s + ": instructions are never merged (eq. 4.5)");
                }
            }
        }
    }

    private void annotateClass(String r) {
        Kernel k = impl.kernel();
        DimKind kind = null;
        Extent ext = null;
        for (String d : members.get(r)) {
            DimKind dk = impl.kind().get(d);
            if (dk == null) {
                throw new IllegalArgumentException("dimension " + d + " has no kind");
            }
            Extent e = dimExtent(k, k.dim(d));
            if (kind != null && (dk != kind || e.value() != ext.value())) {
                throw new IllegalArgumentException("merged dimensions " + r + " and " + d + " differ: " + kind + " of size "
                        + ext.value() + " against " + dk + " of size " + e.value() + " (merged dimensions have equal size and kind)");
            }
            if (!k.dim(d).isStatic() && (dk == DimKind.THREAD || dk == DimKind.UNROLL || dk == DimKind.VECTOR)) {
                throw new IllegalArgumentException("dimension " + d + " is dynamic and cannot be " + dk + " (§4.2.1: only static dimensions can)");
            }
            if (ext == null || !ext.isStatic() && e.isStatic()) {
                ext = e;
            }
            kind = dk;
            if (dk == DimKind.THREAD || dk == DimKind.BLOCK) {
                Integer a = (dk == DimKind.THREAD ? impl.threadAxis() : impl.blockAxis()).get(d);
                if (a == null || a < 0 || a > 2) {
                    throw new IllegalArgumentException(dk + " dimension " + d + " needs a hardware axis 0 (x), 1 (y) or 2 (z), not " + a);
                }
                Integer prev = axis.put(r, a);
                if (prev != null && !prev.equals(a)) {
                    throw new IllegalArgumentException("merged dimensions " + r + " and " + d + " are mapped to different hardware axes");
                }
            }
        }
        extent.put(r, ext);
    }

    private Extent dimExtent(Kernel k, Dim d) {
        Long s = impl.size().get(d.name());
        if (s == null || s < 1) {
            throw new IllegalArgumentException("dimension " + d.name() + " has no size");
        }
        if (d.isStatic()) {
            if (!d.possibleSizes().contains(s)) {
                throw new IllegalArgumentException("dimension " + d.name() + " has size " + s + ", not one of " + d.possibleSizes());
            }
            return Extent.of(s);
        }
        LogicalDim l = k.logical(d.logical());
        long tiles = 1;
        for (String t : l.tiles()) {
            Long ts = impl.size().get(t);
            if (ts == null) {
                throw new IllegalArgumentException("dimension " + t + " has no size");
            }
            tiles *= ts;
        }
        Long n = k.param(l.size().param()).value();
        if (n != null && (n % tiles != 0 || n / tiles != s)) {
            throw new IllegalArgumentException("dimension " + d.name() + " has size " + s + " but " + l.size().param() + " = " + n
                    + " over its tiles' " + tiles + " gives " + (n % tiles != 0 ? "a remainder" : Long.toString(n / tiles)));
        }
        return new Extent(s, l.size().param(), tiles);
    }

    private void geometry() {
        String[] gridDim = new String[3];
        for (String r : members.keySet()) {
            DimKind kind = impl.kind().get(r);
            if (kind == DimKind.BLOCK) {
                int a = axis.get(r);
                if (gridDim[a] != null) {
                    throw new IllegalArgumentException("BLOCK dimensions " + gridDim[a] + " and " + r + " are both mapped to block axis " + "xyz".charAt(a));
                }
                gridDim[a] = r;
                grid[a] = extent.get(r);
            } else if (kind == DimKind.THREAD) {
                int a = axis.get(r);
                block[a] = Math.max(block[a], extent.get(r).value());
            }
        }
        if (threadsPerBlock() > MAX_THREADS || block[2] > 64) {
            throw new IllegalArgumentException("the block (" + block[0] + ", " + block[1] + ", " + block[2] + ") exceeds "
                    + MAX_THREADS + " threads or 64 along z");
        }
        for (int a = 1; a < 3; a++) {
            if (grid[a].value() > 65535) {
                throw new IllegalArgumentException("the grid's " + "xyz".charAt(a) + " extent " + grid[a].value() + " exceeds 65535");
            }
        }
    }

    private void temporaries() {
        for (Array a : impl.kernel().arrays()) {
            if (a.kind() == Array.Kind.INPUT) {
                if (memSpace(a.name()) != MemSpace.GLOBAL) {
                    throw new IllegalArgumentException("input array " + a.name() + " must be in GLOBAL memory");
                }
                continue;
            }
            List<String> layout = impl.layout().get(a.name());
            if (layout == null) {
                throw new IllegalArgumentException("temporary array " + a.name() + " has no layout");
            }
            long n = 1;
            for (String d : layout) {
                Dim dim = impl.kernel().dim(d);
                if (dim == null || !dim.isStatic()) {
                    throw new IllegalArgumentException("temporary array " + a.name() + ": layout dimension " + d
                            + (dim == null ? " is unknown" : " is dynamic (buffers are allocated statically, §4.4.4)"));
                }
                n *= size(d);
            }
            temporaryElements.put(a.name(), n);
        }
    }
}
