package tessera.cli;

import java.util.ArrayList;
import java.util.List;

import tessera.core.cli.CliCommand;

/**
 * The examples of a command's help (issue 25): the lines {@code  tessera …} after an {@code examples:} line of its
 * {@code usage()}, split into words as a POSIX shell splits them (single and double quotes, backslashes). One list
 * serves the test that runs every example as printed and the launcher's start-up training.
 */
public final class HelpExamples {
    private HelpExamples() {
    }

    /** Every example of {@code command}, each as the words after {@code tessera}. */
    public static List<List<String>> of(CliCommand command) {
        List<List<String>> examples = new ArrayList<>();
        boolean inExamples = false;
        for (String line : command.usage().split("\n")) {
            String t = line.strip();
            if (t.equals("examples:")) {
                inExamples = true;
            } else if (inExamples && t.startsWith("tessera ")) {
                List<String> words = words(t);
                examples.add(words.subList(1, words.size()));
            } else if (inExamples && !t.isEmpty()) {
                inExamples = false;
            }
        }
        return examples;
    }

    /** The examples of every installed command, by command name. */
    public static java.util.Map<String, List<List<String>>> all() {
        java.util.Map<String, List<List<String>>> m = new java.util.TreeMap<>();
        Main.commands().forEach((name, c) -> m.put(name, of(c)));
        return m;
    }

    /** {@code line} split into words as a POSIX shell does, without expansions. */
    public static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    w.append(line.charAt(++i));
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(w.toString());
                    w.setLength(0);
                    inWord = false;
                }
            } else {
                w.append(c);
                inWord = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unterminated quote in example: " + line);
        }
        if (inWord) {
            words.add(w.toString());
        }
        return words;
    }
}
