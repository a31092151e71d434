package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;

import tessera.kernel.kernel.ConstOperand;
import tessera.kernel.kernel.DimMapping;
import tessera.kernel.kernel.DimRef;
import tessera.kernel.kernel.IndexOperand;
import tessera.kernel.kernel.InstDecl;
import tessera.kernel.kernel.Named;
import tessera.kernel.kernel.ParamDecl;
import tessera.kernel.kernel.ReduceOperand;
import tessera.kernel.kernel.RefOperand;
import tessera.kernel.kernel.SizeDecl;
import tessera.kernel.kernel.StoreInst;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.2.2: operands. A name is an instruction's value (never a store's), a parameter, or a static size (a
 * constant). Point-to-point maps {@code x[a -> b]} join a producer dimension to a consumer dimension of equal size; a
 * map between logical dimensions joins their dimensions pairwise. {@code reduce init over k} is a loop-carried value
 * along dimensions of the instruction's own iteration space, initialised by {@code init}.
 */
final class OperandConverter {
    private static final tessera.kernel.kernel.KernelPackage P = KernelConverter.P;
    private final InstConverter insts;
    private final KernelConverter c;

    OperandConverter(InstConverter insts) {
        this.insts = insts;
        this.c = insts.c;
    }

    /** The operand; a placeholder constant when it is broken (an error was reported, so no kernel is built). */
    Operand operand(tessera.kernel.kernel.Operand o, InstDecl owner) {
        Operand broken = new Operand.Const(0);
        if (o instanceof ConstOperand k) {
            return new Operand.Const(k.getValue());
        }
        if (o instanceof RefOperand r) {
            Named n = r.getRef();
            if (n == null || n.eIsProxy()) {
                return broken;
            }
            if (n instanceof InstDecl i) {
                InstDecl producer = value(i, r, P.getRefOperand_Ref());
                return producer == null ? broken : new Operand.Value(insts.names.get(i), maps(r.getMaps(), producer, owner));
            }
            if (!r.getMaps().isEmpty()) {
                c.error(n.getName() + " is not an instruction: it has no dimensions to map",
                        "maps [a -> b] follow the name of an instruction", r.getMaps().get(0), null);
            }
            if (n instanceof ParamDecl p) {
                return new Operand.Arg(p.getName());
            }
            if (n instanceof SizeDecl s) {
                Long v = c.values.get(s);
                return new Operand.Const(v == null ? 0 : v);
            }
            return broken;
        }
        if (o instanceof IndexOperand x) {
            DimNames.Target t = DimNames.target(x.getDim(), P.getDimRef_Dim());
            LogicalDim l = t == null ? null : c.logicals.get(t.logical());
            if (l == null) {
                return broken;
            }
            if (t.isLogical()) {
                c.error("index needs one dimension, and " + l.name() + " is a logical dimension",
                        "name one of " + String.join(", ", l.dims()), x.getDim(), P.getDimRef_Dim());
                return broken;
            }
            if (!insts.inSpace(owner, t.dim())) {
                c.error("index of " + t.dim() + ", which is not in the iteration space of " + insts.names.get(owner),
                        "add " + t.dim() + " to 'in'", x.getDim(), P.getDimRef_Dim());
            }
            return new Operand.Index(t.dim());
        }
        ReduceOperand r = (ReduceOperand) o;
        if (r.getInit() == null || r.getInit().eIsProxy()) {
            return broken;
        }
        InstDecl init = value((InstDecl) r.getInit(), r, P.getReduceOperand_Init());
        List<String> over = new ArrayList<>();
        for (DimRef d : r.getOver()) {
            List<String> missing = new ArrayList<>();
            for (String x : c.expand(d, P.getDimRef_Dim())) {
                if (!insts.inSpace(owner, x)) {
                    missing.add(x);
                }
                over.add(x);
            }
            if (!missing.isEmpty()) {
                String xs = String.join(", ", missing);
                c.error("the reduction dimension" + (missing.size() > 1 ? "s " + xs + " are" : " " + xs + " is")
                        + " not in the iteration space of " + insts.names.get(owner),
                        "a value is carried along dimensions of its own instruction: add "
                                + DimNames.linkText(d, P.getDimRef_Dim()) + " to 'in'", d, P.getDimRef_Dim());
            }
        }
        return init == null ? broken : new Operand.Carried(insts.names.get(init), over, maps(r.getMaps(), init, owner));
    }

