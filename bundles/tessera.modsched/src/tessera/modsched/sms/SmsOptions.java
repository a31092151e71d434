package tessera.modsched.sms;

/**
 * Switches for the production changes of seed 002 §6.2 (digest §3.7). {@link #original()} is the algorithm of
 * §4 exactly (ties broken by the lowest node index); {@link #production()} enables modifications 1, 3 and 4 and
 * three changes for compilers' graphs, whose loop-carried anti dependences give most nodes placed
 * predecessors and successors (docs/modsched.md, "Production changes for compilers' graphs").
 *
 * @param zeroLatencyAware modification 1: among related nodes look at the graph structure, not only at H/D
 * @param resourceTieBreak modification 3: remaining ties go to the node that uses the more loaded resources
 * @param symmetricRetry   modification 4: if II &gt; MII, order again top-down-first and keep that run only when its
 *                         II is strictly smaller
 * @param symmetricSeed    the seed rule of the top-down-first variant when a set touches no ordered node (the paper's
 *                         code for it is missing, digest P18)
 * @param successorSide    a node with both predecessors and successors placed scans down from the successors' side
 *                         when it has at least as many placed FLOW successors as FLOW predecessors (GCC's
 *                         {@code get_sched_window}); the paper always scans up from Early_Start
 * @param orderRepair      when a node finds no slot at an II, it moves before the first of its neighbours in the order
 *                         and the same II is tried again (at most as many times as there are nodes) before II is
 *                         raised; when no order schedules the loop at all, a last II search puts a failing node's
 *                         recurrence first along its distance-0 arcs; the paper raises II at once
 * @param transitiveWindows with {@code orderRepair}: each II below the one both orders reach with the changes above
 *                         is tried again with windows from MinDist (every placed node bounds a node's window through
 *                         the longest dependence path at that II, not only its placed neighbours), each failure
 *                         repaired by three moves in turn (docs/modsched.md, change 7)
 * @param maxII            cap on II (0 = automatic, see {@link tessera.modsched.sched.ModuloScheduler#defaultMaxII});
 *                         the paper has none (P7)
 */
public record SmsOptions(boolean zeroLatencyAware, boolean resourceTieBreak, boolean symmetricRetry,
        SeedRule symmetricSeed, boolean successorSide, boolean orderRepair, boolean transitiveWindows, int maxII) {

    /** How the top-down-first variant seeds a set that is connected to no ordered node. */
    public enum SeedRule {
        /** As lines 9-11 of Fig. 7: the node with the highest ASAP, bottom-up. */
        HIGHEST_ASAP_BOTTOM_UP,
        /** The mirror image: the node with the lowest ALAP, top-down (default). */
        LOWEST_ALAP_TOP_DOWN
    }

    public static SmsOptions original() {
        return new SmsOptions(false, false, false, SeedRule.LOWEST_ALAP_TOP_DOWN, false, false, false, 0);
    }

    public static SmsOptions production() {
        return new SmsOptions(true, true, true, SeedRule.LOWEST_ALAP_TOP_DOWN, true, true, true, 0);
    }

    public SmsOptions withMaxII(int cap) {
        return new SmsOptions(zeroLatencyAware, resourceTieBreak, symmetricRetry, symmetricSeed, successorSide,
                orderRepair, transitiveWindows, cap);
    }
}
