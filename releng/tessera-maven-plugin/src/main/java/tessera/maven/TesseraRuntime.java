package tessera.maven;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** The headless Tessera CLI of the dist zip, loaded once per zip in an isolated class loader and run in-process. */
final class TesseraRuntime {
    /** {@code name_version.jar}, as the {@code ./tessera} launcher splits it. */
    private static final Pattern BUNDLE_JAR = Pattern.compile("(.+)_([0-9][^_]*)\\.jar");

    /** One loader per unpacked dist: Xtext's set-up is paid once per Maven JVM, not once per module. */
    private static final Map<Path, TesseraRuntime> LOADED = new HashMap<>();

    /** Tessera's global registries (EMF, Xtext) are not meant for concurrent set-up: one run at a time. */
    private static final Object RUN_LOCK = new Object();

    private final URLClassLoader loader;

    private TesseraRuntime(URLClassLoader loader) {
        this.loader = loader;
    }

    /** The exit code, stdout (the JSON document) and stderr of one {@code Main.run}. */
    record Result(int exitCode, String out, String err) {
    }

    /** The runtime of {@code distZip}, unpacked under {@code cacheRoot} on first use (keyed by name and timestamp). */
    static TesseraRuntime of(Path distZip, Path cacheRoot) throws IOException {
        String key = distZip.getFileName().toString().replaceFirst("\\.zip$", "") + "-"
                + Files.getLastModifiedTime(distZip).toMillis();
        Path dir = cacheRoot.resolve(key);
        synchronized (LOADED) {
            TesseraRuntime rt = LOADED.get(dir);
            if (rt == null) {
                if (!Files.isDirectory(dir.resolve("plugins"))) {
                    unpack(distZip, dir);
                }
                rt = new TesseraRuntime(new URLClassLoader("tessera-cli", urls(classPath(dir.resolve("plugins"))),
                        ClassLoader.getPlatformClassLoader()));
                LOADED.put(dir, rt);
            }
            return rt;
        }
    }

    /** Unpacks the zip's plugins/*.jar into a temporary sibling folder, then moves it to {@code dir} in one step. */
    private static void unpack(Path zip, Path dir) throws IOException {
        Files.createDirectories(dir.getParent());
        Path tmp = Files.createTempDirectory(dir.getParent(), ".unpack-");
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            Path plugins = Files.createDirectories(tmp.resolve("plugins"));
            for (ZipEntry e; (e = in.getNextEntry()) != null;) {
                String name = e.getName();
                if (!e.isDirectory() && name.startsWith("plugins/") && name.endsWith(".jar")
                        && name.indexOf('/', "plugins/".length()) < 0) {
                    Files.copy(in, plugins.resolve(name.substring("plugins/".length())));
                }
            }
        }
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // another build unpacked the same zip meanwhile: keep theirs
            deleteTree(tmp);
            if (!Files.isDirectory(dir.resolve("plugins"))) {
                throw e;
            }
        }
    }

    /** One jar per bundle symbolic name, the newest version when p2 brought several (like the launcher). */
    static List<Path> classPath(Path plugins) throws IOException {
        Map<String, Path> newest = new TreeMap<>();
        Map<String, String> versions = new HashMap<>();
        try (Stream<Path> s = Files.list(plugins)) {
            for (Path jar : s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                Matcher m = BUNDLE_JAR.matcher(jar.getFileName().toString());
                String name = m.matches() ? m.group(1) : jar.getFileName().toString();
                String version = m.matches() ? m.group(2) : "";
                String seen = versions.get(name);
                if (seen == null || VERSION_ORDER.compare(version, seen) > 0) {
                    newest.put(name, jar);
                    versions.put(name, version);
                }
            }
        }
        if (newest.isEmpty()) {
            throw new IOException("no jars under " + plugins
                    + "; delete that folder so the dist zip is unpacked again");
        }
        return new ArrayList<>(newest.values());
    }

    /** Dotted versions compared segment by segment, numerically where both segments are numbers. */
    static final Comparator<String> VERSION_ORDER = (a, b) -> {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = x[i].matches("\\d{1,18}") && y[i].matches("\\d{1,18}")
                    ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i])) : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    };

    private static URL[] urls(List<Path> jars) throws MalformedURLException {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = jars.get(i).toUri().toURL();
        }
        return urls;
    }

    /** Calls {@code tessera.cli.Main.run(argv, out, err, cwd)} with this runtime as thread context class loader. */
    Result run(List<String> argv, Path cwd) throws ReflectiveOperationException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        synchronized (RUN_LOCK) {
            thread.setContextClassLoader(loader);
            try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                Method main = loader.loadClass("tessera.cli.Main")
                        .getMethod("run", List.class, PrintStream.class, PrintStream.class, Path.class);
                int code = (Integer) main.invoke(null, List.copyOf(argv), o, e, cwd);
                return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
            } catch (InvocationTargetException e) {
                throw new IllegalStateException("tessera.cli.Main.run threw " + e.getCause(), e.getCause());
            } finally {
                thread.setContextClassLoader(previous);
            }
        }
    }

    /** Parses a JSON document with the dist's own Gson into plain maps, lists, strings, doubles and booleans. */
    Map<?, ?> parseJson(String json) throws ReflectiveOperationException {
        Class<?> gson = loader.loadClass("com.google.gson.Gson");
        Object parsed = gson.getMethod("fromJson", String.class, Class.class)
                .invoke(gson.getConstructor().newInstance(), json, Map.class);
        if (!(parsed instanceof Map<?, ?> m)) {
            throw new IllegalStateException("the CLI printed no JSON object: " + json);
        }
        return m;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
