package tessera.dspace.scoping;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.resource.EObjectDescription;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.impl.DefaultResourceDescriptionStrategy;
import org.eclipse.xtext.util.IAcceptor;

import tessera.dspace.exh.Include;

/**
 * Exports each {@code include} under the name {@code include.<URI of the included file>}, so that a file can find the
 * files that include it in the index (Eclipse's, the language server's, or the resource set's) and see their names.
 */
public class ExhResourceDescriptionStrategy extends DefaultResourceDescriptionStrategy {
    static final String PREFIX = "include";

    /** The name under which includes of {@code uri} are exported. */
    static QualifiedName includesOf(org.eclipse.emf.common.util.URI uri) {
        return QualifiedName.create(PREFIX, uri.toString());
    }

    @Override
    public boolean createEObjectDescriptions(EObject eObject, IAcceptor<IEObjectDescription> acceptor) {
        if (eObject instanceof Include inc) {
            if (inc.getImportURI() != null) {
                acceptor.accept(EObjectDescription.create(includesOf(ExhIncludes.target(inc)), inc));
            }
            return false;
        }
        return super.createEObjectDescriptions(eObject, acceptor);
    }
}
