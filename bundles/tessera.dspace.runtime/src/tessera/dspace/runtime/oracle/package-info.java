/** Seed 001a: decision-space runtime (oracle). */
package tessera.dspace.runtime.oracle;
