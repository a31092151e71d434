/**
 * Seed 001 §4.2 (digest 001b §2.2): the kernel representation that Telamon builds through its API and Tessera reads
 * from {@code .kernel} files: dimensions, logical dimensions strip-mined into d0..dk, instructions with iteration spaces,
 * operands with point-to-point dimension maps and loop-carried values, arrays with linear accesses. Immutable records;
 * {@link tessera.telamon.kernel.Kernel#check()} states the well-formedness rules every producer must meet.
 */
package tessera.telamon.kernel;
