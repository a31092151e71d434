package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tessera.telamon.codegen.Erased.Code;
import tessera.telamon.codegen.Erased.Exec;
import tessera.telamon.codegen.Erased.Loop;
import tessera.telamon.codegen.Erased.Region;
import tessera.telamon.codegen.Erased.Sync;
import tessera.telamon.impl.DimKind;
import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Op;

/**
 * Seed 001 §4.4.2, synchronization of the erased code (Listing 4.7(b)), when a block has more than one thread. First
 * the thesis's rule: a {@code bar.sync} after each nest of thread dimensions, before a nest that follows other code,
 * and at the end of a loop body that contains a nest. Then memory hazards between barriers, since any interleaving of
 * the threads may happen there: a load of an array stored since the last barrier, or a store to an array loaded since
 * then, gets a barrier first (two stores do not: parallel iterations write distinct elements); loop bodies are analysed until the state
 * at their entry, which includes what the previous iteration left, is stable. All barriers sit outside guards, and
 * loops have data-independent bounds, so every thread of the block reaches each of them.
 */
public final class Synchronization {
    private final Annotation a;

    private Synchronization(Annotation a) {
        this.a = a;
    }

    public static Erased insert(Annotation a, Erased e) {
        if (a.threadsPerBlock() <= 1) {
            return e;
        }
        Synchronization s = new Synchronization(a);
        List<Code> body = s.structural(e.body(), false);
        body = s.hazards(body, new State(), true);
        return new Erased(e.blockDims(), body);
    }

    private List<Code> structural(List<Code> body, boolean loopBody) {
        List<Code> out = new ArrayList<>();
        for (Code c : body) {
            if (c instanceof Region r) {
                if (!out.isEmpty() && !(out.get(out.size() - 1) instanceof Sync)) {
                    out.add(new Sync("before a thread nest"));
                }
                out.add(new Region(r.dims(), structural(r.body(), false)));
                out.add(new Sync("after a thread nest"));
            } else if (c instanceof Loop l) {
                out.add(new Loop(l.dim(), l.kind(), structural(l.body(), l.kind() != DimKind.VECTOR)));
            } else {
                out.add(c);
            }
        }
        if (loopBody && containsRegion(out) && !(out.get(out.size() - 1) instanceof Sync)) {
            out.add(new Sync("end of a loop body with thread nests"));
        }
        return out;
    }

    private static boolean containsRegion(List<Code> body) {
        for (Code c : body) {
            if (c instanceof Region || c instanceof Loop l && containsRegion(l.body())) {
                return true;
            }
        }
        return false;
    }

    /** Arrays loaded and stored since the last barrier. */
    private static final class State {
        final Set<String> loaded = new HashSet<>();
        final Set<String> stored = new HashSet<>();

        State copy() {
            State s = new State();
            s.loaded.addAll(loaded);
            s.stored.addAll(stored);
            return s;
        }

        void clear() {
            loaded.clear();
            stored.clear();
        }

        boolean addAll(State o) {
            return loaded.addAll(o.loaded) | stored.addAll(o.stored);
        }
    }

    /** Inserts hazard barriers into {@code body} from state {@code s}, which it updates; {@code emit} false: dry run. */
    private List<Code> hazards(List<Code> body, State s, boolean emit) {
        List<Code> out = new ArrayList<>();
        for (Code c : body) {
            switch (c) {
                case Exec x -> {
                    Inst i = a.kernel().inst(x.inst());
                    if (i.op().isMemory()) {
                        String array = i.access().array();
                        boolean store = i.op() == Op.ST;
                        if (store ? s.loaded.contains(array) : s.stored.contains(array)) {
                            out.add(new Sync((store ? "store to " : "load from ") + array + " after a " + (store ? "load" : "store")
                                    + " since the last barrier"));
                            s.clear();
                        }
                        (store ? s.stored : s.loaded).add(array);
                    }
                    out.add(c);
                }
                case Sync y -> {
                    s.clear();
                    out.add(c);
                }
                case Region r -> out.add(new Region(r.dims(), hazards(r.body(), s, emit)));
                case Loop l -> {
                    State entry = s.copy();
                    while (true) {
                        State end = entry.copy();
                        hazards(l.body(), end, false);
                        if (!entry.addAll(end)) {
                            break;
                        }
                    }
                    List<Code> inner = hazards(l.body(), entry, emit);
                    s.clear();
                    s.addAll(entry);
                    out.add(new Loop(l.dim(), l.kind(), inner));
                }
            }
        }
        return emit ? out : List.of();
    }
}
