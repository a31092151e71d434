package tessera.rdg.interp;

import java.util.Map;

import tessera.core.cli.UsageException;

/**
 * The documented maximum of a PLA parameter value ({@code --param N=V}, {@code tcpa.params}, {@code --tile}), checked
 * before a value sizes an iteration space, a tiling, a loop or an array (issue 22). Work grows with the values: the
 * interpreter and the simulator also stop at {@link Interpreter#MAX_INSTANCES} instances.
 */
public final class ParameterLimits {
    /** Largest absolute value of a parameter: {@value}. */
    public static final long MAX_PARAMETER = 1_000_000;

    private ParameterLimits() {
    }

    /** The message for {@code name=value} beyond {@link #MAX_PARAMETER}, or null when it is within. */
    public static String problem(String name, long value) {
        return Math.abs(value) <= MAX_PARAMETER ? null
                : "parameter " + name + " = " + value + " is beyond the maximum of ±" + MAX_PARAMETER;
    }

    /**
     * Checks values given on the command line by {@code --option NAME=V}.
     *
     * @throws UsageException naming the option and the maximum
     */
    public static Map<String, Long> check(String option, Map<String, Long> values) {
        values.forEach((name, v) -> {
            String p = problem(name, v);
            if (p != null) {
                throw new UsageException("--" + option + " " + name + "=" + v + ": " + p);
            }
        });
        return values;
    }
}
