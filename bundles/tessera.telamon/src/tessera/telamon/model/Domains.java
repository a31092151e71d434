package tessera.telamon.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Operand;
import tessera.telamon.space.Communication;
import tessera.telamon.space.Lowering;

/**
 * Seed 001 §5.1 (digest 001b §2.4): what the lower-bound model reads of a candidate: the statements 𝒮 (dimensions,
 * then instructions, in kernel order, with the lowered accesses the candidate already holds), the current domains of
 * {@code order}, {@code dim_kind}, {@code size}, {@code thread_mapping}, {@code mem_space} and {@code cache}, the data
 * dependencies with their point-to-point dimensions and the loop-carried self-dependencies. Domains are bit masks:
 * order bit {@code 1 << Order.ordinal()}, dim_kind bit {@code 1 << DimKind.ordinal()}.
 */
public final class Domains {
    public static final int BEFORE = 1 << Order.BEFORE.ordinal(), AFTER = 1 << Order.AFTER.ordinal(),
            IN = 1 << Order.IN.ordinal(), OUT = 1 << Order.OUT.ordinal(), MERGED = 1 << Order.MERGED.ordinal(),
            ALL_ORDERS = 31;
    public static final int LOOP = 1 << DimKind.LOOP.ordinal(), BLOCK = 1 << DimKind.BLOCK.ordinal(),
            THREAD = 1 << DimKind.THREAD.ordinal(), UNROLL = 1 << DimKind.UNROLL.ordinal(),
            VECTOR = 1 << DimKind.VECTOR.ordinal();
    /** thread_mapping bits. */
    public static final int NOT_THREADS = 1, MAPPED = 2, MAP_OUT = 4, MAP_IN = 8;
    /** mem_space bits of an access's array, cache bits of an access. */
    public static final int GLOBAL = 1, SHARED = 2;
    public static final int L1 = 1, L2 = 2, READ_ONLY = 4, NO_CACHE = 8;

    /** b reads a's value; {@code pairs} are the point-to-point dimension pairs (producer, consumer) (eq. 5.36). */
    public record Dep(int from, int to, int[][] pairs) {
    }

    /** Instruction {@code inst} reads its own value of the previous iteration along {@code dims} (eq. 5.38). */
    public record SelfDep(int inst, int[] dims) {
    }

    /** The kernel as the candidate holds it (lowered accesses included); null for domains written by hand. */
    Kernel kernel;
    final List<String> names = new ArrayList<>();
    final List<Inst> insts = new ArrayList<>(); // null for dimensions
    final Map<String, Integer> index = new HashMap<>();
    int[][] order;
    int[] kind;
    long[] sizeMin, sizeMax, sizeLcm;
    int[] logical; // index into logicalGroups, -1 if none
    final List<int[]> logicalDims = new ArrayList<>();
    final List<Long> logicalSize = new ArrayList<>();
    int[][] threadMap;
    int[] memSpace, cache;
    final List<Dep> deps = new ArrayList<>();
    final List<SelfDep> selfDeps = new ArrayList<>();
    long sharedMin;

    private Domains() {
    }

    public int size() {
        return names.size();
    }

    public String name(int s) {
        return names.get(s);
    }

    public int indexOf(String name) {
        return index.getOrDefault(name, -1);
    }

    public boolean isDim(int s) {
        return insts.get(s) == null;
    }

    /** The kernel instruction of statement {@code s}; null for a dimension. */
    public Inst inst(int s) {
        return insts.get(s);
    }

    /** The domain of order(a, b); a ≠ b. */
    public int order(int a, int b) {
        return order[a][b];
    }

    public int kind(int d) {
        return kind[d];
    }

    public long sizeMin(int d) {
        return sizeMin[d];
    }

    public long sizeMax(int d) {
        return sizeMax[d];
    }

    public long sizeLcm(int d) {
        return sizeLcm[d];
    }

    public int threadMapping(int a, int b) {
        return threadMap[a][b];
    }

    public int memSpace(int inst) {
        return memSpace[inst];
    }

    public int cache(int inst) {
        return cache[inst];
    }

    public List<Dep> deps() {
        return deps;
    }

    public List<SelfDep> selfDeps() {
        return selfDeps;
    }

    /** The least shared memory a block may use (the counter's lower bound), in bytes. */
    public long sharedMin() {
        return sharedMin;
    }

    /** The logical dimension of {@code d} (-1 when it is alone) and that logical dimension's dimensions and size. */
    public int logical(int d) {
        return logical[d];
    }

    public int[] logicalDims(int l) {
        return logicalDims.get(l);
    }

    public long logicalSize(int l) {
        return logicalSize.get(l);
    }

