package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.telamon.impl.DimKind;
import tessera.telamon.impl.Order;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.4.3 (digest 001b §3.2 step 3, Listing 4.11), variables: in sequential order, instruction i gets one
 * variable per point of X = its UNROLL and VECTOR dimensions that do not carry its result (named {@code x} for one
 * point, {@code x0, x1, …} row-major over X, outermost first); a loop-carried instruction reuses the variables of its
 * initialisation (so y and z of Listing 4.11 share {@code y}). A consumer reads the variable of the matching point:
 * along a common dimension the current iteration, along a point-to-point mapped one the iteration of its own mapped
 * dimension, along the producer's other dimensions the last iteration (default semantics). Register communication
 * that cannot be done in one thread (across threads or blocks, or between two distinct loops) is rejected: it should
 * have been lowered into a temporary array.
 */
public final class Variables {
    /** The current emission context: the constant index of an enclosing UNROLL class or VECTOR lane, else null. */
    public interface Context {
        Long constant(String rep);
    }

    private final Annotation a;
    private final ControlFlowTree t;
    private final Map<String, List<String>> dims = new LinkedHashMap<>();
    private final Map<String, List<String>> names = new LinkedHashMap<>();
    private final Set<String> used = new HashSet<>();

    private Variables(Annotation a, ControlFlowTree t) {
        this.a = a;
        this.t = t;
        for (String i : t.instructions()) {
            allocate(a.kernel().inst(i));
        }
    }

    public static Variables allocate(Annotation a, ControlFlowTree t) {
        return new Variables(a, t);
    }

    /** The variables of an instruction, one per point of {@link #dims(String)}; empty for a store. */
    public List<String> names(String inst) {
        return names.get(inst);
    }

    /** X: the dimensions whose points have their own variable, outermost first. */
    public List<String> dims(String inst) {
        return dims.get(inst);
    }

    /** The variable that {@code inst} writes at the current point. */
    public String var(String inst, Context ctx) {
        List<String> x = dims.get(inst);
        long index = 0;
        for (String d : x) {
            Long k = ctx.constant(a.rep(d));
            if (k == null) {
                throw new IllegalStateException(inst + " is emitted outside its dimension " + d);
            }
            index = index * a.size(d) + k;
        }
        return names.get(inst).get((int) index);
    }

    private void allocate(Inst i) {
        Operand.Carried carried = null;
        for (Operand o : i.operands()) {
            if (o instanceof Operand.Carried c) {
                carried = c;
            }
        }
        List<String> x = new ArrayList<>();
        for (String d : i.dims()) {
            DimKind k = a.kind(d);
            boolean carries = carried != null && carried.dims().stream().anyMatch(c -> a.rep(c).equals(a.rep(d)));
            if (carries && (k == DimKind.THREAD || k == DimKind.BLOCK || k == DimKind.VECTOR)) {
                throw new IllegalArgumentException("instruction " + i.name() + " carries its value along " + d + ", which is " + k
                        + ": a parallel dimension cannot carry a value");
            }
            if ((k == DimKind.UNROLL || k == DimKind.VECTOR) && !carries) {
                x.add(d);
            }
        }
        x.sort((p, q) -> a.order(p, q) == Order.OUT ? -1 : 1);
        dims.put(i.name(), x);
        long points = 1;
        for (String d : x) {
            points *= a.size(d);
        }
        List<String> n = new ArrayList<>();
        if (i.op() == Op.ST) {
            names.put(i.name(), n);
        } else if (carried != null) {
            names.put(i.name(), alias(i, carried, x, points));
        } else {
            String base = fresh(i.name(), points);
            for (int p = 0; p < points; p++) {
                n.add(points == 1 ? base : base + p);
                used.add(n.get(p));
            }
            names.put(i.name(), n);
        }
    }

    private String fresh(String base, long points) {
        String b = base;
        for (int k = 1; used.contains(points == 1 ? b : b + 0); k++) {
            b = base + "_" + k;
        }
        return b;
    }

    /** The init's variables at the points of {@code i}: one distinct variable per point. */
    private List<String> alias(Inst i, Operand.Carried c, List<String> x, long points) {
        Inst init = a.kernel().inst(c.init());
        if (init.type() != i.type()) {
            throw new IllegalArgumentException("instruction " + i.name() + " is " + i.type().keyword() + " but its initialisation "
                    + init.name() + " is " + init.type().keyword());
        }
        List<String> r = new ArrayList<>();
        for (long p = 0; p < points; p++) {
            Map<String, Long> coords = new LinkedHashMap<>();
            long rest = p;
            for (int j = x.size() - 1; j >= 0; j--) {
                coords.put(a.rep(x.get(j)), rest % a.size(x.get(j)));
                rest /= a.size(x.get(j));
            }
            String v = read(i, init.name(), c.mapped(), coords::get);
            if (r.contains(v)) {
                throw new IllegalArgumentException("instruction " + i.name() + " has " + points + " variables but its initialisation "
                        + init.name() + " gives fewer: a loop-carried value reuses one init variable per point (§4.4.3)");
            }
            r.add(v);
        }
        return r;
    }

    /** The variable of {@code producer} that {@code consumer} reads at the current point (§4.2.2). */
    public String read(Inst consumer, String producer, List<DimMap> mapped, Context ctx) {
        Inst p = a.kernel().inst(producer);
        List<String> enclosing = t.enclosing(consumer.name());
        List<String> x = dims.get(producer);
        Map<String, Long> coords = new LinkedHashMap<>();
        for (String d : p.dims()) {
            String rd = a.rep(d);
            boolean own = x.contains(d);
            DimMap m = mapped.stream().filter(dm -> dm.producer().equals(d)).findFirst().orElse(null);
            Long k;
            if (enclosing.contains(rd)) {
                k = ctx.constant(rd);
            } else if (m != null) {
                String re = a.rep(m.consumer());
                k = ctx.constant(re);
                if (!own && !rd.equals(re) && !sameThreadAxis(d, m.consumer())) {
                    k = null;
                    own = true;
                }
            } else {
                if (a.kind(d) == DimKind.THREAD || a.kind(d) == DimKind.BLOCK) {
                    throw new IllegalArgumentException("instruction " + consumer.name() + " reads the value of " + producer + " across "
                            + a.kind(d) + " dimension " + d + ": threads communicate through memory (§4.3.4)");
                }
                if (a.order(consumer.name(), d) != Order.AFTER) {
                    throw new IllegalArgumentException("instruction " + consumer.name() + " reads the last value of " + producer
                            + " along " + d + " but is not after " + d + " (eq. 4.6)");
                }
                k = a.size(d) - 1;
            }
            if (own && k == null) {
                throw new IllegalArgumentException("instruction " + consumer.name() + " reads " + producer + " along " + d + " ("
                        + a.kind(d) + ")" + (m == null ? "" : " mapped to " + m.consumer() + " (" + a.kind(m.consumer()) + ")")
                        + " where no register holds the matching iteration: the value must go through a temporary array (§4.3.4)");
            }
            coords.put(d, k);
        }
        long index = 0;
        for (String d : x) {
            index = index * a.size(d) + coords.get(d);
        }
        return names.get(producer).get((int) index);
    }

    private boolean sameThreadAxis(String d, String e) {
        return a.kind(d) == DimKind.THREAD && a.kind(e) == DimKind.THREAD && a.axis(d) == a.axis(e) && a.size(d) == a.size(e);
    }
}
