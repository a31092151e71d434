package tessera.telamon.search;

import java.util.List;

import tessera.dspace.runtime.csp.Candidate;

/**
 * Seed 001 §6.1 (digest 001b §3.6): what the search asks of an evaluation — the execution time of a fixed candidate
 * in nanoseconds, or why there is none. The search gives the candidate and its decisions from the root
 * ({@code choice(objects)=VALUE}, {@link RandomDescent#describe}); an evaluator may use either.
 */
public interface Evaluator {
    /** A time in nanoseconds, or a failure (then {@code nanoseconds} is NaN). */
    record Result(double nanoseconds, String failure) {
        public static Result time(double nanoseconds) {
            return new Result(nanoseconds, null);
        }

        public static Result failed(String why) {
            return new Result(Double.NaN, why);
        }

        public boolean ok() {
            return failure == null;
        }
    }

    Result evaluate(Candidate fixed, List<String> decisions);

    /** No more evaluations can be given (a replayed log's end): the search stops as at its budget. */
    default boolean exhausted() {
        return false;
    }

    /** A short name for logs and progress lines. */
    String name();
}
