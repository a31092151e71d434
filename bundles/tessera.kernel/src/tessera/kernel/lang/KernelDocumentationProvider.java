package tessera.kernel.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;

import tessera.kernel.convert.KernelConverter;
import tessera.kernel.convert.KernelOverrides;
import tessera.kernel.convert.StripMining;
import tessera.kernel.kernel.ArrayDecl;
import tessera.kernel.kernel.DimDecl;
import tessera.kernel.kernel.DimName;
import tessera.kernel.kernel.InstDecl;
import tessera.kernel.kernel.KernelDef;
import tessera.kernel.kernel.ParamDecl;
import tessera.kernel.kernel.SizeDecl;
import tessera.kernel.kernel.TempDecl;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.LogicalDim;

/**
 * Hover texts with what the kernel derives: a logical dimension's size, dimensions with their possible sizes and
 * strip-mining factors (seed 001 §4.2.1), an instruction's type and iteration space, a parameter's instance value.
 */
public class KernelDocumentationProvider implements IEObjectDocumentationProvider {
    @Override
    public String getDocumentation(EObject o) {
        KernelDef k = EcoreUtil2.getContainerOfType(o, KernelDef.class);
        if (k == null) {
            return null;
        }
        Map<String, Long> overrides = KernelOverrides.of(o.eResource());
        KernelConverter.Converted c = KernelConverter.convert(k, overrides, (m, h, on, f) -> {
        });
        if (o instanceof DimName n && n.eContainer() instanceof DimDecl d) {
            Dim dim = c.dims().get(n.getName());
            return "dimension **" + n.getName() + "** of " + d.getName() + (dim == null ? "" : ": " + sizes(dim));
        }
        if (o instanceof DimDecl d) {
            LogicalDim l = c.logicals().get(d);
            if (l == null) {
                return "logical dimension **" + d.getName() + "**";
            }
            List<String> ds = new ArrayList<>();
            for (String x : l.dims()) {
                Dim dim = c.dims().get(x);
                ds.add(x + " " + (dim == null ? "" : sizes(dim)));
            }
            String size = l.size().isStatic() ? l.size() + " (static)" : l.size() + " = " + value(c, k, l.size().param())
                    + " (dynamic)";
            return "logical dimension **" + d.getName() + "** of size " + size + (d.isCopy() ? ", a copy of "
                    + d.getOriginal().getName() : "") + ": " + String.join(", ", ds) + "; strip-mining factors "
                    + StripMining.set(l.tilingFactors());
        }
        if (o instanceof InstDecl i) {
            String name = c.instNames().get(i);
            var t = c.types().get(i);
            List<String> space = c.spaces().get(i);
            return "instruction **" + name + "**" + (t == null ? "" : " of type " + t.keyword()) + ", iterated over "
                    + (space == null || space.isEmpty() ? "no dimension" : String.join(" × ", space));
        }
        if (o instanceof ParamDecl p) {
            Long v = c.values().get(p);
            return "parameter **" + p.getName() + "**: " + p.getType().getLiteral()
                    + (v == null ? ", known at launch only" : ", " + v + " in this instance");
        }
        if (o instanceof SizeDecl s) {
            return "static size **" + s.getName() + "** = " + c.values().get(s) + " (compiled into the code)";
        }
        if (o instanceof ArrayDecl a) {
            return "input array **" + a.getName() + "** of " + a.getType().getLiteral();
        }
        if (o instanceof TempDecl t) {
            return "temporary array **" + t.getName() + "** of " + t.getType().getLiteral()
                    + ": its layout and memory space are decisions";
        }
        return null;
    }

    private static String sizes(Dim d) {
        return d.isStatic() ? "∈ " + StripMining.set(d.possibleSizes()) : "(dynamic: size / factor)";
    }

    private static String value(KernelConverter.Converted c, KernelDef k, String param) {
        for (var d : k.getDecls()) {
            if (d instanceof ParamDecl p && param.equals(p.getName())) {
                return String.valueOf(c.values().get(p));
            }
        }
        return "?";
    }
}
