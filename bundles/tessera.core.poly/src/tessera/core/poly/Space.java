package tessera.core.poly;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The names of a set's dimensions (ordered: a point is a vector in this order) and of its parameters (symbolic
 * constants such as N, p, t; kept sorted by name so that spaces and printed sets are canonical).
 */
public record Space(List<String> dims, List<String> params) {

    public Space {
        dims = List.copyOf(dims);
        params = List.copyOf(new TreeSet<>(params));
        Set<String> seen = new HashSet<>();
        for (String d : dims) {
            checkName(d);
            if (!seen.add(d)) {
                throw new IllegalArgumentException("dimension '" + d + "' appears twice in " + dims);
            }
        }
        for (String p : params) {
            checkName(p);
            if (seen.contains(p)) {
                throw new IllegalArgumentException("'" + p + "' is both a dimension and a parameter");
            }
        }
    }

    public static Space of(List<String> dims, List<String> params) {
        return new Space(dims, params);
    }

    /** A space of dimensions only. */
    public static Space dims(String... dims) {
        return new Space(List.of(dims), List.of());
    }

    public Space withParams(String... more) {
        List<String> ps = new ArrayList<>(params);
        ps.addAll(List.of(more));
        return new Space(dims, ps);
    }

    /** This space with every name of {@code constraints} that is neither a dim nor a param added as a parameter. */
    Space withParamsOf(Collection<Constraint> constraints) {
        Set<String> extra = new LinkedHashSet<>();
        for (Constraint c : constraints) {
            for (String v : c.expr().variables()) {
                if (column(v) < 0) {
                    extra.add(v);
                }
            }
        }
        return extra.isEmpty() ? this : withParams(extra.toArray(String[]::new));
    }

    public int dimCount() {
        return dims.size();
    }

    public int paramCount() {
        return params.size();
    }

    /** Number of coefficient columns (dims then params), excluding the constant column 0. */
    int vars() {
        return dims.size() + params.size();
    }

    /** Column of a name in the internal row layout (constant at 0), or -1. */
    int column(String name) {
        int i = dims.indexOf(name);
        if (i >= 0) {
            return 1 + i;
        }
        int p = params.indexOf(name);
        return p >= 0 ? 1 + dims.size() + p : -1;
    }

    String name(int column) {
        int i = column - 1;
        return i < dims.size() ? dims.get(i) : params.get(i - dims.size());
    }

    boolean isDim(String name) {
        return dims.contains(name);
    }

    boolean isParam(String name) {
        return params.contains(name);
    }

    /** Same dims, parameters of both. */
    Space join(Space other) {
        if (!dims.equals(other.dims)) {
            throw new IllegalArgumentException("sets live in different spaces: " + dims + " vs " + other.dims);
        }
        if (params.equals(other.params)) {
            return this;
        }
        List<String> ps = new ArrayList<>(params);
        ps.addAll(other.params);
        return new Space(dims, ps);
    }

    private static void checkName(String n) {
        if (n == null || n.isEmpty() || !(Character.isLetter(n.charAt(0)) || n.charAt(0) == '_')) {
            throw new IllegalArgumentException("bad variable name '" + n + "'");
        }
        for (int i = 1; i < n.length(); i++) {
            char c = n.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '\'')) {
                throw new IllegalArgumentException("bad variable name '" + n + "'");
            }
        }
    }

    @Override
    public String toString() {
        return (params.isEmpty() ? "" : params + " -> ") + dims;
    }
}
