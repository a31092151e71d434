package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.kernel.kernel.ArrayDecl;
import tessera.kernel.kernel.ComputeInst;
import tessera.kernel.kernel.Decl;
import tessera.kernel.kernel.DimRef;
import tessera.kernel.kernel.Factor;
import tessera.kernel.kernel.InstDecl;
import tessera.kernel.kernel.LoadInst;
import tessera.kernel.kernel.Named;
import tessera.kernel.kernel.StoreInst;
import tessera.kernel.kernel.TempDecl;
import tessera.kernel.kernel.Term;
import tessera.telamon.kernel.Access;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;
import tessera.telamon.kernel.Type;

/**
 * Seed 001 §4.2.1–4.2.3: the instructions of a {@code .kernel} file: iteration spaces (a logical dimension stands for
 * all its dimensions), result types (annotated, the array's for a load, else the first typed operand's), operand
 * counts, and eq. 4.2's linear addresses (strides keyed by logical or plain dimension, products of numbers and sizes
 * evaluated for the instance). Operands are converted by {@link OperandConverter}.
 */
final class InstConverter {
    private static final tessera.kernel.kernel.KernelPackage P = KernelConverter.P;
    final KernelConverter c;
    final List<Inst> insts = new ArrayList<>();
    final Map<InstDecl, String> names = new LinkedHashMap<>();
    final Map<InstDecl, List<String>> spaces = new HashMap<>();
    final Map<InstDecl, Type> types = new HashMap<>();
    /** Instructions with an unresolved name in their iteration space: membership is not checked (linking reports). */
    final Set<InstDecl> incomplete = new HashSet<>();

    InstConverter(KernelConverter c) {
        this.c = c;
    }

    /** An instruction's name; an unnamed store is {@code st_ARRAY}. */
    static String name(InstDecl i) {
        if (i.getName() != null || !(i instanceof StoreInst s)) {
            return i.getName();
        }
        String a = s.getAccess() == null ? null : DimNames.linkText(s.getAccess(), P.getAccess_Array());
        return "st_" + (a == null ? "" : a);
    }

    void convert() {
        List<InstDecl> decls = new ArrayList<>();
        for (Decl d : c.def.getDecls()) {
            if (d instanceof InstDecl i && name(i) != null) {
                decls.add(i);
                names.put(i, name(i));
                spaces.put(i, space(i));
            }
        }
        for (InstDecl i : decls) {
            if (type(i, new HashSet<>()) == null) {
                c.error("the type of " + name(i) + " is unknown", "annotate it: " + name(i) + ": f32 = …", i,
                        i.getName() == null ? null : P.getNamed_Name());
            }
        }
        OperandConverter ops = new OperandConverter(this);
        for (InstDecl i : decls) {
            Type t = types.get(i);
            if (t == null) {
                continue;
            }
            List<Operand> operands = new ArrayList<>();
            Op op;
            Access access = null;
            if (i instanceof ComputeInst ci) {
                op = Op.valueOf(ci.getOp().getName());
                for (var o : ci.getOperands()) {
                    Type ot = operandType(o, new HashSet<>());
                    if (ot != null && ot != t) {
                        c.error("the operand " + text(o) + " is " + ot.keyword() + ", but " + name(i) + " is "
                                + t.keyword(), "the operands of an instruction have its type (no implicit conversion)",
                                o, null);
                    }
                    operands.add(ops.operand(o, i));
                }
                if (ci.getOperands().size() != op.arity()) {
                    c.error(ci.getOp().getLiteral() + " takes " + op.arity() + " operand" + (op.arity() == 1 ? "" : "s")
                            + ", not " + ci.getOperands().size(), "see docs/kernel.md, instructions", ci,
                            P.getComputeInst_Op());
                }
            } else if (i instanceof LoadInst li) {
                op = Op.LD;
                access = access(li.getAccess(), i);
            } else {
                StoreInst si = (StoreInst) i;
                op = Op.ST;
                operands.add(ops.operand(si.getValue(), i));
                access = access(si.getAccess(), i);
                Type at = arrayType(si.getAccess());
                if (at != null && at != t) {
                    c.error("a " + t.keyword() + " value is stored into the " + at.keyword() + " array "
                            + DimNames.linkText(si.getAccess(), P.getAccess_Array()), "store a value of the array's type",
                            si.getAccess(), P.getAccess_Array());
                }
            }
            insts.add(new Inst(name(i), op, t, operands, spaces.get(i), access));
        }
    }

    private List<String> space(InstDecl i) {
        List<String> r = new ArrayList<>();
        for (DimRef ref : i.getSpace()) {
            List<String> ds = c.expand(ref, P.getDimRef_Dim());
            if (ds.isEmpty()) {
                incomplete.add(i);
            }
            for (String d : ds) {
                if (r.contains(d)) {
                    c.error("the dimension " + d + " appears twice in the iteration space of " + name(i),
                            "list each dimension once ('in d' means all of d's dimensions)", ref, P.getDimRef_Dim());
                } else {
                    r.add(d);
                }
            }
        }
        return r;
    }

