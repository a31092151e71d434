package tessera.modsched.model;

/**
 * An edge of the dependence graph: {@code to} of iteration I depends on {@code from} of iteration I - distance, and
 * must issue at least {@code latency} cycles after it: t(to) &gt;= t(from) + latency - distance * II.
 *
 * @param index    position in {@link Loop#dependences()} (the graph's edge id)
 * @param latency  defaults to the producer's latency; may be 0 or negative
 * @param distance δ, the iteration distance, never negative
 */
public record Dependence(int index, int from, int to, int latency, int distance, DependenceKind kind) {
}
