/**
 * Seed 001 §4.4 (digest 001b §3.2): code generation for a fixed GPU implementation. {@link tessera.telamon.codegen.CodeGenerator}
 * chains {@link tessera.telamon.codegen.Annotation} (step 1), {@link tessera.telamon.codegen.ControlFlowTree} (Algorithm 2),
 * {@link tessera.telamon.codegen.Erasure} and {@link tessera.telamon.codegen.Synchronization} (Listing 4.7),
 * {@link tessera.telamon.codegen.Variables} (§4.4.3) and {@link tessera.telamon.codegen.PtxPrinter} (§4.4.4), which gives
 * PTX text and a {@link tessera.telamon.codegen.LaunchDescription}.
 */
package tessera.telamon.codegen;
