/** CLI and builder pass for decision spaces. */
package tessera.dspace.cli;
