/** Seed 001a: decision-space runtime (csp). */
package tessera.dspace.runtime.csp;
