package tessera.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;

/** {@code tessera:check}: the same passes as {@code tessera:build}, results discarded; fails the build on errors. */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VALIDATE, threadSafe = true)
public class CheckMojo extends AbstractTesseraMojo {
    @Override
    String goal() {
        return "check";
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (!hasSources()) {
            return;
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory(Files.createDirectories(buildDirectory.toPath()), "tessera-check-");
        } catch (IOException e) {
            throw new MojoExecutionException("cannot create a scratch folder under " + buildDirectory + ": " + e, e);
        }
        int errors;
        try {
            errors = runPasses(scratch);
        } finally {
            try {
                TesseraRuntime.deleteTree(scratch);
            } catch (IOException e) {
                getLog().warn("could not delete " + scratch + ": " + e);
            }
        }
        failOnErrors(errors);
    }
}
