package tessera.regdem.sass;

/** A token's place in the source text: absolute character offset and length. */
public record Range(int offset, int length) {
    public static final Range NONE = new Range(-1, 0);

    public boolean isPresent() {
        return offset >= 0;
    }

    public int end() {
        return offset + length;
    }

    public boolean contains(int pos) {
        return offset >= 0 && pos >= offset && pos < offset + length;
    }
}
