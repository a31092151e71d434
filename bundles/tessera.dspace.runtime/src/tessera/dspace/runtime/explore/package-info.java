/** Seed 001a: decision-space runtime (explore). */
package tessera.dspace.runtime.explore;
