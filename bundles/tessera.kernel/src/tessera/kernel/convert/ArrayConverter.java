package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.List;

import tessera.kernel.kernel.ArrayDecl;
import tessera.kernel.kernel.Decl;
import tessera.kernel.kernel.ParamDecl;
import tessera.kernel.kernel.Product;
import tessera.kernel.kernel.TempDecl;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;

/**
 * Seed 001 §4.2.3: the arrays of a kernel. An input array ({@code array}) has a fixed length and layout; a temporary
 * ({@code temp}) gives its element type and potential dimensions (static ones), its layout being a decision, and its
 * length is the largest any layout can take.
 */
final class ArrayConverter {
    private final KernelConverter c;

    ArrayConverter(KernelConverter c) {
        this.c = c;
    }

    void convert() {
        for (Decl d : c.def.getDecls()) {
            if (d instanceof ArrayDecl a && a.getName() != null) {
                c.arrays.add(Array.input(a.getName(), KernelConverter.type(a.getType()), length(a)));
            } else if (d instanceof TempDecl t && t.getName() != null) {
                List<String> over = new ArrayList<>();
                long length = 1;
                boolean ok = true;
                for (var r : t.getDims()) {
                    for (String x : c.expand(r, KernelConverter.P.getDimRef_Dim())) {
                        Dim dim = c.dims.get(x);
                        if (dim == null) {
                            ok = false;
                        } else if (!dim.isStatic()) {
                            c.error("the temporary array " + t.getName() + " has the dynamic dimension " + x,
                                    "a temporary array lives in registers or shared memory: its dimensions must be static",
                                    r, KernelConverter.P.getDimRef_Dim());
                            ok = false;
                        } else {
                            over.add(x);
                            length = Math.multiplyExact(length, dim.possibleSizes().stream().mapToLong(Long::longValue)
                                    .max().orElse(1));
                        }
                    }
                }
                if (ok) {
                    c.arrays.add(new Array(t.getName(), KernelConverter.type(t.getType()), Array.Kind.TEMPORARY,
                            tessera.telamon.kernel.Size.of(length), over));
                }
            }
        }
    }

    /**
     * An input array's length: the product of its extents' instance values; a single parameter stays that parameter
     * (a dynamic length), any other product is its instance value.
     */
    private tessera.telamon.kernel.Size length(ArrayDecl a) {
        if (a.getExtents().size() == 1 && a.getExtents().get(0).getFactors().size() == 1
                && a.getExtents().get(0).getFactors().get(0).getRef() instanceof ParamDecl p && !p.eIsProxy()) {
            return tessera.telamon.kernel.Size.param(p.getName());
        }
        long r = 1;
        for (Product e : a.getExtents()) {
            Long v = c.product(e, "the length of " + a.getName());
            if (v == null) {
                return tessera.telamon.kernel.Size.of(1);
            }
            if (v < 1) {
                c.error("the array " + a.getName() + " has an extent of " + v, "an extent is at least 1", e, null);
            }
            r = Math.multiplyExact(r, v);
        }
        return tessera.telamon.kernel.Size.of(r);
    }

}
