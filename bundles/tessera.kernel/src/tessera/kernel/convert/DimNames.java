package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.kernel.kernel.DimDecl;
import tessera.kernel.kernel.DimName;
import tessera.kernel.kernel.KernelPackage;
import tessera.kernel.kernel.Named;

/**
 * Seed 001 §4.2.1 naming (Table 4.1): the dimensions of a logical dimension {@code d} strip-mined k times are
 * {@code d0..dk}, unless its declaration names them ({@code named a, b, c}). A copy ({@code same as}) has as many as
 * its original. Scoping, conversion, hover and outline all use these names.
 */
public final class DimNames {
    private DimNames() {
    }

    /** The number of dimensions of {@code d}: one per tile plus d0 (a copy's original's, following copies). */
    public static int count(DimDecl d) {
        Set<DimDecl> seen = new HashSet<>();
        DimDecl x = d;
        while (x != null && x.isCopy() && seen.add(x)) {
            Object o = x.eGet(KernelPackage.Literals.DIM_DECL__ORIGINAL, true);
            if (!(o instanceof DimDecl orig) || orig.eIsProxy()) {
                return x.getDims().isEmpty() ? 1 : x.getDims().size();
            }
            x = orig;
        }
        return x == null || x.isCopy() ? 1 : 1 + x.getTiles().size();
    }

    /** The names of the dimensions of {@code d}, d0 (outermost) first. */
    public static List<String> of(DimDecl d) {
        List<String> r = new ArrayList<>();
        if (!d.getDims().isEmpty()) {
            for (DimName n : d.getDims()) {
                r.add(n.getName());
            }
            return r;
        }
        int k = count(d);
        for (int i = 0; i < k; i++) {
            r.add(d.getName() + i);
        }
        return r;
    }

    /** What a dimension reference denotes: a logical dimension (all its dimensions) or one dimension. */
    public record Target(DimDecl logical, String dim) {
        public boolean isLogical() {
            return dim == null;
        }
    }

    /**
     * The dimension or logical dimension that the reference {@code ref} of {@code owner} denotes, null when it is not
     * resolved or not a dimension. A reference resolved to a DimDecl denotes the logical dimension when its text is the
     * DimDecl's name, else the dimension of that name (d0..dk).
     */
    public static Target target(EObject owner, EReference ref) {
        Object o = owner.eGet(ref, true);
        if (!(o instanceof Named n) || n.eIsProxy()) {
            return null;
        }
        if (n instanceof DimName dn) {
            return dn.eContainer() instanceof DimDecl dd ? new Target(dd, dn.getName()) : null;
        }
        if (!(n instanceof DimDecl dd)) {
            return null;
        }
        String text = linkText(owner, ref);
        return text == null || text.equals(dd.getName()) ? new Target(dd, null) : new Target(dd, text);
    }

    /** The text of a single-valued reference as written. */
    public static String linkText(EObject owner, EReference ref) {
        List<INode> nodes = NodeModelUtils.findNodesForFeature(owner, ref);
        return nodes.isEmpty() ? null : NodeModelUtils.getTokenText(nodes.get(0));
    }
}
