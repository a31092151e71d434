package tessera.dspace.runtime.ir;

/** {@code $name in Set}: a variable bound over the objects of a set. */
public record VarDecl(String name, SetRef set) {
    public VarDecl(String name, String set) {
        this(name, new SetRef(set));
    }

    @Override
    public String toString() {
        return name + " in " + set;
    }
}
