/**
 * The reference semantics of kernels (seed 001 §4.2.2, digest 001b §2.2): {@link tessera.telamon.exec.KernelSemantics}
 * evaluates a {@link tessera.telamon.kernel.Kernel} in plain sequential Java over logical iteration spaces, the oracle
 * that generated code run by {@link tessera.telamon.ptx.PtxExecutor} is compared with.
 */
package tessera.telamon.exec;
