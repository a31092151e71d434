package tessera.modsched.rdg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.UnionSet;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.Node;
import tessera.rdg.OperationNode;
import tessera.rdg.Rdg;
import tessera.rdg.support.Annotations;

/**
 * Seed 003 §4 RDG → seed 002 §4.1 dependence graph: the loop to modulo-schedule along one dimension of the
 * iteration space. Operations are the RDG's operation nodes (payload = the {@link OperationNode}, for the TCPA
 * hand-off); each takes its resource class and latency from the machine mapping by its {@code op}, or from the
 * node's {@code fu}/{@code latency} annotations when the RDG is already annotated (annotations win). Edges are the
 * dependence edges between operation nodes, flow dependences with the producer's latency and iteration distance
 * d[dimension].
 * <p>
 * Convention (the seeds are silent): a dependence whose vector d is non-zero in another dimension is carried by
 * that loop, not by the pipelined one, and is left out (counted in {@link Result#carriedElsewhere()}); input,
 * output and constant nodes are not operations. A negative d[dimension] with all other components zero is an
 * error (the RDG would read a future iteration).
 * <p>
 * Exclusivity (seed 003 §5.2, bitext's S1/S2 moves share a slot): two operations whose condition spaces are
 * disjoint for every parameter value allowed by the RDG's parameter context never execute in the same iteration;
 * they become a {@link Loop.Builder#exclusive} pair and may share MRT cells. A missing condition space means the
 * whole iteration space (never exclusive).
 */
public final class RdgToLoop {
    /** Resource class and latency of an RDG operation ({@code add}, {@code mul}, ...). */
    public record OpMapping(String resource, int latency) {
    }

    /** The loop (null after errors), dependences carried by other dimensions, and the problems found. */
    public record Result(Loop loop, List<DependenceEdge> carriedElsewhere, Diagnostics diagnostics) {
        public boolean ok() {
            return loop != null && !diagnostics.hasErrors();
        }
    }

    private final Machine machine;
    private final Map<String, OpMapping> mapping;
    private final int dimension;

    /**
     * @param machine   the machine to schedule on
     * @param mapping   RDG op name → resource class of {@code machine} and latency
     * @param dimension index (0-based) into the dependence vectors of the loop dimension to pipeline
     */
    public RdgToLoop(Machine machine, Map<String, OpMapping> mapping, int dimension) {
        if (dimension < 0) {
            throw new IllegalArgumentException("dimension must be >= 0, got " + dimension);
        }
        this.machine = machine;
        this.mapping = Map.copyOf(mapping);
        this.dimension = dimension;
    }

    public Result run(Rdg rdg) {
        Diagnostics d = new Diagnostics();
        String file = rdg.getName() == null ? "rdg" : rdg.getName();
        Loop.Builder b = Loop.builder(rdg.getName() == null ? "rdg" : rdg.getName(), machine).at(file, 0);
        Map<OperationNode, String> names = new LinkedHashMap<>();
        Map<String, Integer> used = new HashMap<>();
        for (Node n : rdg.getNodes()) {
            if (!(n instanceof OperationNode op)) {
                continue;
            }
            String base = op.getLabel() != null && !op.getLabel().isBlank() ? op.getLabel()
                    : op.getId() != null ? op.getId() : "v";
            int k = used.merge(base, 1, Integer::sum);
            String name = k == 1 ? base : base + "_" + k; // labels need not be unique in an RDG
            names.put(op, name);
            OpMapping m = mapping.get(op.getOp());
            Optional<String> fu = Annotations.getString(op, Annotations.Keys.FU);
            Optional<Long> lat = Annotations.getInt(op, Annotations.Keys.LATENCY);
            String resource = fu.orElse(m == null ? null : m.resource());
            Integer latency = lat.map(Long::intValue).orElse(m == null ? null : m.latency());
            if (resource == null || latency == null) {
                d.add(new Diagnostic(tessera.core.Severity.ERROR, file, op.getLine(), 0, -1, 0,
                        "no resource class for operation '" + op.getOp() + "' of node " + name,
                        "map '" + op.getOp() + "' to a resource of machine " + machine.name()
                                + " or annotate the node with fu and latency", "modsched.rdg"));
                continue;
            }
            b.op(name, resource, latency, null, op, op.getLine());
        }
        exclusivePairs(rdg, names, b, file, d);
        List<DependenceEdge> carried = new ArrayList<>();
        for (Edge e : rdg.getEdges()) {
            if (!(e instanceof DependenceEdge de) || !(de.getSource() instanceof OperationNode s)
                    || !(de.getTarget() instanceof OperationNode t) || !names.containsKey(s) || !names.containsKey(t)) {
                continue;
            }
            List<Integer> dv = de.getD();
            boolean other = false;
            for (int i = 0; i < dv.size(); i++) {
                if (i != dimension && dv.get(i) != 0) {
                    other = true;
                }
            }
            if (other) {
                carried.add(de);
                continue;
            }
            if (dimension >= dv.size() && !dv.isEmpty()) {
                d.add(Diagnostic.error(file, t.getLine(), "dimension " + dimension + " is outside the dependence vector "
                        + dv + " of edge " + names.get(s) + " -> " + names.get(t), "choose a dimension below " + dv.size()));
                continue;
            }
            int dist = dv.isEmpty() ? 0 : dv.get(dimension);
            b.edge(names.get(s), names.get(t), null, dist, tessera.modsched.model.DependenceKind.FLOW, t.getLine());
        }
        if (d.hasErrors()) {
            return new Result(null, carried, d);
        }
        Loop loop = b.build(d);
        return new Result(loop, carried, d);
    }

    /** Declares every pair of operations with disjoint condition spaces exclusive (see {@link Exclusivity}). */
    private static void exclusivePairs(Rdg rdg, Map<OperationNode, String> names, Loop.Builder b, String file,
            Diagnostics d) {
        IntegerSet context;
        try {
            context = Exclusivity.context(rdg.getParameterContext());
        } catch (RuntimeException e) {
            d.add(Diagnostic.error(file, 0, "cannot read the parameter context '" + rdg.getParameterContext()
                    + "' of the RDG: " + e.getMessage(), "regenerate the RDG from its PLA"));
            return;
        }
        List<OperationNode> ops = new ArrayList<>(names.keySet());
        List<UnionSet> spaces = new ArrayList<>();
        for (OperationNode op : ops) {
            try {
                spaces.add(Exclusivity.space(op.getConditionSpace()));
            } catch (RuntimeException e) {
                spaces.add(null);
                d.add(Diagnostic.error(file, op.getLine(), "cannot read the condition space '" + op.getConditionSpace()
                        + "' of node " + names.get(op) + ": " + e.getMessage(), "regenerate the RDG from its PLA"));
            }
        }
        for (int[] p : Exclusivity.disjointPairs(spaces, context)) {
            b.exclusive(names.get(ops.get(p[0])), names.get(ops.get(p[1])));
        }
    }
}
