package tessera.dspace.runtime.ir;

import java.util.List;
import java.util.Map;

/** Seed 001a §4.2 {@code set}: a kernel property; its objects come from the instance (snippets stay opaque). */
public record SetDecl(String name, VarDecl param, SetRef superset, List<String> disjoint, Map<String, String> entries,
        boolean quotient) {
    public static SetDecl of(String name) {
        return new SetDecl(name, null, null, List.of(), Map.of(), false);
    }

    public static SetDecl subset(String name, String superset) {
        return new SetDecl(name, null, new SetRef(superset), List.of(), Map.of(), false);
    }
}
