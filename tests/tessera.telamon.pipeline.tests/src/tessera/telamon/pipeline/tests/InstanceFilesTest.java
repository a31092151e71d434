package tessera.telamon.pipeline.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.testing.CliRunner;
import tessera.testing.Fixtures;

/**
 * The JSON instances next to the GPU space (examples/telamon/space/*.json, used by the decision-space tests and the
 * Candidate Explorer) are exactly what {@code tessera telamon instance} makes of their kernels today: the command
 * lines are the {@code instance OUTPUT KERNEL [OPTIONS]} lines of examples/telamon/space/regenerate-instances.sh.
 */
class InstanceFilesTest {
    @Test
    void committedInstancesAreTheCataloguesOutput() throws IOException {
        Path root = Fixtures.root();
        Path dir = root.resolve("examples/telamon/space");
        List<String> stale = new ArrayList<>();
        List<String> made = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("regenerate-instances.sh"))) {
            if (!line.startsWith("instance ")) {
                continue;
            }
            List<String> words = List.of(line.trim().split("\\s+"));
            String out = words.get(1);
            List<String> cmd = new ArrayList<>(List.of("--quiet", "telamon", "instance"));
            cmd.addAll(words.subList(2, words.size()));
            CliRunner.Run r = CliRunner.run(root, cmd);
            assertEquals(0, r.code(), () -> String.join(" ", cmd) + ": " + r.out() + r.err());
            made.add(out);
            if (!r.out().equals(Files.readString(dir.resolve(out)))) {
                stale.add(out);
            }
        }
        assertTrue(made.size() >= 2, "the script names the instances: " + made);
        try (var files = Files.list(dir)) {
            List<String> json = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
            assertEquals(json, made.stream().sorted().toList(), "every instance next to the space comes from the script");
        }
        assertTrue(stale.isEmpty(), () -> "out of date (the kernels, the space or the catalogue changed): " + stale
                + "; run examples/telamon/space/regenerate-instances.sh");
    }
}
