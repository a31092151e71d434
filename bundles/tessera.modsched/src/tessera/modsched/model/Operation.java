package tessera.modsched.model;

/**
 * A node of the dependence graph: one operation of the loop body.
 *
 * @param index       position in {@link Loop#operations()} (the graph's node id)
 * @param name        unique name
 * @param resource    index of its resource class (opcode class) in the machine
 * @param latency     λ: cycles until its result can be used (may be 0 or negative, seed 002 §6.2 modification 1)
 * @param reservation the resources it holds, per cycle offset
 * @param payload     an opaque tag for clients (e.g. the RDG node it came from); not interpreted here, may be null
 */
public record Operation(int index, String name, int resource, int latency, Reservation reservation, Object payload) {
}
