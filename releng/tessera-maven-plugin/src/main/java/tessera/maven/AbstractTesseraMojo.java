package tessera.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;

/** What {@code tessera:build} and {@code tessera:check} share: run {@code tessera --json build} and report it. */
abstract class AbstractTesseraMojo extends AbstractMojo {
    /** The Tessera project folder: every Tessera file under it is built; settings from its tessera.properties. */
    @Parameter(property = "tessera.sourceDirectory", defaultValue = "${project.basedir}/src/main/tessera")
    protected File sourceDirectory;

    /** Fail the build when a file has errors (otherwise the errors are only logged). */
    @Parameter(property = "tessera.failOnError", defaultValue = "true")
    protected boolean failOnError;

    /** Skip the goal. */
    @Parameter(property = "tessera.skip", defaultValue = "false")
    protected boolean skip;

    /** Where the dist zip's jars are unpacked (once per zip name and timestamp). */
    @Parameter(property = "tessera.runtimeDirectory", defaultValue = "${project.build.directory}/tessera-runtime")
    protected File runtimeDirectory;

    /** The headless CLI distribution (default: the tessera.cli.dist zip this plugin depends on). */
    @Parameter(property = "tessera.distZip")
    protected File distZip;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true)
    protected File buildDirectory;

    @Parameter(defaultValue = "${plugin}", readonly = true)
    private PluginDescriptor plugin;

    /** The goal's name, for messages. */
    abstract String goal();

    /** Runs the passes with results under {@code outRoot}/gen and reports them; returns the error count. */
    protected int runPasses(Path outRoot) throws MojoExecutionException, MojoFailureException {
        Path source = sourceDirectory.toPath().toAbsolutePath().normalize();
        if (Runtime.version().feature() < 21) {
            throw new MojoExecutionException("tessera:" + goal() + " needs Java 21 or newer to run Maven (this is "
                    + Runtime.version().feature() + "); set JAVA_HOME to a JDK 21+");
        }
        TesseraRuntime runtime;
        try {
            runtime = TesseraRuntime.of(dist(), runtimeDirectory.toPath().toAbsolutePath());
        } catch (IOException e) {
            throw new MojoExecutionException("cannot unpack the Tessera runtime into " + runtimeDirectory + ": " + e,
                    e);
        }
        TesseraRuntime.Result result;
        Map<?, ?> report;
        try {
            result = runtime.run(List.of("--json", "--quiet", "build", source.toString(), "--out-dir", outRoot.toString()),
                    source);
            if (result.exitCode() != 0 && result.exitCode() != 1) {
                throw new MojoExecutionException("tessera build failed (exit code " + result.exitCode() + "): "
                        + result.err().strip());
            }
            report = runtime.parseJson(result.out());
            if (!(report.get("runs") instanceof List)) {
                throw new MojoExecutionException("tessera build failed (exit code " + result.exitCode() + "): "
                        + result.err().strip());
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new MojoExecutionException("cannot run the Tessera CLI in-process: " + e, e);
        }
        if (!result.err().isBlank()) {
            getLog().warn(result.err().strip());
        }
        return report(source, report);
    }

    /** Logs every diagnostic in Maven's compiler format and one summary line per pass run; returns the errors. */
    private int report(Path source, Map<?, ?> report) {
        int errors = 0;
        int warnings = 0;
        int files = 0;
        String lastFile = null;
        for (Object o : list(report.get("runs"))) {
            Map<?, ?> run = (Map<?, ?>) o;
            String file = String.valueOf(run.get("file"));
            if (!file.equals(lastFile)) {
                files++;
                lastFile = file;
            }
            String pass = String.valueOf(run.get("pass"));
            for (Object s : list(run.get("summary"))) {
                String text = String.valueOf(s);
                getLog().info(file + ": " + (text.startsWith(pass + ":") ? text : pass + ": " + text));
            }
            for (Object d : list(run.get("diagnostics"))) {
                Map<?, ?> diag = (Map<?, ?>) d;
                String line = format(source, diag);
                switch (String.valueOf(diag.get("severity"))) {
                    case "error" -> {
                        errors++;
                        getLog().error(line);
                    }
                    case "warning" -> {
                        warnings++;
                        getLog().warn(line);
                    }
                    default -> getLog().info(line);
                }
            }
        }
        getLog().info(String.format("Tessera: %d file(s), %d error(s), %d warning(s)", files, errors, warnings));
        return errors;
    }

    /** {@code /abs/file.ddg:[LINE,COL] message (hint)}, as maven-compiler-plugin prints javac's diagnostics. */
    static String format(Path source, Map<?, ?> d) {
        String file = d.get("file") == null ? "" : String.valueOf(d.get("file"));
        String message = String.valueOf(d.get("message"));
        String hint = d.get("hint") == null ? "" : String.valueOf(d.get("hint"));
        String text = hint.isEmpty() ? message : message + " (" + hint + ")";
        if (file.isEmpty()) {
            return text;
        }
        return source.resolve(file).normalize() + ":[" + number(d.get("line")) + "," + number(d.get("column")) + "] "
                + text;
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    private static List<?> list(Object o) {
        return o instanceof List<?> l ? l : List.of();
    }

    /** Whether there is anything to build; logs why not. */
    protected boolean hasSources() {
        if (skip) {
            getLog().info("tessera:" + goal() + " skipped (tessera.skip)");
            return false;
        }
        if (!Files.isDirectory(sourceDirectory.toPath())) {
            getLog().info("no Tessera sources at " + sourceDirectory + "; nothing to do");
            return false;
        }
        return true;
    }

    /** Throws when errors were found and {@link #failOnError} is set. */
    protected void failOnErrors(int errors) throws MojoFailureException {
        if (errors > 0 && failOnError) {
            throw new MojoFailureException("Tessera found " + errors + " error(s) in " + sourceDirectory
                    + " (see the [ERROR] lines above)");
        }
    }

    private Path dist() throws MojoExecutionException {
        if (distZip != null) {
            if (!distZip.isFile()) {
                throw new MojoExecutionException("no Tessera dist zip at " + distZip + " (tessera.distZip)");
            }
            return distZip.toPath();
        }
        for (Artifact a : plugin.getArtifacts()) {
            if (a.getArtifactId().equals("tessera.cli.dist") && "zip".equals(a.getType()) && a.getFile() != null) {
                return a.getFile().toPath();
            }
        }
        throw new MojoExecutionException("the plugin's dependency tessera:tessera.cli.dist:zip was not resolved;"
                + " run ./mvnw -B install -DskipTests in the Tessera checkout");
    }
}
