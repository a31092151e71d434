/**
 * A fully specified implementation of a kernel (seed 001 §4.4.1, digest 001b §3.2 step 1): every decision of the
 * GPU space fixed, as code generation reads it, independent of which decision space (Tessera's or Telamon's) fixed it.
 */
package tessera.telamon.impl;
