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

    /** An evaluation made ready: {@link #run} gives its result on the search's thread; {@link #discard} when not run. */
    interface Pending {
        Result run();

        /** Frees what {@link Evaluator#prepare} took (a loaded module) when the evaluation is not run. */
        default void discard() {
        }
    }

    /**
     * Issue 24 item 2: the part of an evaluation that needs no exclusive use of the device (code generation, the JIT),
     * done on a worker thread, at the same time as other calls (so thread-safe); the rest waits for {@link Pending#run}
     * on the search's thread. By default nothing is done ahead.
     */
    default Pending prepare(Candidate fixed, List<String> decisions) {
        return () -> evaluate(fixed, decisions);
    }

    /** No more evaluations can be given (a replayed log's end): the search stops as at its budget. */
    default boolean exhausted() {
        return false;
    }

    /** A short name for logs and progress lines. */
    String name();
}
