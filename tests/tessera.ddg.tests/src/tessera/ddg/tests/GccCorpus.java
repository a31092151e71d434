package tessera.ddg.tests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.ddg.convert.DdgLoader;
import tessera.modsched.model.Loop;
import tessera.testing.Fixtures;

/**
 * The real-loop corpus of {@code data/gcc-tsvc} (docs/modsched.md, "GCC's dependence graphs"): per configuration,
 * GCC's dependence graphs of TSVC's loops as .ddg and GCC's own numbers as CSV ({@code regenerate.sh} rebuilds both).
 */
public final class GccCorpus {
    /** The four compiler configurations, in the order the docs list them. */
    public static final List<String> CONFIGS = List.of("tsvc-O2", "tsvc-O2-novec", "tsvc-O3", "tsvc-O2-unroll");

    /** GCC's numbers for a loop: its II (0 when GCC failed) and RecMII. */
    public record Gcc(int recMii, int mii, int ii, String failure) {
        public boolean scheduled() {
            return ii > 0;
        }
    }

    /** One loop of the corpus. */
    public record Entry(String config, Loop loop, Gcc gcc) {
    }

    private GccCorpus() {
    }

    public static Path dir() {
        return Fixtures.root().resolve("tests/tessera.ddg.tests/data/gcc-tsvc");
    }

    /** The loops of one configuration, with GCC's numbers; fails on a loader diagnostic or a loop without numbers. */
    public static List<Entry> load(String config) throws Exception {
        Path ddg = dir().resolve(config + ".ddg");
        DdgLoader.Result r = DdgLoader.load(Files.readString(ddg), ddg.toString());
        if (!r.ok() || !r.diagnostics().isEmpty()) {
            throw new IllegalStateException(ddg + ": " + r.diagnostics());
        }
        Map<String, Gcc> gcc = new HashMap<>();
        List<String> lines = Files.readAllLines(dir().resolve(config + ".gcc.csv"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1); // loop,function,loop_number,location,rec_mii,mii,max_ii,ii,stages,failure
            gcc.put(f[0], new Gcc(number(f[4]), number(f[5]), number(f[7]), f.length > 9 ? f[9] : ""));
        }
        List<Entry> out = new ArrayList<>();
        for (Loop l : r.loops()) {
            Gcc g = gcc.get(l.name());
            if (g == null) {
                throw new IllegalStateException(config + ": no GCC numbers for " + l.name());
            }
            out.add(new Entry(config, l, g));
        }
        return out;
    }

    private static int number(String s) {
        return s.isEmpty() ? 0 : Integer.parseInt(s);
    }
}
