package tessera.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.PassContext;

/**
 * A {@link PassContext} for running one pass on one file in a test and looking at what it did: the settings and the
 * other project files are what the test puts in {@link #settings()} and {@link #files()} (and, with
 * {@link #readingFrom}, the files under a folder); diagnostics, outputs, summaries and published products are recorded
 * in order. Its collections are live: tests change settings between runs and clear what was recorded.
 */
public class RecordingPassContext implements PassContext {
    private final String fileName;
    private final String contents;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final Map<String, String> files = new LinkedHashMap<>();
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Map<String, byte[]> outputs = new LinkedHashMap<>();
    private final List<String> summaries = new ArrayList<>();
    private final Map<Class<?>, Object> products = new LinkedHashMap<>();
    private final List<Object> published = new ArrayList<>();
    private Path folder;

    /** @param fileName the input's project-relative path, e.g. {@code src/bitext.pla} */
    public RecordingPassContext(String fileName, String contents) {
        this.fileName = fileName;
        this.contents = contents;
    }

    /** Lets {@link #read} find the files under {@code dir} (project-relative paths resolved against it) too. */
    public RecordingPassContext readingFrom(Path dir) {
        this.folder = dir;
        return this;
    }

    @Override
    public String fileName() {
        return fileName;
    }

    @Override
    public String contents() {
        return contents;
    }

    /** A file of {@link #files()}, else one under the folder of {@link #readingFrom}, else empty. */
    @Override
    public Optional<String> read(String projectRelativePath) {
        String text = files.get(projectRelativePath);
        if (text != null || folder == null) {
            return Optional.ofNullable(text);
        }
        try {
            return Optional.of(Files.readString(folder.resolve(projectRelativePath)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The project settings the pass sees; the test fills them. */
    @Override
    public Map<String, String> settings() {
        return settings;
    }

    /** Other project files by project-relative path, for {@link #read}; the test fills them. */
    public Map<String, String> files() {
        return files;
    }

    @Override
    public Monitor monitor() {
        return Monitor.NULL;
    }

    @Override
    public void report(Diagnostic diagnostic) {
        diagnostics.add(diagnostic);
    }

    /** The diagnostics reported so far, in order. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    @Override
    public void output(String relativePath, byte[] content) {
        outputs.put(relativePath, content);
    }

    /** The outputs written so far, by their path under {@code gen/}. */
    public Map<String, byte[]> outputs() {
        return outputs;
    }

    /** The output at {@code relativePath} as UTF-8 text, or null when none was written there. */
    public String outputText(String relativePath) {
        byte[] b = outputs.get(relativePath);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    @Override
    public void summary(String line) {
        summaries.add(line);
    }

    /** Every summary line, in order. */
    public List<String> summaries() {
        return summaries;
    }

    /** The last summary line, or "" when there was none. */
    public String summary() {
        return summaries.isEmpty() ? "" : summaries.get(summaries.size() - 1);
    }

    /** What the test hands to the pass as the products of earlier passes; empty unless the test fills it. */
    public Map<Class<?>, Object> products() {
        return products;
    }

    @Override
    public <T> Optional<T> product(Class<T> type) {
        return Optional.ofNullable(type.cast(products.get(type)));
    }

    @Override
    public void publish(Object product) {
        published.add(product);
    }

    /** What the pass published for later passes, in order (not handed back by {@link #product}). */
    public List<Object> published() {
        return published;
    }
}
