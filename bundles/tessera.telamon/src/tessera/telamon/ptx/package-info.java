/**
 * A reference executor for generated GPU code without a GPU (seed 001 §4.4, digest 001b §3.2 step 4: the printer's PTX):
 * {@link tessera.telamon.ptx.PtxParser} reads the PTX subset of the code generator (and checks it as ptxas would),
 * {@link tessera.telamon.ptx.PtxExecutor} runs a grid phase by phase between barriers on a bounds-checked
 * {@link tessera.telamon.ptx.Memory}, with exact integer and IEEE float semantics, a race detector and a step limit.
 * Generic addresses are global addresses ({@code cvta.to.global} is the identity); shared memory is addressed with
 * {@code ld.shared}/{@code st.shared} from {@code mov.u64 %rd, NAME}.
 */
package tessera.telamon.ptx;
