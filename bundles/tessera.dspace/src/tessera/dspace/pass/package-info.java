/** The builder pass of decision spaces. */
package tessera.dspace.pass;
