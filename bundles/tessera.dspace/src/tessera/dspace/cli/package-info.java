/** The CLI command for decision spaces. */
package tessera.dspace.cli;
