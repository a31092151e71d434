package tessera.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The training run of the launcher's class-data archive (issue 25): runs every example of every command's help, so
 * that the JDK's dynamic archive ({@code -XX:ArchiveClassesAtExit}) holds the classes each command loads, its
 * language's Xtext injector included. The examples run in a temporary folder holding
 * a link to {@code examples/}, so the files they write go nowhere; their output is discarded. Usage:
 * {@code java -cp CP tessera.cli.StartupTraining TESSERA_HOME}.
 */
public final class StartupTraining {
    private StartupTraining() {
    }

    public static void main(String[] argv) throws IOException {
        Path home = Path.of(argv.length > 0 ? argv[0] : System.getProperty("tessera.home", ".")).toAbsolutePath();
        Path dir = Files.createTempDirectory("tessera-training-");
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        int ran = 0;
        int failed = 0;
        try {
            Files.createSymbolicLink(dir.resolve("examples"), home.resolve("examples"));
            for (Map.Entry<String, List<List<String>>> e : HelpExamples.all().entrySet()) {
                for (List<String> example : e.getValue()) {
                    List<String> words = new java.util.ArrayList<>(List.of("--quiet"));
                    words.addAll(example);
                    ran++;
                    failed += Main.run(words, none, none, dir) == 0 ? 0 : 1;
                }
            }
        } finally {
            deleteTree(dir);
        }
        System.err.println("tessera: start-up training ran " + ran + " help examples (" + failed + " failed)");
        System.exit(0);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
