/** Benchmark harness for decision spaces (main classes, prints tables). */
package tessera.dspace.tests.bench;
