package tessera.core.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The command line of one subcommand: positional words and {@code --options}. Options take a value
 * ({@code --x v} or {@code --x=v}) unless they are declared as flags; options may repeat ({@code --param N=4 --param M=2}).
 * Unknown options are usage errors, so typos never pass silently.
 */
public final class Args {
    private final List<String> positional = new ArrayList<>();
    private final Map<String, List<String>> options = new LinkedHashMap<>();
    private final Set<String> flags;

    private Args(Set<String> flags) {
        this.flags = flags;
    }

    /**
     * @param words   the words after the subcommand name
     * @param flags   option names (without --) that take no value
     * @param valued  option names that take a value
     */
    public static Args parse(List<String> words, Set<String> flags, Set<String> valued) {
        Args a = new Args(flags);
        boolean onlyPositional = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (onlyPositional || !w.startsWith("--") || w.equals("-")) {
                a.positional.add(w);
                continue;
            }
            if (w.equals("--")) {
                onlyPositional = true;
                continue;
            }
            String name = w.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (flags.contains(name)) {
                if (value != null) {
                    throw new UsageException("option --" + name + " takes no value");
                }
                a.options.computeIfAbsent(name, k -> new ArrayList<>()).add("true");
            } else if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= words.size()) {
                        throw new UsageException("option --" + name + " needs a value");
                    }
                    value = words.get(++i);
                }
                a.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else {
                throw new UsageException("unknown option --" + name);
            }
        }
        return a;
    }

    public List<String> positional() {
        return List.copyOf(positional);
    }

    /** The i-th positional word, or a usage error naming what was expected. */
    public String positional(int i, String what) {
        if (i >= positional.size()) {
            throw new UsageException("missing " + what);
        }
        return positional.get(i);
    }

    /** The command's one positional argument ({@code what} names it in the usage error); a second one is an error. */
    public String single(String what) {
        String s = positional(0, what);
        expectPositional(1);
        return s;
    }

    public void expectPositional(int max) {
        if (positional.size() > max) {
            throw new UsageException("unexpected argument '" + positional.get(max) + "'");
        }
    }

    public boolean flag(String name) {
        return options.containsKey(name);
    }

    public Optional<String> option(String name) {
        List<String> v = options.get(name);
        return v == null ? Optional.empty() : Optional.of(v.get(v.size() - 1));
    }

    /** The value of a valued option the command cannot do without; {@code missing} is the usage error when it is absent. */
    public String required(String name, String missing) {
        return option(name).orElseThrow(() -> new UsageException(missing));
    }

    public List<String> options(String name) {
        return List.copyOf(options.getOrDefault(name, List.of()));
    }

    public int intOption(String name, int dflt) {
        return numberOption(name, dflt, Integer::parseInt, "a whole number");
    }

    /** A finite number (NaN and infinities are usage errors). */
    public double doubleOption(String name, double dflt) {
        double v = numberOption(name, dflt, Double::parseDouble, "a number");
        if (!Double.isFinite(v)) {
            throw new UsageException("--" + name + " expects a finite number, got '" + option(name).orElse("") + "'");
        }
        return v;
    }

    /** {@link #intOption(String, int)} within {@code [min, max]}, else the usage error naming the range. */
    public int intOption(String name, int dflt, int min, int max) {
        return (int) longOption(name, dflt, min, max);
    }

    /** A whole number within {@code [min, max]}, else the usage error {@code --name must be between MIN and MAX}. */
    public long longOption(String name, long dflt, long min, long max) {
        long v = numberOption(name, dflt, Long::parseLong, "a whole number");
        if (v < min || v > max) {
            throw new UsageException("--" + name + " must be between " + min + " and " + max + ", got " + v);
        }
        return v;
    }

    /** A finite number within {@code [min, max]}, else the usage error naming the range. */
    public double doubleOption(String name, double dflt, double min, double max) {
        double v = doubleOption(name, dflt);
        if (v < min || v > max) {
            throw new UsageException("--" + name + " must be between " + fmt(min) + " and " + fmt(max) + ", got " + option(name).orElse(""));
        }
        return v;
    }

    /** The largest {@code --time-limit} any command takes: {@value} s (about 11.6 days). */
    public static final double MAX_TIME_LIMIT_S = 1_000_000;

    /**
     * {@code --time-limit S} in seconds: a finite number in (0, {@link #MAX_TIME_LIMIT_S}]; every command's default is
     * finite and printed in its {@code --help}.
     */
    public java.time.Duration timeLimit(double dfltSeconds) {
        double s = doubleOption("time-limit", dfltSeconds);
        if (!(s > 0) || s > MAX_TIME_LIMIT_S) {
            throw new UsageException("--time-limit must be more than 0 and at most " + fmt(MAX_TIME_LIMIT_S) + " seconds, got "
                    + option("time-limit").orElse(""));
        }
        return java.time.Duration.ofNanos(Math.max(1, Math.round(s * 1e9)));
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    /** The last value of {@code --name} parsed (trimmed), or {@code dflt}; unparsable is {@code --name expects WHAT}. */
    private <T> T numberOption(String name, T dflt, Function<String, T> parse, String what) {
        Optional<String> v = option(name);
        if (v.isEmpty()) {
            return dflt;
        }
        try {
            return parse.apply(v.get().trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " expects " + what + ", got '" + v.get() + "'");
        }
    }

    /**
     * Repeated {@code --name NAME=VALUE} options as an ordered map, names and values trimmed, the last value of a name
     * winning. The value is kept whole: it may hold commas ({@code --input a=1,2,3}).
     *
     * @param form how a usage error spells the expected form, e.g. {@code NAME=FILE}: an option without a name or a
     *             value is the usage error {@code --name expects FORM, got 'SPEC'}
     */
    public Map<String, String> assignments(String name, String form) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String spec : options(name)) {
            put(m, name, form, spec);
        }
        return m;
    }

    /**
     * Like {@link #assignments(String, String)}, handing each name and value to {@code action}; a value that it rejects
     * with an {@link IllegalArgumentException} (a {@link NumberFormatException}, say) is the usage error
     * {@code --name NAME=VALUE: INVALID}.
     */
    public void assignments(String name, String form, String invalid, BiConsumer<String, String> action) {
        assignments(name, form).forEach((k, v) -> accept(name, k, v, invalid, action));
    }

    /**
     * Repeated {@code --name NAME=INTEGER} options, several to an option allowed ({@code --param N=16 --param M=4,K=2}),
     * as an ordered map (e.g. the parameters of a PLA). A malformed option is a usage error as for
     * {@link #assignments(String, String)}; a value that is not an integer is {@code --name N=x: the value is not an
     * integer}.
     */
    public Map<String, Long> integers(String name, String form) {
        Map<String, String> text = new LinkedHashMap<>();
        for (String spec : options(name)) {
            for (String part : spec.split(",")) {
                put(text, name, form, part);
            }
        }
        Map<String, Long> m = new LinkedHashMap<>();
        text.forEach((k, v) -> accept(name, k, v, "the value is not an integer", (n, x) -> m.put(n, Long.parseLong(x))));
        return m;
    }

    /**
     * Hands one {@code NAME=VALUE} to {@code action}; an {@link IllegalArgumentException} from it is the usage error
     * {@code --name NAME=VALUE: INVALID}.
     */
    private static void accept(String name, String k, String v, String invalid, BiConsumer<String, String> action) {
        try {
            action.accept(k, v);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--" + name + " " + k + "=" + v + ": " + invalid);
        }
    }

    private static void put(Map<String, String> m, String name, String form, String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || spec.substring(0, eq).isBlank() || spec.substring(eq + 1).isBlank()) {
            throw new UsageException("--" + name + " expects " + form + ", got '" + spec + "'");
        }
        m.put(spec.substring(0, eq).trim(), spec.substring(eq + 1).trim());
    }

    public boolean isFlag(String name) {
        return flags.contains(name);
    }
}
