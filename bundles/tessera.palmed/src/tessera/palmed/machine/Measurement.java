package tessera.palmed.machine;

/**
 * One measured micro-kernel (seed 000 §III-A): cycles per iteration of the kernel body, IPC = |K|/cycles, the relative
 * spread (max−min)/median over the repetitions, how many repetitions, and which clock produced it.
 */
public record Measurement(double cycles, double ipc, double spread, int repetitions, String clock) {
}
