package tessera.kernel.convert;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.kernel.kernel.Decl;
import tessera.kernel.kernel.DimDecl;
import tessera.kernel.kernel.DimName;
import tessera.kernel.kernel.Factor;
import tessera.kernel.kernel.InstDecl;
import tessera.kernel.kernel.KernelDef;
import tessera.kernel.kernel.KernelPackage;
import tessera.kernel.kernel.Named;
import tessera.kernel.kernel.ParamDecl;
import tessera.kernel.kernel.Product;
import tessera.kernel.kernel.ScalarType;
import tessera.kernel.kernel.SizeDecl;
import tessera.kernel.kernel.StoreInst;
import tessera.telamon.kernel.Array;
import tessera.telamon.kernel.Dim;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.kernel.LogicalDim;
import tessera.telamon.kernel.Param;
import tessera.telamon.kernel.Type;

/**
 * Seed 001 §4.2: a {@code .kernel} syntax tree as the kernel representation ({@link Kernel}). Parameters take their
 * instance values (or the overrides), logical dimensions are converted by {@link DimConverter} (strip-mined by
 * {@link StripMining}), arrays by {@link ArrayConverter}, instructions by {@link InstConverter}. Every rule of {@link Kernel#check()} is checked on the element it is about and
 * reported to {@link Problems}; the kernel is built only when there is none. Unresolved names are skipped (the linker
 * reports them) and leave no kernel.
 */
public final class KernelConverter {
    static final KernelPackage P = KernelPackage.eINSTANCE;

    /** The kernel (null when a problem was reported) and what hover and outline show of a partial conversion. */
    public record Converted(Kernel kernel, Map<DimDecl, LogicalDim> logicals, Map<String, Dim> dims,
            Map<Decl, Long> values, Map<InstDecl, String> instNames, Map<InstDecl, List<String>> spaces,
            Map<InstDecl, Type> types) {
    }

    final KernelDef def;
    private final Map<String, Long> overrides;
    private final Problems problems;
    int errors;
    final Map<Decl, Long> values = new HashMap<>();
    final List<Param> params = new ArrayList<>();
    final List<Array> arrays = new ArrayList<>();
    final Map<DimDecl, LogicalDim> logicals = new LinkedHashMap<>();
    final Map<String, Dim> dims = new LinkedHashMap<>();

    private KernelConverter(KernelDef def, Map<String, Long> overrides, Problems problems) {
        this.def = def;
        this.overrides = overrides == null ? Map.of() : overrides;
        this.problems = problems;
    }

    /** Converts {@code def}; {@code overrides} replace instance values of parameters and sizes by name. */
    public static Converted convert(KernelDef def, Map<String, Long> overrides, Problems problems) {
        KernelConverter c = new KernelConverter(def, overrides, problems);
        InstConverter insts = new InstConverter(c);
        Kernel k = null;
        try {
            c.names();
            c.values();
            for (Decl d : def.getDecls()) {
                if (d instanceof DimDecl dd && dd.getName() != null) {
                    new DimConverter(c).convert(dd);
                }
            }
            new ArrayConverter(c).convert();
            insts.convert();
        } catch (ArithmeticException e) {
            c.error("a size, length or stride of " + def.getName() + " overflows 64 bits", "use smaller sizes", def,
                    P.getKernelDef_Name());
        }
        boolean linked = def.eResource() == null || def.eResource().getErrors().isEmpty();
        if (c.errors == 0 && linked) {
            k = new Kernel(def.getName(), c.params, c.arrays, List.copyOf(c.logicals.values()),
                    List.copyOf(c.dims.values()), insts.insts);
            for (String m : k.check()) {
                c.leftover(m);
            }
            if (c.errors > 0) {
                k = null;
            }
        }
        return new Converted(k, c.logicals, c.dims, c.values, insts.names, insts.spaces, insts.types);
    }

    /** An instruction's name; an unnamed store is {@code st_ARRAY}. */
    public static String instName(InstDecl i) {
        return InstConverter.name(i);
    }

    void error(String message, String hint, EObject on, EStructuralFeature feature) {
        errors++;
        problems.error(message, hint, on, feature);
    }

    /** Every name once: parameters, sizes, arrays, logical dimensions, dimensions, instructions. */
    private void names() {
        Map<String, EObject> first = new HashMap<>();
        for (Decl d : def.getDecls()) {
            List<Object[]> entries = new ArrayList<>();
            String n = d instanceof InstDecl i ? InstConverter.name(i) : d.getName();
            entries.add(new Object[] { n, d, d instanceof StoreInst && d.getName() == null ? null : P.getNamed_Name() });
            if (d instanceof DimDecl dd && dd.getName() != null) {
                if (dd.getDims().isEmpty()) {
                    for (String x : DimNames.of(dd)) {
                        entries.add(new Object[] { x, dd, P.getNamed_Name() });
                    }
                } else {
                    for (DimName x : dd.getDims()) {
                        entries.add(new Object[] { x.getName(), x, P.getNamed_Name() });
                    }
                }
            }
            for (Object[] e : entries) {
                String name = (String) e[0];
                if (name == null) {
                    continue;
                }
                EObject prev = first.putIfAbsent(name, (EObject) e[1]);
                if (prev != null) {
                    error("the name " + name + " is declared twice", "first declared on line " + line(prev)
                            + "; every parameter, size, array, dimension and instruction needs its own name",
                            (EObject) e[1], (EStructuralFeature) e[2]);
                }
            }
        }
    }

