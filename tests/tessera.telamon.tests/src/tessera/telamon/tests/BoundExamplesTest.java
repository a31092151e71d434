package tessera.telamon.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tessera.telamon.kernel.Inst;
import tessera.telamon.kernel.Op;
import tessera.telamon.kernel.Type;
import tessera.telamon.model.Domains;
import tessera.telamon.model.Explanation;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;

/** Seed 001 §5 worked examples: the digest's derived cases T1–T3 (§5.7) through the whole bound. */
class BoundExamplesTest {
    /** T1's machine: one issue per cycle for a thread, every other rate unlimited, no loop overheads, latency 10. */
    static Hardware t1Machine(double threadIssue) {
        return machine(threadIssue, 0);
    }

    static Hardware machine(double threadIssue, double loopIterationLatency) {
        Hardware.Rates thread = new Hardware.Rates(threadIssue, 1e9, 1e9, 1e9, 1e9, 1e9);
        Hardware.Rates wide = new Hardware.Rates(1e9, 1e9, 1e9, 1e9, 1e9, 1e9);
        Map<String, Hardware.Cost> insts = new HashMap<>();
        for (Op op : Op.values()) {
            for (Type t : Type.values()) {
                insts.put(op.name().toLowerCase() + "." + t.keyword(), new Hardware.Cost(10, 1, 0));
            }
        }
        return new Hardware("tessera-gpu/1", "T1", "test", "digest §5.7", 1.0, 32, 1,
                new Hardware.Limits(1024, 2048, 16, 49152, 49152, 65536, 255),
                new Hardware.Memory(128, 32, 32, 4, 16384, 1 << 20, 0, 0, 0, 0, 0),
                Map.of("thread", thread, "sm", wide, "gpu", wide), insts, new Hardware.Loop(loopIterationLatency, 0, 0, 0),
                new Hardware.Cost(0, 0, 0));
    }

    static Domains t1(long size) {
        return Domains.builder().dim("d", Domains.LOOP, size)
                .inst(new Inst("a", Op.ADD, Type.F32, List.of(), List.of("d"), null))
                .order("a", "d", Domains.IN).selfDep("a", "d").build();
    }

    @Test
    void t1SingleReductionLoopIs70() {
        LowerBound.Bound b = LowerBound.of(t1(8), t1Machine(1), LowerBound.Ordering.EMITTED);
        assertEquals(70, b.cycles(), 1e-9, b.why().render());
        String tree = b.why().render();
        assertTrue(tree.contains("loop-carried") && tree.contains("a waits for its previous value 7 times along {d}"),
                tree);
    }

    @Test
    void t1IssueBoundWinsWhenIssueIsSlow() {
        // one issue every 10 cycles: latency(0, ∅) = 8 issues × 10 = 80 > 70
        LowerBound.Bound b = LowerBound.of(t1(8), t1Machine(0.1), LowerBound.Ordering.EMITTED);
        assertEquals(80, b.cycles(), 1e-9, b.why().render());
        assertTrue(b.why().render().contains("resource issue limits level 0"), b.why().render());
    }

    @Test
    void t3LoopIterationEdgeWeights() {
        // T3 through the model: a loop of size 4 whose iteration takes at least 9 cycles (its loop overhead; its 7
        // instructions issue in 7): from E_∅ the edge to the last iteration's entry weighs w1 + w2·(4 − 2) = 9 + 18.
        Domains.Builder b = Domains.builder().dim("d", Domains.LOOP, 4);
        for (int i = 0; i < 7; i++) {
            b.inst(new Inst("i" + i, Op.ADD, Type.F32, List.of(), List.of("d"), null)).order("i" + i, "d", Domains.IN);
            for (int j = 0; j < i; j++) {
                b.order("i" + j, "i" + i, Domains.BEFORE);
            }
        }
        LowerBound.Bound bound = LowerBound.of(b.build(), machine(1, 9), LowerBound.Ordering.EMITTED);
        // E_∅ →(9 + 9·2) E_d →(9) X_d → X_∅ = 36, more than the 28 issues of the whole loop
        assertEquals(36, bound.cycles(), 1e-9, bound.why().render());
        String tree = bound.why().render();
        assertTrue(tree.contains("27.0 cycles  loop level: 3 iterations of {d} from E∅"), tree);
        // size 1: no iteration edge, the bound is one iteration's issues
        Domains.Builder one = Domains.builder().dim("d", Domains.LOOP, 1);
        one.inst(new Inst("i0", Op.ADD, Type.F32, List.of(), List.of("d"), null)).order("i0", "d", Domains.IN);
        LowerBound.Bound b1 = LowerBound.of(one.build(), machine(1, 9), LowerBound.Ordering.EMITTED);
        assertEquals(9, b1.cycles(), 1e-9, b1.why().render());
        assertTrue(!b1.why().render().contains("iterations of"), b1.why().render());
    }

    @Test
    void t2ParallelLevelFactor() {
        // T2: B_0 = 100 (a chain of 10 dependent instructions of latency 10), a dimension of size 32 that is
        // certainly THREAD and one of possible sizes {4} that may be LOOP or THREAD: η_1^min = 32, η_1^lcm = 128,
        // μ_1^max = 1024: first term 100 · 32/128 · ⌈128/1024⌉ = 25.
        Domains.Builder b = Domains.builder().dim("t", Domains.THREAD, 32).dim("u", Domains.LOOP | Domains.THREAD, 4);
        for (int i = 0; i < 11; i++) {
            b.inst(new Inst("i" + i, Op.ADD, Type.F32, List.of(), List.of(), null));
            for (int j = 0; j < i; j++) {
                b.order("i" + j, "i" + i, Domains.BEFORE);
            }
            b.order("i" + i, "t", Domains.BEFORE).order("i" + i, "u", Domains.BEFORE);
            if (i > 0) {
                b.dep("i" + (i - 1), "i" + i);
            }
        }
        b.order("t", "u", Domains.BEFORE);
        LowerBound.Bound bound = LowerBound.of(b.build(), t1Machine(1), LowerBound.Ordering.EMITTED);
        Explanation level1 = bound.why().parts().get(0);
        assertTrue(level1.what().startsWith("level 1 (sm): η_min 32, η_lcm 128, μ_max 1024"), bound.why().render());
        assertEquals(25, level1.value(), 1e-9, bound.why().render());
    }
}
