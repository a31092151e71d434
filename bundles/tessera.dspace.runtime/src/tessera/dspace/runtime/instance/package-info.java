/** Seed 001a: decision-space runtime (instance). */
package tessera.dspace.runtime.instance;