    // ------------------------------------------------------------------ from a candidate of the GPU space

    /** The domains of {@code c}, a candidate of Tessera's GPU space for kernel {@code k}. */
    public static Domains of(Kernel k, Candidate c) {
        Reader r = new Reader(k, c);
        return r.read();
    }

    private static final class Reader {
        final Kernel k;
        final Candidate c;
        final Domains m = new Domains();

        Reader(Kernel k, Candidate c) {
            this.k = k;
            this.c = c;
        }

        Domains read() {
            Set<String> stores = new LinkedHashSet<>(c.objectsOf("Stores", null));
            List<Communication> pairs = Communication.of(k);
            Set<String> lowered = new LinkedHashSet<>();
            for (Communication p : pairs) {
                if (stores.contains(Lowering.store(p))) {
                    lowered.add(p.name());
                }
            }
            Kernel lk = k;
            if (!lowered.isEmpty()) {
                Map<String, Long> ones = new HashMap<>();
                k.dims().forEach(d -> ones.put(d.name(), 1L));
                lk = new Lowering(k).lower(lowered, ones).kernel();
            }
            m.kernel = lk;
            for (Dim d : lk.dims()) {
                add(d.name(), null);
            }
            for (Inst i : lk.insts()) {
                add(i.name(), i);
            }
            int n = m.size();
            m.allocate();
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    int o = pair("order", a, b, Order.values().length);
                    m.order[a][b] = o;
                    m.order[b][a] = inverse(o);
                }
            }
            readDims(lk);
            readInsts(lk);
            int v = c.variable("shared_mem_used", List.of());
            m.sharedMin = v < 0 ? 0 : Math.max(0, c.counterBounds(v)[0]);
            return m.done();
        }

        private void add(String name, Inst inst) {
            m.index.put(name, m.names.size());
            m.names.add(name);
            m.insts.add(inst);
        }

        /** The mask of a two-object enum choice in the (a, b) orientation, names mapped to ordinals of {@code names}. */
        private int pair(String choice, int a, int b, int all) {
            List<String> ab = List.of(m.name(a), m.name(b));
            int var = c.variable(choice, ab);
            long mask;
            int at = var;
            if (var >= 0) {
                mask = c.domain(var);
            } else {
                int w = c.variable(choice, List.of(m.name(b), m.name(a)));
                if (w < 0) {
                    return (1 << all) - 1;
                }
                at = w;
                mask = c.choiceInfo(w).invert(c.domain(w));
            }
            if (sameOrder(choice, at)) { // the space declares the values in our bit order: the domain is the mask
                return (int) mask;
            }
            int r = 0;
            for (String s : c.describe(at, mask)) {
                r |= 1 << ordinal(choice, s);
            }
            return r;
        }

        private final java.util.Map<String, Boolean> sameOrder = new HashMap<>();

        /** Whether the choice's values are declared in the order of our bits. */
        private boolean sameOrder(String choice, int var) {
            return sameOrder.computeIfAbsent(choice, x -> {
                List<String> values = c.choiceInfo(var).values();
                for (int i = 0; i < values.size(); i++) {
                    if (ordinal(choice, values.get(i)) != i) {
                        return false;
                    }
                }
                return true;
            });
        }

        private static int ordinal(String choice, String value) {
            if (choice.equals("order")) {
                return Order.valueOf(value).ordinal();
            }
            return switch (value) { // thread_mapping
                case "NOT_THREADS" -> 0;
                case "MAPPED" -> 1;
                case "OUT" -> 2;
                default -> 3;
            };
        }

        private void readDims(Kernel lk) {
            Map<String, Integer> logicalIds = new LinkedHashMap<>();
            for (LogicalDim l : lk.logicalDims()) {
                int[] dims = l.dims().stream().mapToInt(m::indexOf).toArray();
                logicalIds.put(l.name(), m.logicalDims.size());
                m.logicalDims.add(dims);
                m.logicalSize.add(l.size().value(lk));
            }
            for (Dim d : lk.dims()) {
                int s = m.indexOf(d.name());
                int var = c.variable("dim_kind", List.of(d.name()));
                int kind = 0;
                for (String v : c.values(var)) {
                    kind |= 1 << DimKind.valueOf(v).ordinal();
                }
                m.kind[s] = kind;
                m.logical[s] = d.logical() == null ? -1 : logicalIds.getOrDefault(d.logical(), -1);
                if (d.isStatic()) {
                    int sv = c.variable("size", List.of(d.name()));
                    long lo = Long.MAX_VALUE, hi = 0, lcm = 1;
                    for (String v : c.values(sv)) {
                        long x = Long.parseLong(v);
                        lo = Math.min(lo, x);
                        hi = Math.max(hi, x);
                        lcm = lcm(lcm, x);
                    }
                    m.sizeMin[s] = lo;
                    m.sizeMax[s] = hi;
                    m.sizeLcm[s] = lcm;
                } else {
                    LogicalDim l = lk.logical(d.logical());
                    long total = l.size().value(lk);
                    int fv = c.variable("strip_mining_factor", List.of(l.name()));
                    long[] fb = fv < 0 ? new long[] { 1, total } : c.counterBounds(fv);
                    long lo = Long.MAX_VALUE, hi = 0, lcm = 1;
                    List<Long> factors = l.tilingFactors().isEmpty() ? List.of(1L) : l.tilingFactors();
                    for (long f : factors) {
                        if (f >= fb[0] && f <= fb[1] && f > 0 && total % f == 0) {
                            lo = Math.min(lo, total / f);
                            hi = Math.max(hi, total / f);
                            lcm = lcm(lcm, total / f);
                        }
                    }
                    if (hi == 0) { // no factor left (a failed candidate): the least size any factor gives
                        lo = hi = lcm = Math.max(1, total / Math.max(1, fb[1]));
                    }
                    m.sizeMin[s] = lo;
                    m.sizeMax[s] = hi;
                    m.sizeLcm[s] = lcm;
                }
            }
            for (Dim a : lk.dims()) {
                for (Dim b : lk.dims()) {
                    int x = m.indexOf(a.name()), y = m.indexOf(b.name());
                    if (x < y) {
                        boolean both = a.isStatic() && b.isStatic();
                        int t = both ? pair("thread_mapping", x, y, 4) : NOT_THREADS;
                        m.threadMap[x][y] = t;
                        m.threadMap[y][x] = invertThreads(t);
                    }
                }
            }
        }

        private void readInsts(Kernel lk) {
            for (Inst i : lk.insts()) {
                int s = m.indexOf(i.name());
                if (i.op().isMemory()) {
                    int ms = 0;
                    int av = c.variable("mem_space", List.of(i.access().array()));
                    for (String v : av < 0 ? List.of("GLOBAL") : c.values(av)) {
                        ms |= v.equals("SHARED") ? SHARED : GLOBAL;
                    }
                    m.memSpace[s] = ms;
                    int cv = c.variable("cache", List.of(i.name()));
                    int cm = 0;
                    for (String v : cv < 0 ? List.of("L1", "L2", "READ_ONLY", "NONE") : c.values(cv)) {
                        cm |= switch (v) {
                            case "L1" -> L1;
                            case "L2" -> L2;
                            case "READ_ONLY" -> READ_ONLY;
                            default -> NO_CACHE;
                        };
                    }
                    m.cache[s] = cm;
                }
                for (Operand o : i.operands()) {
                    if (o instanceof Operand.Value v) {
                        m.deps.add(new Dep(m.indexOf(v.inst()), s, pairs(v.mapped())));
                    } else if (o instanceof Operand.Carried cr) {
                        m.deps.add(new Dep(m.indexOf(cr.init()), s, pairs(cr.mapped())));
                        m.selfDeps.add(new SelfDep(s, cr.dims().stream().mapToInt(m::indexOf).toArray()));
                    }
                }
            }
            // a lowered operand: the store reads the producer, the load reads the store through the operand's pairs
            for (Inst i : lk.insts()) {
                if (i.name().startsWith("ld_") && k.inst(i.name()) == null) {
                    String opName = i.name().substring(3);
                    int st = m.indexOf("st_" + opName);
                    List<int[]> ps = new ArrayList<>();
                    for (Communication p : Communication.of(k)) {
                        if (p.operandName().equals(opName)) {
                            ps.add(new int[] { m.indexOf(p.map().producer()), m.indexOf(p.map().consumer()) });
                        }
                    }
                    m.deps.add(new Dep(st, m.indexOf(i.name()), ps.toArray(int[][]::new)));
                }
            }
        }

        private int[][] pairs(List<DimMap> maps) {
            return maps.stream().map(p -> new int[] { m.indexOf(p.producer()), m.indexOf(p.consumer()) })
                    .toArray(int[][]::new);
        }
    }

    /** The order(b, a) mask of an order(a, b) mask. */
    public static int inverse(int o) {
        return (o & MERGED) | ((o & BEFORE) << 1) | ((o & AFTER) >> 1) | ((o & IN) << 1) | ((o & OUT) >> 1);
    }

    static int invertThreads(int t) {
        return (t & (NOT_THREADS | MAPPED)) | ((t & MAP_OUT) << 1) | ((t & MAP_IN) >> 1);
    }

    /** The per-statement arrays for the statements named so far. */
    private void allocate() {
        int n = names.size();
        order = new int[n][n];
        threadMap = new int[n][n];
        kind = new int[n];
        sizeMin = new long[n];
        sizeMax = new long[n];
        sizeLcm = new long[n];
        logical = new int[n];
        memSpace = new int[n];
        cache = new int[n];
        java.util.Arrays.fill(logical, -1);
    }

    private Domains done() {
        return this;
    }

    /** The least common multiple, saturating at Long.MAX_VALUE. */
    public static long lcm(long a, long b) {
        long g = a, h = b;
        while (h != 0) {
            long t = g % h;
            g = h;
            h = t;
        }
        try {
            return Math.multiplyExact(a / Math.max(1, g), b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    // ------------------------------------------------------------------ by hand (tests, worked examples)

    public static Builder builder() {
        return new Builder();
    }

    /** Domains written by hand: every unset order is all five values, every unset thread mapping NOT_THREADS. */
    public static final class Builder {
        private final Domains m = new Domains();
        private final List<long[]> sizes = new ArrayList<>();
        private final List<Integer> kinds = new ArrayList<>();
        private final Map<String, int[]> orders = new LinkedHashMap<>();
        private final List<Object[]> depSpecs = new ArrayList<>();
        private final Map<String, Integer> memSpaces = new HashMap<>(), caches = new HashMap<>();

        /** A dimension with its dim_kind mask and possible sizes. */
        public Builder dim(String name, int kindMask, long... possibleSizes) {
            m.index.put(name, m.names.size());
            m.names.add(name);
            m.insts.add(null);
            kinds.add(kindMask);
            sizes.add(possibleSizes);
            return this;
        }

        public Builder inst(Inst i) {
            m.index.put(i.name(), m.names.size());
            m.names.add(i.name());
            m.insts.add(i);
            kinds.add(0);
            sizes.add(new long[] { 1 });
            return this;
        }

        public Builder order(String a, String b, int mask) {
            orders.put(a + "\u0000" + b, new int[] { mask });
            return this;
        }

        public Builder memory(String inst, int memSpaceMask, int cacheMask) {
            memSpaces.put(inst, memSpaceMask);
            caches.put(inst, cacheMask);
            return this;
        }

        /** b reads a's value with point-to-point pairs {producer, consumer, producer, consumer, …}. */
        public Builder dep(String a, String b, String... pairs) {
            depSpecs.add(new Object[] { a, b, pairs });
            return this;
        }

        public Builder selfDep(String inst, String... dims) {
            depSpecs.add(new Object[] { inst, null, dims });
            return this;
        }

        public Domains build() {
            int n = m.names.size();
            m.allocate();
            for (int a = 0; a < n; a++) {
                m.kind[a] = kinds.get(a);
                long lo = Long.MAX_VALUE, hi = 0, lcm = 1;
                for (long s : sizes.get(a)) {
                    lo = Math.min(lo, s);
                    hi = Math.max(hi, s);
                    lcm = lcm(lcm, s);
                }
                m.sizeMin[a] = lo;
                m.sizeMax[a] = hi;
                m.sizeLcm[a] = lcm;
                m.memSpace[a] = memSpaces.getOrDefault(m.name(a), GLOBAL);
                m.cache[a] = caches.getOrDefault(m.name(a), L1 | L2 | READ_ONLY | NO_CACHE);
                for (int b = 0; b < n; b++) {
                    m.order[a][b] = ALL_ORDERS;
                    m.threadMap[a][b] = NOT_THREADS;
                }
            }
            orders.forEach((key, v) -> {
                String[] ab = key.split("\u0000");
                int a = m.indexOf(ab[0]), b = m.indexOf(ab[1]);
                m.order[a][b] = v[0];
                m.order[b][a] = inverse(v[0]);
            });
            for (Object[] d : depSpecs) {
                String[] ps = (String[]) d[2];
                if (d[1] == null) {
                    m.selfDeps.add(new SelfDep(m.indexOf((String) d[0]),
                            java.util.Arrays.stream(ps).mapToInt(m::indexOf).toArray()));
                } else {
                    int[][] pairs = new int[ps.length / 2][];
                    for (int i = 0; i < pairs.length; i++) {
                        pairs[i] = new int[] { m.indexOf(ps[2 * i]), m.indexOf(ps[2 * i + 1]) };
                    }
                    m.deps.add(new Dep(m.indexOf((String) d[0]), m.indexOf((String) d[1]), pairs));
                }
            }
            return m;
        }
    }
}
