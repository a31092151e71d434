package tessera.telamon.pipeline.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs NVIDIA's ptxas on generated PTX, many kernels per module (one process per target instead of one per leaf):
 * each kernel's header is dropped after the first and its entry renamed. Null when no ptxas is installed.
 */
final class Ptxas {
    private Ptxas() {
    }

    static Path find() {
        tessera.telamon.gpu.Ptxas p = tessera.telamon.gpu.Ptxas.find();
        return p == null ? null : p.path();
    }

    /** The module of {@code ptxs} (all for the same target), entries renamed k0, k1, … */
    static String module(List<String> ptxs) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ptxs.size(); i++) {
            for (String line : ptxs.get(i).split("\n")) {
                String t = line.trim();
                if (i > 0 && (t.startsWith(".version") || t.startsWith(".target") || t.startsWith(".address_size"))) {
                    continue;
                }
                sb.append(line.replaceFirst("^(\\s*\\.visible \\.entry )\\w+\\(", "$1k" + i + "(")).append('\n');
            }
        }
        return sb.toString();
    }

    /** ptxas's messages for {@code module} on {@code arch}, or null when it assembles. */
    static String assemble(Path ptxas, String module, String arch) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("tessera-ptxas");
        try {
            Path in = dir.resolve("m.ptx");
            Files.writeString(in, module, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(ptxas.toString(), "-arch=" + arch, in.toString(), "-o", dir.resolve("m.cubin").toString())
                    .redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "ptxas timed out";
            }
            return p.exitValue() == 0 ? null : log;
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
