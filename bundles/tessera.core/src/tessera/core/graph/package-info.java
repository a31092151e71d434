/** See the package's classes; owned by the headless core (no UI, no workspace). */
package tessera.core.graph;
