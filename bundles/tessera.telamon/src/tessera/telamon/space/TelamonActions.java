package tessera.telamon.space;

import java.util.ArrayList;
import java.util.List;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.DimMap;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Operand;

/**
 * Seed 001 §4.3 (digest 001b §2.3): the restrictions that Telamon applies from Rust rather than from its
 * {@code .exh} files, as decisions on a Tessera candidate. A Tessera {@link tessera.dspace.runtime.instance.Instance}
 * gives objects and snippet values only, so these {@code Action}s are replayed by {@link #settle} on every candidate
 * whose objects they name exist: {@code SearchSpace::new}'s {@code operand::inst_invariants} and the kernel builder's
 * orders, the initial members of {@code IterationDims} (an item listed by the set's iterator has its representative
 * TRUE, whose consequences are {@code order(dim, inst) is OUTER} and, its class counter being 0, no two initial
 * members MERGED; forcing the flag itself would clash with Tessera's lowest-index representatives), and the actions of {@code dim_map::lower_dim_map}
 * with the invariants of the instructions it creates ({@code process_lowering}).
 */
public final class TelamonActions {
    /** {@code choice(objects) ∈ values} (names of values or aliases). */
    public record Action(String choice, List<String> objects, List<String> values) {
        @Override
        public String toString() {
            return choice + "(" + String.join(",", objects) + ") in " + String.join("|", values);
        }
    }

    private final List<Action> actions = new ArrayList<>();
    private final TelamonIr ir;

    public TelamonActions(TelamonIr ir) {
        this.ir = ir;
        for (String inst : ir.instIds()) {
            List<String> dims = ir.iterationDims(inst);
            for (String d : dims) {
                add("order", d, inst, "OUTER");
                // two initial members are both representatives: not equivalent (the class counter is 0)
                for (String e : dims.subList(dims.indexOf(d) + 1, dims.size())) {
                    add("order", d, e, "BEFORE", "AFTER", "INNER", "OUTER");
                }
            }
        }
        for (Inst i : ir.kernel.insts()) {
            invariants(i);
            lastIterations(i);
        }
        for (TelamonIr.Lowered l : ir.lowerings) {
            lowering(l);
        }
    }

    public List<Action> actions() {
        return actions;
    }

    private void add(String choice, String a, String b, String... values) {
        actions.add(new Action(choice, List.of(a, b), List.of(values)));
    }

    /** {@code operand::invariants} for each operand of {@code i}. */
    private void invariants(Inst i) {
        for (Operand o : i.operands()) {
            switch (o) {
                case Operand.Value v -> {
                    for (DimMap p : v.mapped()) {
                        pair(p.producer(), p.consumer(), null);
                    }
                    source(v.inst(), i.name());
                }
                case Operand.Carried c -> {
                    for (DimMap p : c.mapped()) {
                        add("order", p.producer(), p.consumer(), "BEFORE", "MERGED");
                        add("dim_mapping", p.producer(), p.consumer(), "MAPPED");
                    }
                    add("order", c.init(), i.name(), "BEFORE");
                    for (String d : c.dims()) {
                        add("order", c.init(), d, "BEFORE");
                        actions.add(new Action("dim_kind", List.of(d), List.of("LOOP", "UNROLL")));
                    }
                    orderReduceDims(c.init());
                }
                case Operand.Index x -> add("order", x.dim(), i.name(), "OUTER");
                default -> {
                }
            }
        }
    }

    /** An {@code Operand::Inst} pair: ordered, mapped as the scope allows ({@code null}: Global, any), merged when dynamic. */
    private void pair(String lhs, String rhs, String mapping) {
        add("order", lhs, rhs, "BEFORE", "MERGED");
        if (mapping != null) {
            add("dim_mapping", lhs, rhs, mapping);
        }
        if (!ir.isStatic(lhs)) {
            add("order", lhs, rhs, "MERGED");
        }
    }

    private void source(String src, String user) {
        orderReduceDims(src);
        add("order", src, user, "BEFORE");
    }

    /** {@code order_reduce_dims}: the dimensions reduced by the operands of {@code src} run before it. */
    private void orderReduceDims(String src) {
        Inst s = ir.kernel.inst(src);
        if (s == null) {
            return;
        }
        for (String p : ir.kernel.producers(s)) {
            for (String d : ir.reducedDims(p)) {
                add("order", d, src, "BEFORE");
            }
        }
    }

    /**
     * A value read at the last iteration of the producer's other dimensions: Telamon's kernels say it with
     * {@code builder.order(dim, consumer, BEFORE)} (e.g. the k loop before the store of a matmul).
     */
    private void lastIterations(Inst i) {
        for (Operand o : i.operands()) {
            String producer = o instanceof Operand.Value v ? v.inst() : o instanceof Operand.Carried c ? c.init() : null;
            if (producer == null) {
                continue;
            }
            List<DimMap> mapped = o instanceof Operand.Value v ? v.mapped() : ((Operand.Carried) o).mapped();
            for (String d : ir.kernel.inst(producer).dims()) {
                if (!i.dims().contains(d) && mapped.stream().noneMatch(m -> m.producer().equals(d))) {
                    add("order", d, i.name(), "BEFORE");
                }
            }
        }
    }

    /** {@code lower_dim_map}'s actions and the invariants of the new store and load ({@code process_lowering}). */
    private void lowering(TelamonIr.Lowered l) {
        List<String> st = l.storeDims(), ld = l.loadDims();
        for (int n = 0; n < st.size(); n++) {
            add("order", st.get(n), ld.get(n), "BEFORE", "MERGED");
        }
        actions.add(new Action("mem_space", List.of(l.mem()), List.of("SHARED")));
        add("order", l.store(), l.load(), "BEFORE");
        // the consumer now reads the load: Operand::Inst(load, [ld -> consumer dim], Local)
        for (TelamonIr.Mapping m : l.ldMappings()) {
            pair(m.rhs(), m.lhs(), "UNROLL_MAP");
        }
        add("order", l.load(), l.operand().consumer(), "BEFORE");
        // the store reads the producer: Operand::Inst(src, [src dim -> st], Local)
        for (TelamonIr.Mapping m : l.stMappings()) {
            pair(m.lhs(), m.rhs(), "UNROLL_MAP");
        }
        source(l.operand().producer(), l.store());
    }

    /**
     * Applies every action whose objects exist in {@code c} until none restricts anything (a lowering fired during
     * propagation brings the actions of its objects); false when {@code c} failed.
     */
    public boolean settle(Candidate c) {
        boolean changed = true;
        while (changed && !c.failed()) {
            changed = false;
            for (Action a : actions) {
                int v = c.variable(a.choice(), a.objects());
                List<String> objs = a.objects();
                if (v < 0 && objs.size() == 2) {
                    objs = List.of(objs.get(1), objs.get(0));
                    v = c.variable(a.choice(), objs);
                    if (v >= 0) {
                        objs = a.objects(); // mask() inverts for the written orientation
                    }
                }
                if (v < 0) {
                    continue;
                }
                long mask = c.mask(a.choice(), objs, a.values());
                if ((c.domain(v) & ~mask) != 0) {
                    changed = true;
                    if (!c.restrict(v, mask)) {
                        return false;
                    }
                }
            }
        }
        return !c.failed();
    }
}
