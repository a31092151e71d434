/** Seed 001a: decision-space runtime (ir). */
package tessera.dspace.runtime.ir;
