package tessera.kernel.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.kernel.convert.KernelConverter;

import tessera.kernel.kernel.ComputeInst;
import tessera.kernel.kernel.DimDecl;
import tessera.kernel.kernel.KernelDef;
import tessera.kernel.kernel.LoadInst;
import tessera.kernel.kernel.Named;
import tessera.kernel.kernel.StoreInst;

/**
 * Outline names: simple names ("d", not "scal.d"); an instruction shows its operation ("y = mul", "st_Y = store"), a
 * logical dimension its size or original ("d[n]", "d_y same as d_x").
 */
public class KernelDocumentSymbolNameProvider extends DocumentSymbolMapper.DocumentSymbolNameProvider {
    @Override
    public String getName(EObject object) {
        if (object instanceof ComputeInst c) {
            return c.getName() + " = " + (c.getOp() == null ? "?" : c.getOp().getLiteral());
        }
        if (object instanceof LoadInst l) {
            return l.getName() + " = load";
        }
        if (object instanceof StoreInst s) {
            return KernelConverter.instName(s) + " = store";
        }
        if (object instanceof DimDecl d) {
            if (d.isCopy()) {
                return d.getName() + " same as " + (d.getOriginal() == null || d.getOriginal().eIsProxy() ? "?"
                        : d.getOriginal().getName());
            }
            INode n = d.getSize() == null ? null : NodeModelUtils.findActualNodeFor(d.getSize());
            return d.getName() + "[" + (n == null ? "?" : NodeModelUtils.getTokenText(n)) + "]";
        }
        if (object instanceof Named n) {
            return n.getName();
        }
        if (object instanceof KernelDef k) {
            return k.getName();
        }
        return super.getName(object);
    }
}
