package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.telamon.codegen.ControlFlowTree.Node;
import tessera.telamon.codegen.Erased.Code;
import tessera.telamon.codegen.Erased.Cond;
import tessera.telamon.codegen.Erased.Exec;
import tessera.telamon.codegen.Erased.Guard;
import tessera.telamon.codegen.Erased.Loop;
import tessera.telamon.codegen.Erased.Region;
import tessera.telamon.impl.DimKind;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Op;

/**
 * Seed 001 §4.4.2, parallel-dimension erasure (Listing 4.7): BLOCK classes, which must form the outermost chain of the
 * tree, vanish into the block index; each nest of THREAD classes becomes a {@link Region} whose dimensions read the
 * thread index. Guards follow Telamon's rule that only side effects need disabling: a store runs only on threads whose
 * index is 0 along the block's axes its nest does not use, and a load or store inside a nest that is smaller than its
 * axis's extent runs only below that extent; other instructions are computed by every thread, so their values are
 * available to all threads (a value computed outside a nest and used inside it). Synchronizations come next
 * ({@link Synchronization}).
 */
public final class Erasure {
    private final Annotation a;
    private final long[] block;
    private final List<String> blockDims = new ArrayList<>();

    private Erasure(Annotation a) {
        this.a = a;
        this.block = a.block();
    }

    public static Erased erase(Annotation a, ControlFlowTree t) {
        Erasure e = new Erasure(a);
        List<Code> body = e.walk(t.root(), new HashMap<>(), null);
        return new Erased(e.blockDims, body);
    }

    /** The erased children of {@code n}; {@code region} collects the dimensions of the enclosing nest. */
    private List<Code> walk(Node n, Map<Integer, Long> active, List<String> region) {
        List<Code> out = new ArrayList<>();
        for (Node c : n.children()) {
            if (!c.isDim()) {
                out.add(new Exec(c.stmt(), guard(a.kernel().inst(c.stmt()), active)));
                continue;
            }
            String d = c.stmt();
            DimKind kind = a.kind(d);
            if (kind == DimKind.BLOCK) {
                if (!(n.isRoot() || a.kind(n.stmt()) == DimKind.BLOCK) || n.children().size() != 1) {
                    throw new IllegalArgumentException("BLOCK dimension " + d + " must be outside every other statement (§4.3.3)");
                }
                blockDims.add(d);
                out.addAll(walk(c, active, region));
            } else if (kind == DimKind.THREAD) {
                int axis = a.axis(d);
                if (active.containsKey(axis)) {
                    throw new IllegalArgumentException("THREAD dimension " + d + " is nested in another THREAD dimension mapped to the same axis "
                            + "xyz".charAt(axis));
                }
                Map<Integer, Long> inner = new HashMap<>(active);
                inner.put(axis, a.size(d));
                boolean nestRoot = n.isRoot() || a.kind(n.stmt()) != DimKind.THREAD;
                List<String> dims = nestRoot ? new ArrayList<>() : region;
                dims.add(d);
                List<Code> body = walk(c, inner, dims);
                if (nestRoot) {
                    out.add(new Region(dims, body));
                } else {
                    out.addAll(body);
                }
            } else {
                if (kind == DimKind.VECTOR) {
                    for (Node v : c.children()) {
                        if (v.isDim() && a.kind(v.stmt()) != DimKind.VECTOR) {
                            throw new IllegalArgumentException("VECTOR dimension " + d + " contains " + v.stmt() + ", which is "
                                    + a.kind(v.stmt()) + ": VECTOR dimensions are innermost");
                        }
                    }
                }
                out.add(new Loop(d, kind, walk(c, active, region)));
            }
        }
        return out;
    }

    private Guard guard(Inst inst, Map<Integer, Long> active) {
        if (!inst.op().isMemory()) {
            return Guard.ALWAYS;
        }
        List<Cond> conds = new ArrayList<>();
        for (int axis = 0; axis < 3; axis++) {
            Long used = active.get(axis);
            if (block[axis] <= 1) {
                continue;
            }
            if (used == null && inst.op() == Op.ST) {
                conds.add(new Cond(axis, 1));
            } else if (used != null && used < block[axis]) {
                conds.add(new Cond(axis, used));
            }
        }
        return new Guard(conds);
    }
}
