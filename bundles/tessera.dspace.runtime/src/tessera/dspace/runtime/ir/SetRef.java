package tessera.dspace.runtime.ir;

/** A reference to a set, with the variable that instantiates its parameter for parametric sets ({@code StripDims($l)}). */
public record SetRef(String set, String arg) {
    public SetRef(String set) {
        this(set, null);
    }

    @Override
    public String toString() {
        return arg == null ? set : set + "(" + arg + ")";
    }
}
