package tessera.palmed.infer;

import java.time.Duration;

/**
 * Constants of seed 000 §V-§VI with the paper's defaults: M = 4 (a^M b kernels, §V-B), L = 4 (K_sat, §V-C, Thm. B.1),
 * tolerance 0.05 for every "=" on measurements (digest §8.2 one-policy rule), minimum IPC 0.05 (§VI-A), coefficient
 * quantum 0.05 (§VI-A rounding). The rest is not fixed by the paper (digest §8.1.5) and documented in docs/palmed.md.
 *
 * @param basicSetSize      n of Algo 1 (paper: not given; toy example 5)
 * @param maxResources      R_max of LP1 (0 = 2·|𝓘_B| + 2)
 * @param maxSplits         resources LP2 may add when LP1 merged too much (digest §3.4 fix; 0 = up to R_max)
 * @param feedbackRounds    rounds of "badly mapped instruction → basic set" (digest §3.7 fix)
 * @param feedbackPerRound  instructions added to the basic set per round
 * @param solverTimeLimit   wall-clock limit of each LP1/LP2 solve
 * @param milpMillis        budget of the exact LP2 MILP when the bottleneck search leaves a residual
 * @param campaignTimeLimit wall-clock limit of the whole inference
 */
public record InferenceOptions(int m, int l, double tolerance, double minIpc, double quantum, int basicSetSize,
        int maxResources, int maxSplits, int feedbackRounds, int feedbackPerRound, Duration solverTimeLimit,
        long milpMillis, Duration campaignTimeLimit) {
    /**
     * Issue 21 item 3: {@code infer} fails (exit 1, unless {@code --allow-unexplained}) when more than this share of
     * the instructions fitted by LP_AUX fail the self-check by more than the tolerance, or a core kernel is left more
     * than the tolerance unexplained.
     */
    public static final double MAX_SELF_CHECK_FAILURES = 0.05;

    public static InferenceOptions defaults() {
        return new InferenceOptions(4, 4, 0.05, 0.05, 0.05, 8, 0, 0, 3, 4, Duration.ofSeconds(60), Long.getLong("palmed.milpMillis", 0), Duration.ofHours(2));
    }

    public InferenceOptions withBasicSetSize(int n) {
        return new InferenceOptions(m, l, tolerance, minIpc, quantum, n, maxResources, maxSplits, feedbackRounds,
                feedbackPerRound, solverTimeLimit, milpMillis, campaignTimeLimit);
    }

    public InferenceOptions withMaxSplits(int splits) {
        return new InferenceOptions(m, l, tolerance, minIpc, quantum, basicSetSize, maxResources, splits,
                feedbackRounds, feedbackPerRound, solverTimeLimit, milpMillis, campaignTimeLimit);
    }

    public InferenceOptions withTolerance(double tol) {
        return new InferenceOptions(m, l, tol, minIpc, quantum, basicSetSize, maxResources, maxSplits, feedbackRounds,
                feedbackPerRound, solverTimeLimit, milpMillis, campaignTimeLimit);
    }

    public InferenceOptions withFeedback(int rounds, int perRound) {
        return new InferenceOptions(m, l, tolerance, minIpc, quantum, basicSetSize, maxResources, maxSplits, rounds,
                perRound, solverTimeLimit, milpMillis, campaignTimeLimit);
    }

    public InferenceOptions withMilpMillis(long ms) {
        return new InferenceOptions(m, l, tolerance, minIpc, quantum, basicSetSize, maxResources, maxSplits,
                feedbackRounds, feedbackPerRound, solverTimeLimit, ms, campaignTimeLimit);
    }

    public InferenceOptions withTimeLimits(Duration solver, Duration campaign) {
        return new InferenceOptions(m, l, tolerance, minIpc, quantum, basicSetSize, maxResources, maxSplits,
                feedbackRounds, feedbackPerRound, solver, milpMillis, campaign);
    }
}
