package tessera.core.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    public List<String> options(String name) {
        return List.copyOf(options.getOrDefault(name, List.of()));
    }

    public int intOption(String name, int dflt) {
        Optional<String> v = option(name);
        if (v.isEmpty()) {
            return dflt;
        }
        try {
            return Integer.parseInt(v.get().trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " expects a whole number, got '" + v.get() + "'");
        }
    }

    public double doubleOption(String name, double dflt) {
        Optional<String> v = option(name);
        if (v.isEmpty()) {
            return dflt;
        }
        try {
            return Double.parseDouble(v.get().trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " expects a number, got '" + v.get() + "'");
        }
    }

    /** Repeated {@code --name K=V} options as an ordered map (e.g. {@code --param N=16}). */
    public Map<String, String> keyValues(String name) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : options(name)) {
            for (String part : kv.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new UsageException("--" + name + " expects NAME=VALUE, got '" + part + "'");
                }
                m.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
            }
        }
        return m;
    }

    public boolean isFlag(String name) {
        return flags.contains(name);
    }
}
