package tessera.maven;

import java.io.File;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code tessera:build}: every builder pass on the project's Tessera files, results kept under
 * {@code outputDirectory/gen}. Bound to generate-resources: the results are generated files that later phases
 * (resources, package) can pick up, and errors stop the build before anything is compiled or packaged.
 */
@Mojo(name = "build", defaultPhase = LifecyclePhase.GENERATE_RESOURCES, threadSafe = true)
public class BuildMojo extends AbstractTesseraMojo {
    /** Where results go: {@code gen/<pass>/...} under this folder. */
    @Parameter(property = "tessera.outputDirectory", defaultValue = "${project.build.directory}/tessera")
    private File outputDirectory;

    @Override
    String goal() {
        return "build";
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (!hasSources()) {
            return;
        }
        int errors = runPasses(outputDirectory.toPath().toAbsolutePath());
        getLog().info("Tessera results in " + outputDirectory.toPath().resolve("gen"));
        failOnErrors(errors);
    }
}
