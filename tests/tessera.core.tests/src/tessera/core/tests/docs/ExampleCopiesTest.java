package tessera.core.tests.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Each example file is held once: {@code examples/} is the original, and a bundle or test bundle that ships a copy
 * (e.g. {@code tessera.pla/src/tessera/pla/examples/fir.pla}, loaded from the class path) holds it byte for byte.
 * A copy is any file under {@code bundles/} or {@code tests/} named like a file in a folder of {@code examples/}
 * (names there are unique); build outputs ({@code target/}, {@code bin/}) are skipped.
 */
class ExampleCopiesTest {
    @Test
    void bundledCopiesOfExamplesAreIdentical() throws IOException {
        Path root = ArchitectureDocTest.root();
        Map<String, Path> originals = originals(root.resolve("examples"));
        List<String> differ = new ArrayList<>();
        List<String> copies = new ArrayList<>();
        for (String top : List.of("bundles", "tests")) {
            try (Stream<Path> files = Files.walk(root.resolve(top))) {
                for (Path f : files.filter(Files::isRegularFile).filter(f -> notBuildOutput(root.relativize(f))).sorted().toList()) {
                    Path original = originals.get(f.getFileName().toString());
                    if (original == null) {
                        continue;
                    }
                    copies.add(root.relativize(f).toString());
                    if (!Arrays.equals(Files.readAllBytes(original), Files.readAllBytes(f))) {
                        differ.add(root.relativize(f) + " differs from " + root.relativize(original)
                                + " (copy the original over it: cp " + root.relativize(original) + " " + root.relativize(f) + ")");
                    }
                }
            }
        }
        assertTrue(differ.isEmpty(), () -> "copies of example files must equal examples/:\n  " + String.join("\n  ", differ));
        // the bundles load these copies from the class path; the check must see them
        assertTrue(copies.size() >= 10, () -> "expected the bundles' example copies, found " + copies);
    }

    @Test
    void exampleFileNamesAreUnique() throws IOException {
        originals(ArchitectureDocTest.root().resolve("examples"));
    }

    /** The files in the folders of {@code examples/} (not its top-level project files), by name. */
    private static Map<String, Path> originals(Path examples) throws IOException {
        Map<String, List<Path>> byName;
        try (Stream<Path> files = Files.walk(examples)) {
            byName = files.filter(Files::isRegularFile)
                    .filter(p -> !p.getParent().equals(examples))
                    .filter(p -> notBuildOutput(examples.relativize(p)))
                    .collect(Collectors.groupingBy(p -> p.getFileName().toString(), TreeMap::new, Collectors.toList()));
        }
        Map<String, List<Path>> clashes = new TreeMap<>(byName);
        clashes.values().removeIf(l -> l.size() == 1);
        assertEquals(Map.of(), clashes, "example file names must be unique, so that a copy names its original");
        Map<String, Path> out = new TreeMap<>();
        byName.forEach((name, paths) -> out.put(name, paths.get(0)));
        return out;
    }

    /** Whether a relative path lies outside build outputs and generated folders. */
    private static boolean notBuildOutput(Path relative) {
        for (Path part : relative) {
            String s = part.toString();
            if (s.equals("target") || s.equals("bin") || s.equals("gen") || s.equals("out")) {
                return false;
            }
        }
        return true;
    }
}
