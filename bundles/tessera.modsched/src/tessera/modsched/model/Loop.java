package tessera.modsched.model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.graph.Digraph;

/**
 * The dependence graph DG = {V, E, δ, λ} of an innermost loop (seed 002 §4.1) bound to a {@link Machine}.
 * Nodes are {@link Operation}s, edges {@link Dependence}s; node and edge ids equal list positions, and
 * {@link #graph()} gives the same structure as a generic {@link Digraph}. Immutable; build with {@link #builder}.
 */
public final class Loop {
    private final String name;
    private final Machine machine;
    private final List<Operation> ops;
    private final List<Dependence> deps;
    private final Map<String, Integer> byName;
    private final Digraph graph;
    private final int[] edgeLatency;
    private final int[] edgeDistance;
    /** exclusive[u] = ops that never execute in the same iteration as u (disjoint conditions); null = none. */
    private final BitSet[] exclusive;

    private Loop(String name, Machine machine, List<Operation> ops, List<Dependence> deps, BitSet[] exclusive) {
        this.exclusive = exclusive;
        this.name = name;
        this.machine = machine;
        this.ops = List.copyOf(ops);
        this.deps = List.copyOf(deps);
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Operation o : ops) {
            m.put(o.name(), o.index());
        }
        this.byName = Collections.unmodifiableMap(m);
        int[] s = new int[deps.size()];
        int[] t = new int[deps.size()];
        edgeLatency = new int[deps.size()];
        edgeDistance = new int[deps.size()];
        for (Dependence d : deps) {
            s[d.index()] = d.from();
            t[d.index()] = d.to();
            edgeLatency[d.index()] = d.latency();
            edgeDistance[d.index()] = d.distance();
        }
        graph = Digraph.of(ops.size(), s, t);
    }

    public static Builder builder(String name, Machine machine) {
        return new Builder(name, machine);
    }

    public String name() {
        return name;
    }

    public Machine machine() {
        return machine;
    }

    public List<Operation> operations() {
        return ops;
    }

    public Operation op(int index) {
        return ops.get(index);
    }

    /** Index of the named operation, or -1. */
    public int opIndex(String opName) {
        return byName.getOrDefault(opName, -1);
    }

    public List<Dependence> dependences() {
        return deps;
    }

    public Dependence dependence(int index) {
        return deps.get(index);
    }

    public int size() {
        return ops.size();
    }

    /** The DG as a generic graph (node id = op index, edge id = dependence index). */
    public Digraph graph() {
        return graph;
    }

    public int latency(int edge) {
        return edgeLatency[edge];
    }

    public int distance(int edge) {
        return edgeDistance[edge];
    }

    /**
     * Whether ops u and v are mutually exclusive: their conditions are disjoint, so in any one iteration at most
     * one of them executes and they may share an MRT cell (seed 003 §5.2, merged S1/S2 moves). Symmetric, never
     * reflexive; false for every pair of a loop without exclusions.
     */
    public boolean exclusive(int u, int v) {
        return exclusive != null && exclusive[u] != null && exclusive[u].get(v);
    }

    /** The mutually exclusive pairs as {@code u/v} operation names, u before v in operation order (listings, tests). */
    public List<String> exclusivePairs() {
        List<String> out = new ArrayList<>();
        for (int u = 0; u < size(); u++) {
            for (int v = u + 1; v < size(); v++) {
                if (exclusive(u, v)) {
                    out.add(op(u).name() + "/" + op(v).name());
                }
            }
        }
        return out;
    }

    /** Whether some pair of ops is mutually exclusive. */
    public boolean hasExclusions() {
        return exclusive != null;
    }

    /** This loop with each op's payload replaced by {@code payloads[i]} (same structure). */
    public Loop withPayloads(Object[] payloads) {
        List<Operation> l = new ArrayList<>();
        for (Operation o : ops) {
            l.add(new Operation(o.index(), o.name(), o.resource(), o.latency(), o.reservation(), payloads[o.index()]));
        }
        return new Loop(name, machine, l, deps, exclusive);
    }

    @Override
    public String toString() {
        return "loop " + name + " (" + ops.size() + " ops, " + deps.size() + " edges)";
    }

    /** One (resource, offset) pair of an explicit reservation pattern, by resource name. */
    public record Use(String resource, int offset) {
    }

    /**
     * Collects operations and edges by name; {@link #build(Diagnostics)} checks them: unknown resources or
     * operations, duplicate names, latencies, distances and offsets outside [0, {@link ModelLimits}'s maximum], more
     * operations or edges than {@link ModelLimits} allows, and dependence cycles of distance 0 whose latency is
     * positive (no schedule can ever satisfy those).
     */
    public static final class Builder {
        private final String name;
        private final Machine machine;
        private String file = "";
        private int line;
        private final List<OpSpec> opSpecs = new ArrayList<>();
        private final List<EdgeSpec> edgeSpecs = new ArrayList<>();
        private final List<String[]> exclusions = new ArrayList<>();

        private record OpSpec(String name, String resource, int latency, List<Use> reserve, Object payload, int line) {
        }

        private record EdgeSpec(String from, String to, Integer latency, int distance, DependenceKind kind, int line) {
        }

        private Builder(String name, Machine machine) {
            this.name = name;
            this.machine = machine;
        }

        /** File name and line of the loop header, used in diagnostics. */
        public Builder at(String fileName, int headerLine) {
            this.file = fileName == null ? "" : fileName;
            this.line = headerLine;
            return this;
        }

        /** An op using its resource class's standard pattern. Returns this op's index. */
        public int op(String opName, String resource, int latency) {
            return op(opName, resource, latency, null, null, 0);
        }

        /**
         * An op with an optional explicit reservation pattern ({@code null} = standard: offsets 0..busy-1 of its own
         * class), an opaque payload and a source line. Returns this op's index.
         */
        public int op(String opName, String resource, int latency, List<Use> reserve, Object payload, int srcLine) {
            opSpecs.add(new OpSpec(opName, resource, latency, reserve == null ? null : List.copyOf(reserve), payload,
                    srcLine));
            return opSpecs.size() - 1;
        }

        /** A flow edge whose latency is the producer's. */
        public Builder edge(String from, String to, int distance) {
            return edge(from, to, null, distance, DependenceKind.FLOW, 0);
        }

        public Builder edge(String from, String to, int latency, int distance) {
            return edge(from, to, latency, distance, DependenceKind.FLOW, 0);
        }

        /** An edge; {@code latency == null} means the producer's latency. */
        public Builder edge(String from, String to, Integer latency, int distance, DependenceKind kind, int srcLine) {
            edgeSpecs.add(new EdgeSpec(from, to, latency, distance, kind == null ? DependenceKind.FLOW : kind,
                    srcLine));
            return this;
        }

        /** Declares ops {@code a} and {@code b} mutually exclusive (see {@link Loop#exclusive(int, int)}). */
        public Builder exclusive(String a, String b) {
            exclusions.add(new String[] { a, b });
            return this;
        }

        public int opCount() {
            return opSpecs.size();
        }

        private void error(Diagnostics d, int ln, String msg, String hint) {
            d.add(Diagnostic.error(file, ln, msg, hint));
        }

        private void error(Diagnostics d, int ln, ModelProblems.Problem p) {
            d.add(Diagnostic.error(file, ln, p.message(), p.hint()));
        }

        /** The loop, or null after reporting every problem found into {@code diagnostics}. */
        public Loop build(Diagnostics diagnostics) {
            int before = diagnostics.size();
            if (machine == null) {
                error(diagnostics, line, "loop '" + name + "' has no machine", "name a declared machine");
                return null;
            }
            if (name == null || name.isBlank()) {
                error(diagnostics, line, "loop has no name", "write 'loop NAME machine M { ... }'");
            }
            if (opSpecs.size() > ModelLimits.MAX_OPERATIONS || edgeSpecs.size() > ModelLimits.MAX_EDGES) {
                error(diagnostics, line, opSpecs.size() > ModelLimits.MAX_OPERATIONS
                        ? ModelProblems.tooMany("loop '" + name + "'", opSpecs.size(), "operations", ModelLimits.MAX_OPERATIONS)
                        : ModelProblems.tooMany("loop '" + name + "'", edgeSpecs.size(), "edges", ModelLimits.MAX_EDGES));
                return null;
            }
            Map<String, Integer> index = new LinkedHashMap<>();
            List<Operation> ops = new ArrayList<>();
            for (OpSpec s : opSpecs) {
                if (index.containsKey(s.name())) {
                    error(diagnostics, s.line(), ModelProblems.duplicateOperation(s.name()));
                    continue;
                }
                if (s.latency() < 0 || s.latency() > ModelLimits.MAX_LATENCY) {
                    error(diagnostics, s.line(), ModelProblems.outOfRange("latency of operation '" + s.name() + "'",
                            s.latency(), 0, ModelLimits.MAX_LATENCY));
                    continue;
                }
                int r = machine.resourceIndex(s.resource());
                if (r < 0 || machine.resource(r).implicit()) {
                    error(diagnostics, s.line(), ModelProblems.unknownResource(s.resource(), s.name(), machine.name(),
                            machine.declaredResources().stream().map(ResourceClass::name).toList()));
                    continue;
                }
                Reservation res;
                if (s.reserve() == null) {
                    res = Reservation.standard(r, machine.resource(r).busy());
                } else {
                    Map<Integer, List<Integer>> per = new TreeMap<>();
                    boolean bad = false;
                    for (Use u : s.reserve()) {
                        int ur = machine.resourceIndex(u.resource());
                        if (ur < 0 || machine.resource(ur).implicit()) {
                            error(diagnostics, s.line(),
                                    ModelProblems.unknownReservedResource(u.resource(), s.name(), machine.name()));
                            bad = true;
                            continue;
                        }
                        if (u.offset() < 0) {
                            error(diagnostics, s.line(), ModelProblems.negativeOffset(u.offset(), s.name()));
                            bad = true;
                            continue;
                        }
                        if (u.offset() > ModelLimits.MAX_OFFSET) {
                            error(diagnostics, s.line(), ModelProblems.outOfRange("reservation offset of '" + s.name()
                                    + "'", u.offset(), 0, ModelLimits.MAX_OFFSET));
                            bad = true;
                            continue;
                        }
                        List<Integer> l = per.computeIfAbsent(ur, k -> new ArrayList<>());
                        if (l.contains(u.offset())) {
                            error(diagnostics, s.line(), ModelProblems.reservedTwice(s.name(), u.resource(), u.offset()));
                            bad = true;
                        }
                        l.add(u.offset());
                    }
                    if (s.reserve().isEmpty()) {
                        error(diagnostics, s.line(), ModelProblems.emptyReservation(s.name()));
                        bad = true;
                    }
                    if (bad) {
                        continue;
                    }
                    List<Reservation.Use> uses = new ArrayList<>();
                    per.forEach((k, v) -> uses.add(new Reservation.Use(k, v.stream().mapToInt(i -> i).toArray())));
                    res = new Reservation(uses);
                }
                if (machine.issueResource() >= 0) {
                    res = res.plus(new Reservation.Use(machine.issueResource(), new int[] { 0 }));
                }
                index.put(s.name(), ops.size());
                ops.add(new Operation(ops.size(), s.name(), r, s.latency(), res, s.payload()));
            }
            List<Dependence> deps = new ArrayList<>();
            List<Integer> edgeLines = new ArrayList<>();
            for (EdgeSpec e : edgeSpecs) {
                Integer from = index.get(e.from());
                Integer to = index.get(e.to());
                boolean bad = false;
                if (from == null) {
                    error(diagnostics, e.line(), ModelProblems.unknownOperation(e.from()));
                    bad = true;
                }
                if (to == null) {
                    error(diagnostics, e.line(), ModelProblems.unknownOperation(e.to()));
                    bad = true;
                }
                if (e.distance() < 0) {
                    error(diagnostics, e.line(), ModelProblems.negativeDistance(e.distance(), e.from(), e.to()));
                    bad = true;
                }
                if (e.distance() > ModelLimits.MAX_DISTANCE) {
                    error(diagnostics, e.line(), ModelProblems.outOfRange("distance of edge " + e.from() + " -> "
                            + e.to(), e.distance(), 0, ModelLimits.MAX_DISTANCE));
                    bad = true;
                }
                if (e.latency() != null && (e.latency() < 0 || e.latency() > ModelLimits.MAX_LATENCY)) {
                    error(diagnostics, e.line(), ModelProblems.outOfRange("latency of edge " + e.from() + " -> "
                            + e.to(), e.latency(), 0, ModelLimits.MAX_LATENCY));
                    bad = true;
                }
                if (bad) {
                    continue;
                }
                int lat = e.latency() != null ? e.latency() : ops.get(from).latency();
                deps.add(new Dependence(deps.size(), from, to, lat, e.distance(), e.kind()));
                edgeLines.add(e.line());
            }
            BitSet[] excl = null;
            for (String[] pair : exclusions) {
                Integer a = index.get(pair[0]);
                Integer b = index.get(pair[1]);
                for (String n : pair) {
                    if (!index.containsKey(n)) {
                        error(diagnostics, line, ModelProblems.unknownExclusiveOperation(n));
                    }
                }
                if (a == null || b == null) {
                    continue;
                }
                if (a.equals(b)) {
                    error(diagnostics, line, ModelProblems.selfExclusive(pair[0]));
                    continue;
                }
                if (excl == null) {
                    excl = new BitSet[ops.size()];
                }
                for (int[] uv : new int[][] { { a, b }, { b, a } }) {
                    if (excl[uv[0]] == null) {
                        excl[uv[0]] = new BitSet(ops.size());
                    }
                    excl[uv[0]].set(uv[1]);
                }
            }
            if (diagnostics.size() > before && diagnostics.hasErrors()) {
                return null;
            }
            Loop loop = new Loop(name, machine, ops, deps, excl);
            // A zero-distance cycle with positive latency needs t(v) > t(v): infeasible at every II.
            int bad = ModelProblems.zeroDistanceCycleEdge(loop.graph(), loop.edgeLatency, loop.edgeDistance);
            if (bad >= 0) {
                Dependence d = deps.get(bad);
                error(diagnostics, edgeLines.get(bad), ModelProblems.zeroDistanceCycle(name, ops.get(d.from()).name(),
                        ops.get(d.to()).name()));
                return null;
            }
            return loop;
        }

        /** The loop, or a {@link DiagnosticException} with the first error. */
        public Loop build() {
            Diagnostics d = new Diagnostics();
            Loop l = build(d);
            if (l == null) {
                throw new DiagnosticException(d.list().stream().filter(Diagnostic::isError).findFirst().orElseThrow());
            }
            return l;
        }
    }
}