    /** Instance values of parameters and sizes, overrides applied. */
    private void values() {
        Map<String, Decl> byName = new HashMap<>();
        for (Decl d : def.getDecls()) {
            if (d instanceof ParamDecl p && p.getName() != null) {
                byName.putIfAbsent(p.getName(), p);
                Long v = overrides.containsKey(p.getName()) ? overrides.get(p.getName())
                        : p.isHasValue() ? Long.valueOf(p.getValue()) : null;
                if (v != null) {
                    values.put(p, v);
                }
                params.add(new Param(p.getName(), type(p.getType()), v));
            } else if (d instanceof SizeDecl s && s.getName() != null) {
                byName.putIfAbsent(s.getName(), s);
                long v = overrides.getOrDefault(s.getName(), s.getValue());
                if (v < 1) {
                    error("the size " + s.getName() + " is " + v + "; a size is at least 1", "give a positive size", s,
                            P.getSizeDecl_Value());
                } else {
                    values.put(s, v);
                }
            }
        }
        for (String o : new TreeMap<>(overrides).keySet()) {
            if (!byName.containsKey(o)) {
                error("there is no parameter or size " + o + " to override", "the kernel declares "
                        + String.join(", ", byName.keySet().stream().sorted().toList()), def, P.getKernelDef_Name());
            }
        }
    }

    /** The dimensions a dimension reference denotes (all of a logical dimension's); empty when unresolved. */
    List<String> expand(EObject owner, org.eclipse.emf.ecore.EReference ref) {
        DimNames.Target t = DimNames.target(owner, ref);
        if (t == null) {
            return List.of();
        }
        LogicalDim l = logicals.get(t.logical());
        if (l == null) {
            return List.of();
        }
        return t.isLogical() ? l.dims() : l.dims().contains(t.dim()) ? List.of(t.dim()) : List.of();
    }

    /** The instance value of a size factor (a number, a size, a parameter with a value); null (reported) otherwise. */
    Long factor(Factor f, String what) {
        if (f.getRef() == null) {
            return f.getValue();
        }
        Named n = f.getRef();
        if (n.eIsProxy()) {
            return null;
        }
        if (n instanceof SizeDecl || n instanceof ParamDecl) {
            Long v = values.get((Decl) n);
            if (v == null && n instanceof ParamDecl p) {
                error("the parameter " + p.getName() + " has no instance value, needed for " + what,
                        "give it one: param " + p.getName() + ": " + p.getType().getLiteral() + " = VALUE (or override it)",
                        f, P.getFactor_Ref());
            }
            return v;
        }
        error(DimNames.linkText(f, P.getFactor_Ref()) + " is not a size: " + what + " is a product of numbers, sizes and parameters",
                "use a number, a 'size' or a 'param'", f, P.getFactor_Ref());
        return null;
    }

    /** The product of a {@link Product}'s factors; null when one is unknown (reported). */
    Long product(Product p, String what) {
        long r = 1;
        for (Factor f : p.getFactors()) {
            Long v = factor(f, what);
            if (v == null) {
                return null;
            }
            r = Math.multiplyExact(r, v);
        }
        return r;
    }

    static Type type(ScalarType t) {
        return switch (t) {
            case F32 -> Type.F32;
            case F64 -> Type.F64;
            case I32 -> Type.I32;
            case I64 -> Type.I64;
        };
    }

    static int line(EObject o) {
        ICompositeNode n = NodeModelUtils.findActualNodeFor(o);
        return n == null ? 0 : n.getStartLine();
    }

    /** A message of {@link Kernel#check()} that the checks above missed, on the element it names. */
    private void leftover(String message) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("^(?:instruction|logical dimension|dimension) (\\w+)").matcher(message);
        EObject on = def;
        EStructuralFeature f = P.getKernelDef_Name();
        if (m.find()) {
            for (Decl d : def.getDecls()) {
                String n = d instanceof InstDecl i ? InstConverter.name(i) : d.getName();
                boolean dimOf = d instanceof DimDecl dd && logicals.containsKey(dd)
                        && logicals.get(dd).dims().contains(m.group(1));
                if (m.group(1).equals(n) || dimOf) {
                    on = d;
                    f = d.getName() == null ? null : P.getNamed_Name();
                    break;
                }
            }
        }
        error(message, "see docs/kernel.md, well-formed kernels", on, f);
    }
}
