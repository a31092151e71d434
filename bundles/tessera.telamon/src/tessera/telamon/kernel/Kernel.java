package tessera.telamon.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Seed 001 §4.2: a kernel, translated into one GPU function. Statements are its dimensions and instructions
 * (§4.3.2); all collections keep declaration order, which is the "arbitrary total order" later stages rely on.
 */
public record Kernel(String name, List<Param> params, List<Array> arrays, List<LogicalDim> logicalDims, List<Dim> dims,
        List<Inst> insts) {
    public Kernel {
        params = List.copyOf(params);
        arrays = List.copyOf(arrays);
        logicalDims = List.copyOf(logicalDims);
        dims = List.copyOf(dims);
        insts = List.copyOf(insts);
    }

    public Param param(String n) {
        return find(params, Param::name, n);
    }

    public Array array(String n) {
        return find(arrays, Array::name, n);
    }

    public LogicalDim logical(String n) {
        return find(logicalDims, LogicalDim::name, n);
    }

    public Dim dim(String n) {
        return find(dims, Dim::name, n);
    }

    public Inst inst(String n) {
        return find(insts, Inst::name, n);
    }

    /** Statements in declaration order: dimensions, then instructions. */
    public List<String> statements() {
        List<String> s = new ArrayList<>();
        dims.forEach(d -> s.add(d.name()));
        insts.forEach(i -> s.add(i.name()));
        return s;
    }

    private static <T> T find(List<T> items, java.util.function.Function<T, String> name, String n) {
        for (T t : items) {
            if (name.apply(t).equals(n)) {
                return t;
            }
        }
        return null;
    }

    /** The instructions whose value {@code inst} reads (through Value operands and the init of a Carried one). */
    public List<String> producers(Inst inst) {
        List<String> r = new ArrayList<>();
        for (Operand o : inst.operands()) {
            if (o instanceof Operand.Value v) {
                r.add(v.inst());
            } else if (o instanceof Operand.Carried c) {
                r.add(c.init());
            }
        }
        return r;
    }

    /**
     * The well-formedness rules of §4.2 as messages (empty when the kernel is well formed): unique names, resolved
     * references, dynamic dimensions only as d0 of dynamic logical dimensions, mapped dimensions of equal possible
     * sizes, operand counts, acyclic data dependencies.
     */
    public List<String> check() {
        List<String> errors = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String n : allNames()) {
            if (!names.add(n)) {
                errors.add("the name " + n + " is declared twice");
            }
        }
        Map<String, String> logicalOf = new HashMap<>();
        for (LogicalDim l : logicalDims) {
            if (l.dims().isEmpty()) {
                errors.add("logical dimension " + l.name() + " has no dimensions");
                continue;
            }
            if (!l.size().isStatic() && param(l.size().param()) == null) {
                errors.add("logical dimension " + l.name() + ": unknown size parameter " + l.size().param());
            }
            if (l.tilingFactors().isEmpty() || l.tilingFactors().stream().anyMatch(f -> f < 1)) {
                errors.add("logical dimension " + l.name() + " needs positive tiling factors");
            }
            for (String d : l.dims()) {
                if (dim(d) == null) {
                    errors.add("logical dimension " + l.name() + ": unknown dimension " + d);
                } else if (logicalOf.put(d, l.name()) != null) {
                    errors.add("dimension " + d + " belongs to two logical dimensions");
                }
            }
        }
        for (Dim d : dims) {
            LogicalDim l = d.logical() == null ? null : logical(d.logical());
            if (d.logical() != null && (l == null || !l.name().equals(logicalOf.get(d.name())))) {
                errors.add("dimension " + d.name() + " is not listed by its logical dimension " + d.logical());
            }
            if (!d.isStatic() && (l == null || l.size().isStatic() || !l.outer().equals(d.name()))) {
                errors.add("dimension " + d.name() + " has no size: only d0 of a logical dimension of dynamic size may");
            }
            if (d.possibleSizes().stream().anyMatch(s -> s < 1)) {
                errors.add("dimension " + d.name() + " has a size below 1");
            }
        }
        for (Inst i : insts) {
            checkInst(i, errors);
        }
        checkAcyclic(errors);
        return errors;
    }

    private List<String> allNames() {
        List<String> n = new ArrayList<>();
        params.forEach(p -> n.add(p.name()));
        arrays.forEach(a -> n.add(a.name()));
        logicalDims.forEach(l -> n.add(l.name()));
        n.addAll(statements());
        return n;
    }

    private void checkInst(Inst i, List<String> errors) {
        String at = "instruction " + i.name() + ": ";
        for (String d : i.dims()) {
            if (dim(d) == null) {
                errors.add(at + "unknown dimension " + d);
            }
        }
        if (i.operands().size() != i.op().arity()) {
            errors.add(at + i.op().name().toLowerCase(java.util.Locale.ROOT) + " takes " + i.op().arity() + " operand(s)");
        }
        if (i.op().isMemory() != (i.access() != null)) {
            errors.add(at + (i.op().isMemory() ? "a memory access needs an address" : "only loads and stores access memory"));
        }
        if (i.access() != null) {
            if (array(i.access().array()) == null) {
                errors.add(at + "unknown array " + i.access().array());
            }
            for (String k : i.access().strides().keySet()) {
                LogicalDim l = logical(k);
                boolean inSpace = l != null ? i.dims().containsAll(l.dims()) : i.dims().contains(k);
                if (!inSpace) {
                    errors.add(at + "the address uses " + k + ", which is not in its iteration space");
                }
            }
        }
        for (Operand o : i.operands()) {
            switch (o) {
                case Operand.Arg a when param(a.param()) == null -> errors.add(at + "unknown parameter " + a.param());
                case Operand.Index x when !i.dims().contains(x.dim()) ->
                    errors.add(at + "index of " + x.dim() + ", which is not in its iteration space");
                case Operand.Value v -> checkMapped(i, v.inst(), v.mapped(), errors);
                case Operand.Carried c -> {
                    checkMapped(i, c.init(), c.mapped(), errors);
                    if (!i.dims().containsAll(c.dims())) {
                        errors.add(at + "a value carried along " + c.dims() + " needs them in its iteration space");
                    }
                }
                default -> {
                }
            }
        }
    }

    private void checkMapped(Inst consumer, String producer, List<DimMap> mapped, List<String> errors) {
        Inst p = inst(producer);
        String at = "instruction " + consumer.name() + ": ";
        if (p == null) {
            errors.add(at + "unknown instruction " + producer);
            return;
        }
        if (p.op() == Op.ST) {
            errors.add(at + "a store has no value");
        }
        for (DimMap m : mapped) {
            if (!p.dims().contains(m.producer()) || !consumer.dims().contains(m.consumer())) {
                errors.add(at + "the map " + m.producer() + " -> " + m.consumer() + " needs " + m.producer() + " in "
                        + producer + "'s iteration space and " + m.consumer() + " in its own");
            } else if (!dim(m.producer()).possibleSizes().equals(dim(m.consumer()).possibleSizes())) {
                errors.add(at + "the mapped dimensions " + m.producer() + " and " + m.consumer() + " have different sizes");
            }
        }
    }

    private void checkAcyclic(List<String> errors) {
        Map<String, Integer> state = new LinkedHashMap<>();
        for (Inst i : insts) {
            if (visit(i.name(), state)) {
                errors.add("instruction " + i.name() + " depends on its own value (use a carried operand for a reduction)");
                return;
            }
        }
    }

    private boolean visit(String n, Map<String, Integer> state) {
        Integer s = state.get(n);
        if (s != null) {
            return s == 1;
        }
        state.put(n, 1);
        Inst i = inst(n);
        if (i != null) {
            for (String p : producers(i)) {
                if (visit(p, state)) {
                    return true;
                }
            }
        }
        state.put(n, 2);
        return false;
    }
}
