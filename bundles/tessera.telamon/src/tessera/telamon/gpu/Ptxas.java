package tessera.telamon.gpu;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Issue 24 item 2: NVIDIA's PTX assembler, where the CUDA toolkit is installed, so that the search's worker threads
 * compile leaves in processes of their own. On an H200, 16 worker threads spent 490 thread-seconds preparing 169
 * leaves of matmul 256 in a 62 s search, nearly all inside the driver's JIT ({@code cuModuleLoadData} of PTX), as if
 * it compiled one module at a time; with ptxas the searches evaluated between 6 % fewer and 30 % more leaves a
 * second, so the JIT was not the main limit. ptxas is the driver JIT's compiler with the same default optimization
 * (-O3), so the cubin it makes runs as the JIT's would.
 */
public final class Ptxas {
    /** System property naming ptxas ({@code none}: never use it, always the driver's JIT). */
    public static final String PROPERTY = "tessera.ptxas";
    /** Seconds one assembly may take. */
    private static final int TIMEOUT_S = 120;

    private final Path ptxas;

    private Ptxas(Path ptxas) {
        this.ptxas = ptxas;
    }

    /**
     * The ptxas of {@value #PROPERTY}, else on the PATH, else in {@code /usr/local/cuda/bin}; null when there is none
     * (or the property says {@code none}).
     */
    public static Ptxas find() {
        String named = System.getProperty(PROPERTY);
        if (named != null) {
            return named.equals("none") || !Files.isExecutable(Path.of(named)) ? null : new Ptxas(Path.of(named));
        }
        String dirs = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/local/cuda/bin";
        for (String dir : dirs.split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "ptxas");
            if (Files.isExecutable(p)) {
                return new Ptxas(p);
            }
        }
        return null;
    }

    public Path path() {
        return ptxas;
    }

    /**
     * The cubin of {@code ptx} for {@code arch} ({@code sm_90}); a {@link GpuException} with ptxas's messages when it
     * fails. Thread-safe: each call has its own folder and process.
     */
    public byte[] assemble(String ptx, String arch) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("tessera-ptxas");
            Path in = dir.resolve("leaf.ptx"), out = dir.resolve("leaf.cubin");
            Files.writeString(in, ptx, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(ptxas.toString(), "-arch=" + arch, in.toString(), "-o", out.toString())
                    .redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new GpuException("ptxas took more than " + TIMEOUT_S + " s");
            }
            if (p.exitValue() != 0) {
                throw new GpuException("ptxas failed (" + p.exitValue() + "): " + log);
            }
            return Files.readAllBytes(out);
        } catch (IOException e) {
            throw new GpuException("ptxas could not run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GpuException("interrupted while ptxas ran");
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }
}
