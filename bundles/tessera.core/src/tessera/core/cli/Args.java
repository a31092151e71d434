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
    /** Where each positional word stands among the words parsed. */
    private final List<Integer> positionalAt = new ArrayList<>();
    private List<String> words = List.of();
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
        a.words = List.copyOf(words);
        boolean onlyPositional = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (onlyPositional || !w.startsWith("--") || w.equals("-")) {
                a.positional.add(w);
                a.positionalAt.add(i);
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
     * The one parser of {@code NAME=VALUE} lists: every {@code --name} option split into comma-separated parts (a comma
     * inside parentheses does not split, so {@code --decide choice(a,b)=X} is one part), in order, names and values
     * trimmed. A part {@code NAME=VALUE} (its first {@code =} outside parentheses) starts an assignment; with
     * {@code listValues} a part without {@code =} continues the previous value ({@code --input a=1,2,3,b=4} gives
     * {@code a=1,2,3} and {@code b=4}), without it such a part is malformed. So {@code --param N=8,M=4} and
     * {@code --param N=8 --param M=4} give the same list.
     *
     * @param form how a usage error spells the expected form, e.g. {@code NAME=FILE}: a part without a name or a value
     *             is the usage error {@code --name expects FORM, got 'PART'}
     */
    public List<Map.Entry<String, String>> assignmentList(String name, String form, boolean listValues) {
        List<String[]> m = new ArrayList<>();
        for (String spec : options(name)) {
            String[] last = null;
            for (String part : splitTopLevel(spec)) {
                int eq = topLevelEquals(part);
                if (eq < 0 && listValues && last != null && !part.isBlank()) {
                    last[1] = last[1] + "," + part.trim();
                    continue;
                }
                if (eq <= 0 || part.substring(0, eq).isBlank() || part.substring(eq + 1).isBlank()) {
                    String bad = part.isBlank() ? spec : part; // an empty part: the whole option shows where
                    throw new UsageException("--" + name + " expects " + form + ", got '" + bad + "'");
                }
                last = new String[] {part.substring(0, eq).trim(), part.substring(eq + 1).trim()};
                m.add(last);
            }
        }
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (String[] kv : m) {
            out.add(Map.entry(kv[0], kv[1]));
        }
        return out;
    }

    /** The parts of {@code spec} between commas that are not inside parentheses (an empty spec is one empty part). */
    static List<String> splitTopLevel(String spec) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i : topLevel(spec, ',')) {
            parts.add(spec.substring(from, i));
            from = i + 1;
        }
        parts.add(spec.substring(from));
        return parts;
    }

    /** The index of the first {@code =} outside parentheses, or -1. */
    private static int topLevelEquals(String part) {
        List<Integer> at = topLevel(part, '=');
        return at.isEmpty() ? -1 : at.get(0);
    }

    /** Where {@code c} stands in {@code s} outside parentheses. */
    private static List<Integer> topLevel(String s, char c) {
        List<Integer> at = new ArrayList<>();
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char x = s.charAt(i);
            if (x == '(') {
                depth++;
            } else if (x == ')') {
                depth = Math.max(0, depth - 1);
            } else if (x == c && depth == 0) {
                at.add(i);
            }
        }
        return at;
    }

    /**
     * {@link #assignmentList} with list values as an ordered map, the last value of a name winning: {@code --input
     * a=1,2,3,b=4} and {@code --input a=1,2,3 --input b=4} both give {@code a=1,2,3} and {@code b=4}.
     */
    public Map<String, String> assignments(String name, String form) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : assignmentList(name, form, true)) {
            m.put(e.getKey(), e.getValue());
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
     * {@code --name NAME=INTEGER} lists ({@link #assignmentList} without list values: {@code --param N=16,M=4} or
     * {@code --param N=16 --param M=4}) as an ordered map, the last value of a name winning (e.g. the parameters of a
     * PLA). A malformed part is a usage error as for {@link #assignmentList}; a value that is not an integer is
     * {@code --name N=x: the value is not an integer}.
     */
    public Map<String, Long> integers(String name, String form) {
        Map<String, String> text = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : assignmentList(name, form, false)) {
            text.put(e.getKey(), e.getValue());
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

    /**
     * The words parsed with the positional words from the {@code from}-th on replaced by {@code word} (a batch run's
     * command line for one of its files, issue 25); options keep their places.
     */
    public List<String> withPositional(int from, String word) {
        List<String> w = new ArrayList<>();
        boolean placed = false;
        for (int i = 0; i < words.size(); i++) {
            int k = positionalAt.indexOf(i);
            if (k >= from) {
                if (!placed) {
                    w.add(word);
                    placed = true;
                }
                continue;
            }
            w.add(words.get(i));
        }
        if (!placed) {
            w.add(word);
        }
        return w;
    }

    public boolean isFlag(String name) {
        return flags.contains(name);
    }
}
