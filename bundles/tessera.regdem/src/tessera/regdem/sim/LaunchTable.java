package tessera.regdem.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The launch table of the nvcc corpus ({@code data/nvcc/launch.txt}): one line per kernel,
 * {@code LISTING KERNEL BLOCK GRID [smem=BYTES] [dyn=BYTES] PARAM...} with {@code BLOCK}/{@code GRID} as {@code N} or
 * {@code XxY} and the parameters in declaration order as {@code KIND:VALUE} ({@link LaunchSpec#param}); {@code #}
 * starts a comment. Parameters are named {@code param_0, param_1, ...} and placed in constant bank 0 in order.
 */
public final class LaunchTable {

    /** One kernel of the table: the listing ({@code NAME} of {@code sm_XX/NAME.sass}), the mangled name, the launch. */
    public record Entry(String listing, String kernel, LaunchSpec spec, int line) {
    }

    private final List<Entry> entries;

    private LaunchTable(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    public Optional<Entry> find(String kernel) {
        return entries.stream().filter(e -> e.kernel().equals(kernel)).findFirst();
    }

    public static LaunchTable read(Path file) throws IOException {
        return parse(file.getFileName().toString(), tessera.core.SourceText.read(file, file.getFileName().toString()));
    }

    /** Parses the table; a malformed line throws {@link IllegalArgumentException} naming {@code file:line:column}. */
    public static LaunchTable parse(String file, String text) {
        List<Entry> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            int hash = l.indexOf('#');
            String body = (hash >= 0 ? l.substring(0, hash) : l).strip();
            if (body.isEmpty()) {
                continue;
            }
            String[] w = body.split("\\s+");
            int col = l.indexOf(w[0]) + 1;
            try {
                if (w.length < 4) {
                    throw new IllegalArgumentException("expected LISTING KERNEL BLOCK GRID PARAM...");
                }
                StringBuilder spec = new StringBuilder("block=" + w[2] + " grid=" + w[3]);
                int param = 0;
                for (int k = 4; k < w.length; k++) {
                    col = l.indexOf(w[k]) + 1;
                    if (w[k].startsWith("smem=") || w[k].startsWith("dyn=")) {
                        spec.append(' ').append(w[k]);
                    } else {
                        LaunchSpec.param("p", w[k]); // reports the word's own problems at its column
                        spec.append(" param_").append(param++).append('=').append(w[k]);
                    }
                }
                col = 1;
                out.add(new Entry(w[0], w[1], LaunchSpec.parse(spec.toString()), i + 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ":" + col + ": " + e.getMessage()
                        + " (hint: LISTING KERNEL BLOCK GRID [smem=B] [dyn=B] KIND:VALUE...)", e);
            }
        }
        return new LaunchTable(out);
    }
}
