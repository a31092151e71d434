package tessera.regdem.sass;

/** A located problem inside one line of SASS text; column is 0-based within the line. */
final class LineError extends Exception {
    private static final long serialVersionUID = 1L;
    final int col;
    final int len;
    final String hint;

    LineError(int col, int len, String message, String hint) {
        super(message, null, false, false);
        this.col = col;
        this.len = len;
        this.hint = hint;
    }
}
