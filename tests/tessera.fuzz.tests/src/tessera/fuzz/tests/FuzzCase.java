package tessera.fuzz.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One fuzz case: a (mutated) file, the name it is given in the case's folder, and the {@code tessera} command line
 * that reads it. A builder case ({@code projectPath} set) puts the file at that path in a project folder beside copies
 * of {@code projectCopies} (paths under {@code examples/}) and runs {@code tessera --json build {DIR}}.
 * <p>
 * Saved as the file plus a sibling {@code FILE.cmd}: one word of the command line per line ({@code {FILE}},
 * {@code {EX}}, {@code {FIX}}, {@code {DIR}} as in {@link Languages}); lines starting with {@code #} are directives
 * ({@code #name N}: the file's name in the case folder, {@code #project P}, {@code #copy C}) or comments.
 */
record FuzzCase(String lang, String fileName, byte[] bytes, List<String> words, String projectPath,
        List<String> projectCopies, String origin) {

    boolean json() {
        return words.contains("--json");
    }

    boolean builder() {
        return projectPath != null;
    }

    /** The command line as one string, for messages. */
    String commandLine() {
        return "tessera " + String.join(" ", words.stream().map(w -> w.contains(" ") ? "'" + w + "'" : w).toList());
    }

    /** The .cmd text (see the class comment). */
    String cmdText() {
        StringBuilder b = new StringBuilder("# " + origin + "\n#name " + fileName + "\n");
        if (projectPath != null) {
            b.append("#project ").append(projectPath).append('\n');
            projectCopies.forEach(c -> b.append("#copy ").append(c).append('\n'));
        }
        words.forEach(w -> b.append(w).append('\n'));
        return b.toString();
    }

    /** Reads a case saved as {@code file} and {@code file.cmd}. */
    static FuzzCase load(String lang, Path file) throws IOException {
        Path cmd = file.resolveSibling(file.getFileName() + ".cmd");
        List<String> words = new ArrayList<>();
        List<String> copies = new ArrayList<>();
        String name = file.getFileName().toString();
        String project = null;
        String origin = "regression " + file.getFileName();
        for (String l : Files.readAllLines(cmd, StandardCharsets.UTF_8)) {
            if (l.startsWith("#name ")) {
                name = l.substring(6).trim();
            } else if (l.startsWith("#project ")) {
                project = l.substring(9).trim();
            } else if (l.startsWith("#copy ")) {
                copies.add(l.substring(6).trim());
            } else if (!l.startsWith("#") && !l.isEmpty()) {
                words.add(l);
            }
        }
        return new FuzzCase(lang, name, Files.readAllBytes(file), words, project, copies, origin);
    }
}
