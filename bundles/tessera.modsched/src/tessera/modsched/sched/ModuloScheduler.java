package tessera.modsched.sched;

import tessera.core.Monitor;
import tessera.modsched.model.Loop;
import tessera.modsched.model.ModelLimits;

/** A modulo scheduler: loop in, schedule out (or a failure with reasons); no hidden state between calls. */
public interface ModuloScheduler {
    /** Short name: sms, topdown, ims, exact. */
    String name();

    ScheduleResult schedule(Loop loop, Monitor monitor);

    /**
     * The default cap on II (digest P7, the paper has none): the length of a sequential schedule in which every op
     * waits for the previous one to finish and to free its resources, max(MII, Σ_u max(1, latency⁺ of u's edges,
     * reservation span of u)). At that II no two iterations overlap and a schedule exists, but a list scheduler may
     * still miss it (empty or full windows of nodes with both neighbours placed, e.g. zero-latency store chains), and
     * then reports it.
     */
    static int defaultMaxII(Loop loop, int mii) {
        long sum = 0;
        for (var op : loop.operations()) {
            int m = 1;
            for (int e : loop.graph().outEdges(op.index())) {
                m = Math.max(m, loop.latency(e));
            }
            for (var use : op.reservation().uses()) {
                m = Math.max(m, use.offset(use.offsetCount() - 1) + 1);
            }
            sum += m;
        }
        return (int) Math.min(Integer.MAX_VALUE / 4, Math.max(mii, sum));
    }

    /**
     * The cap on II: {@code cap} (at least MII) when positive, else {@link #defaultMaxII}; never above
     * {@link ModelLimits#maxSafeII} (issue 22: no II whose table or cycle sums exceed the documented maxima).
     */
    static int maxII(Loop loop, int mii, int cap) {
        int max = cap > 0 ? Math.max(mii, cap) : defaultMaxII(loop, mii);
        return Math.min(max, ModelLimits.maxSafeII(loop));
    }

    /**
     * The result of a scheduler that cannot try MII because the loop's numbers are too large together
     * ({@link ModelLimits#tooLarge}), or null when it can; checked before anything is computed at MII.
     */
    static ScheduleResult tooLarge(String algorithm, Loop loop, tessera.modsched.analysis.Mii mii) {
        String why = ModelLimits.tooLarge(loop, mii.value());
        return why == null ? null : new ScheduleResult(algorithm, mii, null, new int[0], 0, java.util.List.of(why));
    }
}
