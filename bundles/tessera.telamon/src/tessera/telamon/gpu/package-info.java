/**
 * Seed 001 §6.1 (issue 24 item 2a): leaves timed on an NVIDIA GPU — the CUDA driver API through the JDK's
 * foreign-function API ({@link tessera.telamon.gpu.CudaDriver}) and the search's GPU evaluator
 * ({@link tessera.telamon.gpu.GpuEvaluator}: repeat-and-skip timing, every new best's output checked).
 */
package tessera.telamon.gpu;
