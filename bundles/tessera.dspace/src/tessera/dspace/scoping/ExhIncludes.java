package tessera.dspace.scoping;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;

import tessera.dspace.exh.Include;
import tessera.dspace.exh.Specification;
import tessera.dspace.exh.Statement;

/**
 * Seed 001a §4.5, as telamon-gen's lexer does it: {@code include "f.exh"} inserts the text of {@code f.exh} where it
 * stands. One file and everything it includes is therefore one specification, read in textual order. A file
 * included a second time is read once (an include guard), and an include cycle is an error.
 */
public final class ExhIncludes {
    /** The files of a specification (the root first, then in order of first inclusion) and its statements in text order. */
    public record Expansion(List<Resource> files, List<Statement> statements) {
    }

    private ExhIncludes() {
    }

    /** The URI an include names: relative to the including file. */
    public static URI target(Include inc) {
        URI u = URI.createURI(inc.getImportURI());
        Resource r = inc.eResource();
        return r != null && r.getURI() != null && u.isRelative() ? u.resolve(r.getURI()) : u;
    }

    /** Whether the include names a {@code .exh} file (EMF has no reader for any other name: loading one throws). */
    public static boolean namesExhFile(Include inc) {
        String last = inc.getImportURI() == null ? null : target(inc).lastSegment();
        return last != null && last.endsWith(".exh") && last.length() > 4;
    }

    /** The included resource, loaded into the includer's resource set; null where it cannot be read. */
    public static Resource load(Include inc) {
        Resource r = inc.eResource();
        if (!namesExhFile(inc) || r == null || r.getResourceSet() == null) {
            return null;
        }
        try {
            return r.getResourceSet().getResource(target(inc), true);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The includes a file names, in order. */
    public static List<Include> includes(Resource r) {
        List<Include> result = new ArrayList<>();
        if (!r.getContents().isEmpty() && r.getContents().get(0) instanceof Specification s) {
            for (Statement st : s.getStatements()) {
                if (st instanceof Include inc && inc.getImportURI() != null) {
                    result.add(inc);
                }
            }
        }
        return result;
    }

    /**
     * Expands the includes of {@code root}; {@code problems} hears of each include that cannot be read or that closes
     * a cycle (telamon-gen would read a cycle forever), with a message.
     */
    public static Expansion expand(Resource root, BiConsumer<Include, String> problems) {
        Expansion e = new Expansion(new ArrayList<>(), new ArrayList<>());
        expand(root, e, new ArrayList<>(), problems);
        return e;
    }

    private static void expand(Resource r, Expansion e, List<Resource> path, BiConsumer<Include, String> problems) {
        e.files.add(r);
        path.add(r);
        if (!r.getContents().isEmpty() && r.getContents().get(0) instanceof Specification s) {
            for (Statement st : s.getStatements()) {
                if (!(st instanceof Include inc)) {
                    e.statements.add(st);
                    continue;
                }
                Resource included = load(inc);
                if (inc.getImportURI() == null) {
                    continue;
                } else if (included == null) {
                    problems.accept(inc, "cannot include \"" + inc.getImportURI() + "\": file not found");
                } else if (path.contains(included)) {
                    StringBuilder cycle = new StringBuilder();
                    for (Resource x : path.subList(path.indexOf(included), path.size())) {
                        cycle.append(x.getURI().lastSegment()).append(" \u2192 ");
                    }
                    problems.accept(inc, "include cycle: " + cycle + included.getURI().lastSegment());
                } else if (!e.files.contains(included)) {
                    expand(included, e, path, problems);
                }
            }
        }
        path.remove(path.size() - 1);
    }
}
