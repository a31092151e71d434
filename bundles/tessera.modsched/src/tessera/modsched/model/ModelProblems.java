package tessera.modsched.model;

import java.util.List;
import java.util.function.IntPredicate;

import tessera.core.graph.Digraph;
import tessera.core.graph.LongestPaths;
import tessera.core.graph.StronglyConnectedComponents;

/**
 * The messages of every semantic problem of a machine or loop, shared by the builders ({@link Loop.Builder},
 * {@link Machine.Builder}) and the {@code .ddg} language's validator so both say exactly the same thing.
 */
public final class ModelProblems {
    /** A message and what to do about it. */
    public record Problem(String message, String hint) {
    }

    private ModelProblems() {
    }

    public static Problem duplicateOperation(String op) {
        return new Problem("operation '" + op + "' is declared twice", "operation names must be unique in a loop");
    }

    public static Problem unknownResource(String resource, String op, String machine, List<String> declared) {
        return new Problem("unknown resource '" + resource + "' for operation '" + op + "'",
                "machine " + machine + " declares " + declared);
    }

    public static Problem unknownReservedResource(String resource, String op, String machine) {
        return new Problem("unknown resource '" + resource + "' in the reservation of '" + op + "'",
                "use a resource of machine " + machine);
    }

    public static Problem negativeOffset(int offset, String op) {
        return new Problem("negative cycle offset " + offset + " in the reservation of '" + op + "'",
                "offsets count cycles after issue, from 0");
    }

    public static Problem reservedTwice(String op, String resource, int offset) {
        return new Problem("'" + op + "' reserves " + resource + "@" + offset + " twice",
                "an op holds one instance of a class per cycle");
    }

    public static Problem emptyReservation(String op) {
        return new Problem("empty reservation for '" + op + "'",
                "omit 'reserve' to use the resource's standard pattern");
    }

    public static Problem emptyOffsetRange(int from, int to) {
        return new Problem("empty offset range " + from + ".." + to, "write FROM..TO with FROM <= TO");
    }

    public static Problem unknownOperation(String op) {
        return new Problem("unknown operation '" + op + "' in edge", "declare it with 'op'");
    }

    public static Problem unknownExclusiveOperation(String op) {
        return new Problem("unknown operation '" + op + "' in an exclusive pair", "declare it with 'op'");
    }

    public static Problem selfExclusive(String op) {
        return new Problem("operation '" + op + "' cannot be exclusive with itself", "name two different operations");
    }

    public static Problem negativeDistance(int distance, String from, String to) {
        return new Problem("negative iteration distance " + distance + " on edge " + from + " -> " + to,
                "distances count iterations back and are >= 0; reverse the edge");
    }

    public static Problem zeroDistanceCycle(String loop, String from, String to) {
        return new Problem("loop '" + loop + "' has a dependence cycle with distance 0 and positive latency (e.g. through "
                + from + " -> " + to + ")",
                "a cycle within one iteration can never be scheduled; one of its edges needs a distance >= 1");
    }

    public static Problem duplicateResource(String resource) {
        return new Problem("resource '" + resource + "' is declared twice", "rename one of them");
    }

    public static Problem reservedIssueName() {
        return new Problem("resource name 'issue' is reserved", "use 'issue N' in the machine to set the issue width");
    }

    public static Problem badCount(String resource, int count) {
        return new Problem("resource '" + resource + "' has count " + count, "a resource needs at least 1 unit");
    }

    public static Problem badBusy(String resource, int busy) {
        return new Problem("resource '" + resource + "' is busy for " + busy + " cycles",
                "busy must be at least 1 (1 = pipelined)");
    }

    public static Problem negativeIssueWidth(int width) {
        return new Problem("negative issue width " + width,
                "omit 'issue' for unlimited issue or give a positive width");
    }

    public static Problem duplicateMachine(String machine) {
        return new Problem("machine '" + machine + "' is declared twice", "rename one of them");
    }

    public static Problem duplicateLoop(String loop) {
        return new Problem("loop '" + loop + "' is declared twice", "rename one of them");
    }

    public static Problem unknownMachine(String machine) {
        return new Problem("unknown machine '" + machine + "'",
                "declare it with 'machine " + machine + " { ... }' in this file");
    }

    /**
     * A number outside its documented range ({@link ModelLimits}): "latency -1 of edge a -> b is out of range: it must
     * be between 0 and 100,000".
     */
    public static Problem outOfRange(String what, long value, long min, long max) {
        return new Problem(String.format(java.util.Locale.ROOT, "%s is %d, out of range: it must be between %,d and %,d",
                what, value, min, max), value < min ? "it cannot be less than " + min
                        : "the documented maximum keeps scheduling bounded (docs/modsched.md)");
    }

    /** More elements than {@link ModelLimits} allows: "loop 'l' has 100,001 operations, more than the maximum 100,000". */
    public static Problem tooMany(String owner, long count, String what, long max) {
        return new Problem(String.format(java.util.Locale.ROOT, "%s has %,d %s, more than the maximum %,d", owner, count,
                what, max), "split it; the documented maximum keeps scheduling bounded (docs/modsched.md)");
    }

    /**
     * An edge on a dependence cycle of distance 0 whose latency is positive (infeasible at every II: t(v) > t(v)),
     * or -1 when there is none. The edge is the lowest-numbered distance-0 edge inside a strongly connected
     * component (of the distance-0 subgraph) that holds such a cycle, so it really lies on an offending cycle.
     */
    public static int zeroDistanceCycleEdge(Digraph g, int[] latency, int[] distance) {
        IntPredicate zero = e -> distance[e] == 0;
        StronglyConnectedComponents scc = StronglyConnectedComponents.of(g, zero);
        for (int c = 0; c < scc.count(); c++) {
            if (!scc.isCyclic(c)) {
                continue;
            }
            final int comp = c;
            IntPredicate inside = e -> distance[e] == 0 && scc.componentOf(g.source(e)) == comp
                    && scc.componentOf(g.target(e)) == comp;
            if (LongestPaths.hasPositiveCycle(g, inside, e -> latency[e])) {
                for (int e = 0; e < g.edgeCount(); e++) {
                    if (inside.test(e)) {
                        return e;
                    }
                }
            }
        }
        return -1;
    }
}