    /** The result type of an instruction, null when it cannot be told (no annotation, no typed operand, a cycle). */
    Type type(InstDecl i, Set<InstDecl> visiting) {
        if (types.containsKey(i)) {
            return types.get(i);
        }
        if (!visiting.add(i)) {
            return null;
        }
        Type t = null;
        if (i instanceof LoadInst l) {
            t = l.isTyped() ? KernelConverter.type(l.getType()) : arrayType(l.getAccess());
            Type at = arrayType(l.getAccess());
            if (l.isTyped() && at != null && at != t) {
                c.error(name(i) + " is " + t.keyword() + " but loads from an array of " + at.keyword(),
                        "a load has its array's element type", l, P.getLoadInst_Type());
            }
        } else if (i instanceof ComputeInst ci) {
            if (ci.isTyped()) {
                t = KernelConverter.type(ci.getType());
            } else {
                for (var o : ci.getOperands()) {
                    t = operandType(o, visiting);
                    if (t != null) {
                        break;
                    }
                }
            }
        } else if (i instanceof StoreInst s && s.getValue() != null) {
            t = operandType(s.getValue(), visiting);
        }
        if (t != null) {
            types.put(i, t);
        }
        return t;
    }

    /** The type of an operand: an instruction's, a parameter's, i32 for an index; null for constants and sizes. */
    Type operandType(tessera.kernel.kernel.Operand o, Set<InstDecl> visiting) {
        if (o instanceof tessera.kernel.kernel.RefOperand r && r.getRef() != null && !r.getRef().eIsProxy()) {
            if (r.getRef() instanceof InstDecl i) {
                return type(i, visiting);
            }
            if (r.getRef() instanceof tessera.kernel.kernel.ParamDecl p) {
                return KernelConverter.type(p.getType());
            }
        }
        return o instanceof tessera.kernel.kernel.IndexOperand ? Type.I32 : null;
    }

    private Type arrayType(tessera.kernel.kernel.Access a) {
        Named n = a == null ? null : a.getArray();
        if (n instanceof ArrayDecl ad && !ad.eIsProxy()) {
            return KernelConverter.type(ad.getType());
        }
        return n instanceof TempDecl td && !td.eIsProxy() ? KernelConverter.type(td.getType()) : null;
    }

    /** Eq. 4.2: offset + Σ stride · index, one dimension per term, each in the instruction's iteration space. */
    private Access access(tessera.kernel.kernel.Access a, InstDecl owner) {
        if (a == null || a.getArray() == null || a.getArray().eIsProxy()) {
            return null;
        }
        long offset = 0;
        Map<String, Long> strides = new LinkedHashMap<>();
        List<String> space = spaces.get(owner);
        for (Term t : a.getTerms()) {
            long coef = t.isMinus() ? -1 : 1;
            String key = null;
            for (Factor f : t.getFactors()) {
                DimNames.Target d = f.getRef() == null ? null : DimNames.target(f, P.getFactor_Ref());
                if (d == null) {
                    Long v = f.getRef() != null && f.getRef().eIsProxy() ? null : c.factor(f, "a stride");
                    coef = v == null ? coef : Math.multiplyExact(coef, v);
                    continue;
                }
                LogicalDim l = c.logicals.get(d.logical());
                if (l == null) {
                    continue;
                }
                String k = d.isLogical() ? l.name() : d.dim();
                if (key != null) {
                    c.error("the term uses both " + key + " and " + k + "; an address is linear",
                            "write one dimension per term: 1024*m + k", t, null);
                    continue;
                }
                key = k;
                if (!incomplete.contains(owner) && !space.containsAll(d.isLogical() ? l.dims() : List.of(k))) {
                    c.error("the address uses " + k + ", which is not in the iteration space of " + name(owner),
                            "add " + k + " to 'in', or address with a dimension of the iteration space", f,
                            P.getFactor_Ref());
                }
            }
            if (key == null) {
                offset += coef;
            } else {
                strides.merge(key, coef, Long::sum);
            }
        }
        return new Access(a.getArray().getName(), offset, strides);
    }

    /** Whether {@code dim} is in the iteration space of {@code i} (true when that space has an unknown name). */
    boolean inSpace(InstDecl i, String dim) {
        return incomplete.contains(i) || spaces.get(i).contains(dim);
    }

    static String text(org.eclipse.emf.ecore.EObject o) {
        var n = org.eclipse.xtext.nodemodel.util.NodeModelUtils.findActualNodeFor(o);
        return n == null ? "?" : org.eclipse.xtext.nodemodel.util.NodeModelUtils.getTokenText(n);
    }
}
