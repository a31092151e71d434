package tessera.ddg.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

import tessera.ddg.ddg.Element;
import tessera.ddg.ddg.Op;
import tessera.ddg.ddg.Resource;

/** Outline names: simple names ("fu", not "gp4.fu"); an operation also shows its resource ("n1 : load"). */
public class DdgDocumentSymbolNameProvider extends DocumentSymbolMapper.DocumentSymbolNameProvider {
    @Override
    public String getName(EObject object) {
        if (object instanceof Op op) {
            String r = op.getResource() == null || op.getResource().eIsProxy() ? "?" : op.getResource().getName();
            return op.getName() + " : " + r;
        }
        if (object instanceof Resource r) {
            return r.getName();
        }
        if (object instanceof Element e) {
            return e.getName();
        }
        return super.getName(object);
    }
}
