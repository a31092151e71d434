package tessera.dspace.scoping;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;

import tessera.dspace.exh.Include;
import tessera.dspace.exh.Specification;
import tessera.dspace.exh.Statement;

/** {@code include "file.exh"} is transitive, as in Telamon (a textual include): names of indirect includes are visible. */
public class ExhGlobalScopeProvider extends ImportUriGlobalScopeProvider {
    @Override
    protected LinkedHashSet<URI> getImportedUris(Resource resource) {
        LinkedHashSet<URI> result = new LinkedHashSet<>();
        Deque<Resource> todo = new ArrayDeque<>();
        todo.add(resource);
        while (!todo.isEmpty()) {
            Resource r = todo.poll();
            if (r.getContents().isEmpty() || !(r.getContents().get(0) instanceof Specification s)) {
                continue;
            }
            for (Statement st : s.getStatements()) {
                if (st instanceof Include inc && inc.getImportURI() != null) {
                    URI u = URI.createURI(inc.getImportURI());
                    if (r.getURI() != null && u.isRelative()) {
                        u = u.resolve(r.getURI());
                    }
                    if (result.add(u) && r.getResourceSet() != null) {
                        try {
                            Resource ir = r.getResourceSet().getResource(u, true);
                            if (ir != null) {
                                todo.add(ir);
                            }
                        } catch (RuntimeException e) {
                            // reported by the loader as "cannot include"
                        }
                    }
                }
            }
        }
        return result;
    }
}