    /** {@code i} when it has a value (it is not a store), else null (reported). */
    private InstDecl value(InstDecl i, EObject on, org.eclipse.emf.ecore.EReference ref) {
        if (i instanceof StoreInst) {
            c.error("the store " + insts.names.get(i) + " is used as a value, but a store has no value",
                    "use the value it stores instead", on, ref);
            return null;
        }
        return i;
    }

    private List<DimMap> maps(List<DimMapping> maps, InstDecl producer, InstDecl consumer) {
        List<DimMap> r = new ArrayList<>();
        for (DimMapping m : maps) {
            DimNames.Target from = DimNames.target(m.getFrom(), P.getDimRef_Dim());
            DimNames.Target to = DimNames.target(m.getTo(), P.getDimRef_Dim());
            LogicalDim lf = from == null ? null : c.logicals.get(from.logical());
            LogicalDim lt = to == null ? null : c.logicals.get(to.logical());
            if (lf == null || lt == null) {
                continue;
            }
            if (from.isLogical() != to.isLogical()) {
                c.error("a map joins a logical dimension to a logical dimension, or a dimension to a dimension",
                        "write " + (from.isLogical() ? lf.name() + " -> " + lt.name() : from.dim() + " -> " + lt.dims().get(0)),
                        m, null);
                continue;
            }
            List<String> ps = from.isLogical() ? lf.dims() : List.of(from.dim());
            List<String> qs = to.isLogical() ? lt.dims() : List.of(to.dim());
            if (ps.size() != qs.size()) {
                c.error("the mapped dimensions " + lf.name() + " and " + lt.name() + " have different sizes: "
                        + ps.size() + " and " + qs.size() + " dimensions", hint(lf), m, null);
                continue;
            }
            for (int k = 0; k < ps.size(); k++) {
                String p = ps.get(k);
                String q = qs.get(k);
                if (!insts.inSpace(producer, p) || !insts.inSpace(consumer, q)) {
                    c.error("the map " + p + " -> " + q + " needs " + p + " in " + insts.names.get(producer)
                            + "'s iteration space and " + q + " in " + insts.names.get(consumer) + "'s",
                            "map a dimension of the producer to one of this instruction", m, null);
                } else if (!sameSize(c.dims.get(p), c.dims.get(q))) {
                    c.error("the mapped dimensions " + p + " and " + q + " have different sizes: " + size(c.dims.get(p))
                            + " and " + size(c.dims.get(q)), hint(lf), m, null);
                } else {
                    r.add(new DimMap(p, q));
                }
            }
        }
        return r;
    }

    private static String hint(LogicalDim l) {
        return "point-to-point maps join dimensions of equal sizes: declare one 'same as' the other (dim x same as "
                + l.name() + ")";
    }

    /** Equal possible sizes; two dynamic d0s need equal logical sizes and strip-mining factors. */
    private boolean sameSize(Dim a, Dim b) {
        if (a.isStatic() || b.isStatic()) {
            return a.possibleSizes().equals(b.possibleSizes());
        }
        LogicalDim la = logical(a);
        LogicalDim lb = logical(b);
        return la.size().equals(lb.size()) && la.tilingFactors().equals(lb.tilingFactors());
    }

    private String size(Dim d) {
        if (d.isStatic()) {
            return StripMining.set(d.possibleSizes());
        }
        LogicalDim l = logical(d);
        return l.size() + " / " + StripMining.set(l.tilingFactors());
    }

    private LogicalDim logical(Dim d) {
        for (LogicalDim l : c.logicals.values()) {
            if (l.name().equals(d.logical())) {
                return l;
            }
        }
        throw new IllegalStateException("dimension " + d.name() + " without its logical dimension");
    }
}
