package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.List;

import tessera.kernel.kernel.DimDecl;
import tessera.kernel.kernel.Factor;
import tessera.kernel.kernel.ParamDecl;
import tessera.kernel.kernel.SizeDecl;
import tessera.kernel.kernel.SizeList;
import tessera.kernel.kernel.SizeRange;
import tessera.kernel.kernel.Sizes;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Size;

/**
 * Seed 001 §4.2.1: one {@code dim} declaration as a logical dimension and its dimensions d0..dk. A size is static (a
 * number or a {@code size}) or dynamic (a {@code param}, whose instance value the factors must divide); the tiling is
 * computed by {@link StripMining}. A copy ({@code same as}, Telamon's open_mapped_dim) has its original's size, factors
 * and possible sizes, so that each pair of their dimensions can be mapped point to point.
 */
final class DimConverter {
    private static final tessera.kernel.kernel.KernelPackage P = KernelConverter.P;
    private final KernelConverter c;

    DimConverter(KernelConverter c) {
        this.c = c;
    }

    void convert(DimDecl d) {
        List<String> names = DimNames.of(d);
        if (d.isCopy()) {
            DimDecl orig = d.getOriginal();
            LogicalDim o = orig == null || orig.eIsProxy() ? null : c.logicals.get(orig);
            if (o == null) {
                return;
            }
            if (names.size() != o.dims().size()) {
                c.error("dim " + d.getName() + " names " + names.size() + " dimensions, but its original "
                        + o.name() + " has " + o.dims().size(), "name one dimension per dimension of " + o.name(), d,
                        P.getDimDecl_Dims());
                return;
            }
            add(d, new LogicalDim(d.getName(), o.size(), names, o.tilingFactors()), o.dims().stream()
                    .map(x -> c.dims.get(x).possibleSizes()).toList());
            return;
        }
        if (names.size() != 1 + d.getTiles().size()) {
            c.error("dim " + d.getName() + " names " + names.size() + " dimensions, but it has "
                    + (1 + d.getTiles().size()) + " (d0 and one per tile)", "name d0 and one dimension per 'tiles' entry",
                    d, P.getDimDecl_Dims());
            return;
        }
        Factor sf = d.getSize();
        if (sf == null) {
            return;
        }
        Size size;
        Long n;
        if (sf.getRef() == null) {
            size = Size.of(sf.getValue());
            n = sf.getValue();
        } else if (sf.getRef().eIsProxy()) {
            return;
        } else if (sf.getRef() instanceof SizeDecl s) {
            n = c.values.get(s);
            size = n == null ? null : Size.of(n);
        } else if (sf.getRef() instanceof ParamDecl p) {
            if (p.getType() != tessera.kernel.kernel.ScalarType.I32 && p.getType() != tessera.kernel.kernel.ScalarType.I64) {
                c.error("the parameter " + p.getName() + " is " + p.getType().getLiteral() + " and cannot size dimension "
                        + d.getName(), "a size parameter is an integer: param " + p.getName() + ": i32 = VALUE", sf,
                        P.getFactor_Ref());
                return;
            }
            n = c.values.get(p);
            if (n == null) {
                c.error("the parameter " + p.getName() + " sizes dimension " + d.getName() + " but has no instance value",
                        "give it the value of this instance (param " + p.getName() + ": " + p.getType().getLiteral()
                                + " = 1024, or an override); the strip-mining factors must divide it",
                        sf, P.getFactor_Ref());
                return;
            }
            size = Size.param(p.getName());
        } else {
            c.error(DimNames.linkText(sf, P.getFactor_Ref()) + " is not a size",
                    "a dimension's size is a number, a 'size' or an integer 'param'", sf, P.getFactor_Ref());
            return;
        }
        if (n == null) {
            return;
        }
        if (n < 1) {
            c.error("dimension " + d.getName() + " has size " + n + "; a size is at least 1", "give a positive size", sf,
                    null);
            return;
        }
        List<StripMining.Choice> tiles = new ArrayList<>();
        for (Sizes s : d.getTiles()) {
            StripMining.Choice ch = choice(s);
            if (ch == null) {
                return;
            }
            tiles.add(ch);
        }
        StripMining.Choice factors = d.getFactors() == null ? null : choice(d.getFactors());
        if (d.getFactors() != null && factors == null) {
            return;
        }
        StripMining.Result r = StripMining.of(n, size.isStatic(), tiles, factors);
        String of = size.isStatic() ? String.valueOf(n) : size.param() + " = " + n;
        if (r.emptyTile() >= 0) {
            c.error("no size of " + names.get(r.emptyTile() + 1) + " (" + tiles.get(r.emptyTile()) + ") divides " + of,
                    "tile sizes must divide the size; its divisors are " + divisors(n), d.getTiles().get(r.emptyTile()),
                    null);
            return;
        }
        if (r.factors().isEmpty()) {
            c.error("no strip-mining factor of " + d.getName() + " divides " + of + (factors == null ? ""
                    : ": factors " + factors) + ", tiles " + String.join(" ", tiles.stream().map(Object::toString).toList()),
                    "a factor is a product of one size per tile and divides " + n + "; the divisors of " + n + " are "
                            + divisors(n),
                    d, d.getFactors() != null ? P.getDimDecl_Factors() : P.getDimDecl_Tiles());
            return;
        }
        List<List<Long>> sizes = new ArrayList<>();
        sizes.add(r.outerSizes());
        sizes.addAll(r.tileSizes());
        add(d, new LogicalDim(d.getName(), size, names, r.factors()), sizes);
    }

    private void add(DimDecl decl, LogicalDim l, List<List<Long>> sizes) {
        c.logicals.put(decl, l);
        for (int i = 0; i < l.dims().size(); i++) {
            c.dims.putIfAbsent(l.dims().get(i), new Dim(l.dims().get(i), l.name(), sizes.get(i)));
        }
    }

    private StripMining.Choice choice(Sizes s) {
        if (s instanceof SizeList l) {
            for (long v : l.getValues()) {
                if (v < 1) {
                    c.error("a size of " + v + " in " + StripMining.set(l.getValues()), "sizes are at least 1", l, null);
                    return null;
                }
            }
            return StripMining.Choice.list(l.getValues());
        }
        SizeRange r = (SizeRange) s;
        if (r.getFrom() < 1 || r.getFrom() > r.getTo()) {
            c.error("the range " + r.getFrom() + ".." + r.getTo() + " is empty or starts below 1",
                    "write FROM..TO with 1 ≤ FROM ≤ TO", r, null);
            return null;
        }
        return StripMining.Choice.range(r.getFrom(), r.getTo());
    }

    private static String divisors(long n) {
        List<Long> d = StripMining.divisors(n);
        return d.size() <= 24 ? StripMining.set(d).replace("{", "").replace("}", "")
                : StripMining.set(d.subList(0, 24)).replace("{", "").replace("}", "") + ", …";
    }
}
