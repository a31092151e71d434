/** Seed 001a §3.5: decision-space compiler and CSP runtime (headless). */
package tessera.dspace.runtime;
