package tessera.palmed.predict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;

/**
 * The llvm-mca baseline of seed 000 §VI (Fig. 4): runs {@code llvm-mca} on an AT&T block and reads its summary
 * ("Iterations", "Instructions", "Total Cycles", "IPC", "Block RThroughput").
 */
public final class LlvmMca {
    /** llvm-mca's numbers for one block; cyclesPerIteration = Total Cycles / Iterations. */
    public record Report(int iterations, long instructions, long totalCycles, double ipc, double blockRThroughput) {
        public double cyclesPerIteration() {
            return (double) totalCycles / iterations;
        }
    }

    private final String executable;
    private final String mcpu;
    private final int iterations;

    public LlvmMca(String executable, String mcpu, int iterations) {
        this.executable = executable;
        this.mcpu = mcpu;
        this.iterations = iterations;
    }

    public static LlvmMca skylake() {
        return new LlvmMca("llvm-mca", "skylake", 500);
    }

    /** A clear diagnostic when llvm-mca cannot be run, else null. */
    public Diagnostic unavailable() {
        try {
            Process p = new ProcessBuilder(executable, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return null;
            }
        } catch (IOException | InterruptedException e) {
            // fall through
        }
        return Diagnostic.error("llvm-mca", 0, "llvm-mca was not found on the PATH", 
                "install LLVM (Debian: apt-get install llvm) to compare with llvm-mca");
    }

    public Report run(String attAssembly) {
        try {
            Process p = new ProcessBuilder(executable, "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + mcpu,
                    "-iterations=" + iterations, "-").redirectErrorStream(true).start();
            p.getOutputStream().write((".att_syntax\n" + attAssembly + "\n").getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new DiagnosticException(Diagnostic.error("llvm-mca", 0, "llvm-mca failed: " + firstLines(out),
                        "check that the block is valid x86-64 assembly"));
            }
            return parse(out);
        } catch (IOException e) {
            Diagnostic d = unavailable();
            throw new DiagnosticException(d != null ? d : Diagnostic.error("llvm-mca", 0, "llvm-mca failed: "
                    + e.getMessage(), ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DiagnosticException(Diagnostic.error("llvm-mca", 0, "interrupted", ""));
        }
    }

    /** Parses llvm-mca's summary view. */
    public static Report parse(String out) {
        return new Report((int) num(out, "Iterations:"), (long) num(out, "Instructions:"), (long) num(out,
                "Total Cycles:"), num(out, "IPC:"), num(out, "Block RThroughput:"));
    }

    private static double num(String out, String key) {
        Matcher m = Pattern.compile(Pattern.quote(key) + "\\s*([0-9.]+)").matcher(out);
        if (!m.find()) {
            throw new DiagnosticException(Diagnostic.error("llvm-mca", 0, "llvm-mca output has no '" + key + "'",
                    "unexpected llvm-mca version or output: " + firstLines(out)));
        }
        return Double.parseDouble(m.group(1));
    }

    private static String firstLines(String s) {
        List<String> l = s.lines().limit(3).toList();
        return String.join(" | ", l);
    }
}
