package tessera.dspace.tests;

/**
 * The declarations the small test spaces share, as .exh text in the grammar's layout: a test writes its sets and plain
 * enum choices with these and keeps in a text block only what it is about (constraints, options such as symmetric,
 * counters, quotients, triggers).
 */
final class Spaces {
    private Spaces() {
    }

    /** {@code set NAME: end}, where {@code name} may carry a parameter list and a {@code subsetof} clause. */
    static String set(String name) {
        return "set " + name + ": end\n";
    }

    /** {@code choice enum SIGNATURE:} with one {@code value V:} line per value, then {@code end}. */
    static String choice(String signature, String... values) {
        StringBuilder s = new StringBuilder("choice enum ").append(signature).append(":\n");
        for (String v : values) {
            s.append("  value ").append(v).append(":\n");
        }
        return s.append("end\n").toString();
    }
}
