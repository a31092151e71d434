package tessera.dspace.scoping;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.IResourceDescriptions;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;
import org.eclipse.xtext.util.IResourceScopeCache;

import com.google.inject.Inject;

import tessera.dspace.exh.ExhPackage;
import tessera.dspace.exh.Include;

/**
 * Includes are textual, as in telamon-gen ({@link ExhIncludes}): a file sees the names of every file connected to it
 * by includes in either direction — what it includes, what includes it (found through the index), and so on.
 */
public class ExhGlobalScopeProvider extends ImportUriGlobalScopeProvider {
    @Inject
    private IResourceScopeCache cache;

    @Override
    protected LinkedHashSet<URI> getImportedUris(Resource resource) {
        return cache.get(ExhGlobalScopeProvider.class, resource, () -> connected(resource));
    }

    private LinkedHashSet<URI> connected(Resource resource) {
        LinkedHashSet<URI> result = new LinkedHashSet<>();
        IResourceDescriptions index = getResourceDescriptions(resource);
        Deque<Resource> todo = new ArrayDeque<>();
        todo.add(resource);
        result.add(resource.getURI());
        while (!todo.isEmpty()) {
            Resource r = todo.poll();
            for (Include inc : ExhIncludes.includes(r)) {
                if (!ExhIncludes.namesExhFile(inc)) {
                    continue; // no language reads it: ExhIncludes.expand reports it, linking must not load it
                }
                if (result.add(ExhIncludes.target(inc))) {
                    Resource included = ExhIncludes.load(inc);
                    if (included != null) {
                        todo.add(included);
                    }
                }
            }
            if (index == null || r.getURI() == null || r.getResourceSet() == null) {
                continue;
            }
            for (IEObjectDescription d : index.getExportedObjects(ExhPackage.Literals.INCLUDE,
                    ExhResourceDescriptionStrategy.includesOf(r.getURI()), false)) {
                URI includer = d.getEObjectURI().trimFragment();
                if (result.add(includer)) {
                    try {
                        todo.add(r.getResourceSet().getResource(includer, true));
                    } catch (RuntimeException e) {
                        // an includer that cannot be read gives no names
                    }
                }
            }
        }
        result.remove(resource.getURI());
        return result;
    }
}
