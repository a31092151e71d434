package tessera.modsched.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;

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

    private Loop(String name, Machine machine, List<Operation> ops, List<Dependence> deps) {
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

    /** This loop with each op's payload replaced by {@code payloads[i]} (same structure). */
    public Loop withPayloads(Object[] payloads) {
        List<Operation> l = new ArrayList<>();
        for (Operation o : ops) {
            l.add(new Operation(o.index(), o.name(), o.resource(), o.latency(), o.reservation(), payloads[o.index()]));
        }
        return new Loop(name, machine, l, deps);
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
     * operations, duplicate names, negative distances or offsets, and dependence cycles of distance 0 whose
     * latency is positive (no schedule can ever satisfy those).
     */
    public static final class Builder {
        private final String name;
        private final Machine machine;
        private String file = "";
        private int line;
        private final List<OpSpec> opSpecs = new ArrayList<>();
        private final List<EdgeSpec> edgeSpecs = new ArrayList<>();

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

        public int opCount() {
            return opSpecs.size();
        }

        private void error(Diagnostics d, int ln, String msg, String hint) {
            d.add(Diagnostic.error(file, ln, msg, hint));
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
            Map<String, Integer> index = new LinkedHashMap<>();
            List<Operation> ops = new ArrayList<>();
            for (OpSpec s : opSpecs) {
                if (index.containsKey(s.name())) {
                    error(diagnostics, s.line(), "operation '" + s.name() + "' is declared twice",
                            "operation names must be unique in a loop");
                    continue;
                }
                int r = machine.resourceIndex(s.resource());
                if (r < 0 || machine.resource(r).implicit()) {
                    error(diagnostics, s.line(), "unknown resource '" + s.resource() + "' for operation '" + s.name()
                            + "'", "machine " + machine.name() + " declares " + machine.declaredResources().stream()
                                    .map(ResourceClass::name).toList());
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
                            error(diagnostics, s.line(), "unknown resource '" + u.resource()
                                    + "' in the reservation of '" + s.name() + "'", "use a resource of machine "
                                            + machine.name());
                            bad = true;
                            continue;
                        }
                        if (u.offset() < 0) {
                            error(diagnostics, s.line(), "negative cycle offset " + u.offset() + " in the reservation of '"
                                    + s.name() + "'", "offsets count cycles after issue, from 0");
                            bad = true;
                            continue;
                        }
                        List<Integer> l = per.computeIfAbsent(ur, k -> new ArrayList<>());
                        if (l.contains(u.offset())) {
                            error(diagnostics, s.line(), "'" + s.name() + "' reserves " + u.resource() + "@"
                                    + u.offset() + " twice", "an op holds one instance of a class per cycle");
                            bad = true;
                        }
                        l.add(u.offset());
                    }
                    if (s.reserve().isEmpty()) {
                        error(diagnostics, s.line(), "empty reservation for '" + s.name() + "'",
                                "omit 'reserve' to use the resource's standard pattern");
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
            for (EdgeSpec e : edgeSpecs) {
                Integer from = index.get(e.from());
                Integer to = index.get(e.to());
                boolean bad = false;
                if (from == null) {
                    error(diagnostics, e.line(), "unknown operation '" + e.from() + "' in edge", "declare it with 'op'");
                    bad = true;
                }
                if (to == null) {
                    error(diagnostics, e.line(), "unknown operation '" + e.to() + "' in edge", "declare it with 'op'");
                    bad = true;
                }
                if (e.distance() < 0) {
                    error(diagnostics, e.line(), "negative iteration distance " + e.distance() + " on edge " + e.from()
                            + " -> " + e.to(), "distances count iterations back and are >= 0; reverse the edge");
                    bad = true;
                }
                if (bad) {
                    continue;
                }
                int lat = e.latency() != null ? e.latency() : ops.get(from).latency();
                deps.add(new Dependence(deps.size(), from, to, lat, e.distance(), e.kind()));
            }
            if (diagnostics.size() > before && diagnostics.hasErrors()) {
                return null;
            }
            Loop loop = new Loop(name, machine, ops, deps);
            // A zero-distance cycle with positive latency needs t(v) > t(v): infeasible at every II.
            Digraph g = loop.graph();
            if (LongestPaths.hasPositiveCycle(g, e -> loop.distance(e) == 0, loop::latency)) {
                int lineOf = 0;
                String where = "";
                for (EdgeSpec e : edgeSpecs) {
                    if (e.distance() == 0) {
                        lineOf = e.line();
                        where = " (e.g. through " + e.from() + " -> " + e.to() + ")";
                        break;
                    }
                }
                error(diagnostics, lineOf, "loop '" + name + "' has a dependence cycle with distance 0 and positive"
                        + " latency" + where, "a cycle within one iteration can never be scheduled; one of its edges"
                                + " needs a distance >= 1");
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
