package tessera.regdem.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import tessera.testing.Fixtures;

/**
 * The corpus of real nvcc output in {@code data/nvcc} (see its README.md and regenerate.sh): for every architecture
 * directory {@code sm_XX} and every source {@code src/NAME.cu}, {@code NAME.sass} ({@code cuobjdump -sass}),
 * {@code NAME.cubin} and {@code NAME.ptxas} (ptxas's {@code -v} resource report).
 */
public final class NvccCorpus {
    public static final List<String> ARCHS = List.of("sm_75", "sm_80", "sm_86", "sm_89", "sm_90");

    private NvccCorpus() {
    }

    /** One compiled source file of one architecture. */
    public record Entry(String arch, String name, Path dir) {
        public Path sass() {
            return dir.resolve(name + ".sass");
        }

        public Path cubin() {
            return dir.resolve(name + ".cubin");
        }

        public Path ptxas() {
            return dir.resolve(name + ".ptxas");
        }

        public String text() {
            try {
                return Files.readString(sass());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return arch + "/" + name;
        }
    }

    public static Path root() {
        return Fixtures.root().resolve("tests/tessera.regdem.tests/data/nvcc");
    }

    /** Every (architecture, source) pair, architectures in order, sources sorted by name. */
    public static List<Entry> entries() {
        try (Stream<Path> s = Files.list(root().resolve("src"))) {
            List<String> names = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cu"))
                    .map(n -> n.substring(0, n.length() - 3)).sorted().toList();
            return ARCHS.stream().flatMap(a -> names.stream().map(n -> new Entry(a, n, root().resolve(a)))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
