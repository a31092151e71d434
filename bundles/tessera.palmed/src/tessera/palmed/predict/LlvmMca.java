package tessera.palmed.predict;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.palmed.machine.X86Renderer;
import tessera.palmed.model.Kernel;

/**
 * The llvm-mca baseline of seed 000 §VI (Fig. 4), made fair (issue 21 item 4): each block is rendered by
 * {@link X86Renderer#body} unrolled to at least {@link #DEFAULT_MIN_INSTRUCTIONS} instructions (the same rendering as
 * the host micro-kernels: destinations rotate over the register pool, so no copy depends on the previous one), llvm-mca
 * runs it for N and 2N iterations and the steady-state cycles per iteration are (C(2N) − C(N)) / N (warm-up and drain
 * cancel out); any {@code error:} on llvm-mca's stderr (e.g. llvm-mca 14 rejects {@code movsxd}) fails the block instead
 * of simulating the remaining lines; {@code -mcpu} is given by the caller (the machine description or {@code --mcpu}).
 */
public final class LlvmMca {
    /** Unroll target: a block is repeated until it has at least this many instructions (issue 21 item 4). */
    public static final int DEFAULT_MIN_INSTRUCTIONS = 100;

    /** llvm-mca's numbers for one block; cyclesPerIteration = Total Cycles / Iterations. */
    public record Report(int iterations, long instructions, long totalCycles, double ipc, double blockRThroughput) {
        public double cyclesPerIteration() {
            return (double) totalCycles / iterations;
        }
    }

    /** One block's simulation: the steady-state IPC of the block, or NaN with llvm-mca's error. */
    public record Outcome(double ipc, String error) {
        public boolean failed() {
            return error != null;
        }
    }

    private final String executable;
    private final String mcpu;
    private final int iterations;
    private final int minInstructions;

    /** A fair baseline: unrolled to {@link #DEFAULT_MIN_INSTRUCTIONS}, steady state from N and 2N iterations. */
    public LlvmMca(String executable, String mcpu, int iterations) {
        this(executable, mcpu, iterations, DEFAULT_MIN_INSTRUCTIONS);
    }

    /** {@code minInstructions} 1 renders each block once (the pre-issue-21 baseline, kept for measurements). */
    public LlvmMca(String executable, String mcpu, int iterations, int minInstructions) {
        if (mcpu == null || mcpu.isBlank()) {
            throw new IllegalArgumentException("llvm-mca needs a -mcpu");
        }
        this.executable = executable;
        this.mcpu = mcpu;
        this.iterations = iterations;
        this.minInstructions = minInstructions;
    }

    /** {@code llvm-mca -mcpu=MCPU} from the PATH, 100 iterations of the unrolled block. */
    public static LlvmMca forCpu(String mcpu) {
        return new LlvmMca("llvm-mca", mcpu, 100);
    }

    /**
     * llvm-mca for a machine description called {@code name}: the name itself or its longest '-'-cut prefix that
     * llvm-mca knows ({@code znver2-250} → {@code znver2}; CPU names may hold '-'); the full name when none is known,
     * so that {@link #unknownCpu()} reports it (issue 21 item 4: no hard-coded CPU).
     */
    public static LlvmMca forMachine(String name) {
        LlvmMca mca = forCpu(name);
        for (int cut = name.lastIndexOf('-'); mca.unknownCpu() != null && cut > 0; cut = name.lastIndexOf('-', cut - 1)) {
            LlvmMca shorter = forCpu(name.substring(0, cut));
            if (shorter.unknownCpu() == null) {
                return shorter;
            }
        }
        return mca;
    }

    public String mcpu() {
        return mcpu;
    }

    public int minInstructions() {
        return minInstructions;
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

    /** A diagnostic when llvm-mca does not know {@code -mcpu} (it would silently use a generic model), else null. */
    public Diagnostic unknownCpu() {
        Run r = exec("addq %rcx, %rdx", 1);
        if (r.stderr.contains("not a recognized processor")) {
            return Diagnostic.error("llvm-mca", 0, "llvm-mca does not know the processor '" + mcpu + "'",
                    "give a CPU of `llvm-mca -mtriple=x86_64 -mcpu=help` with --mcpu");
        }
        return null;
    }

    /**
     * The steady-state IPC of block {@code k}: its unrolled rendering run for N and 2N iterations; an llvm-mca error
     * (stderr, exit status, unreadable summary) is the block's outcome, never a partial simulation.
     */
    public Outcome simulate(Kernel k) {
        List<String> body = X86Renderer.body(k, minInstructions);
        String asm = String.join("\n", body);
        try {
            if (minInstructions <= 1) {
                return new Outcome(run(asm).ipc(), null);
            }
            Report a = run(asm, iterations);
            Report b = run(asm, 2 * iterations);
            long dc = b.totalCycles() - a.totalCycles();
            double perIteration = dc > 0 ? (double) dc / iterations : b.cyclesPerIteration();
            return new Outcome(body.size() / perIteration, null);
        } catch (DiagnosticException e) {
            return new Outcome(Double.NaN, e.diagnostic().message());
        }
    }

    /** Runs {@code attAssembly} for the configured iterations; llvm-mca errors become a DiagnosticException. */
    public Report run(String attAssembly) {
        return run(attAssembly, iterations);
    }

    private Report run(String attAssembly, int iters) {
        Run r = exec(attAssembly, iters);
        String err = errorLine(r.stderr);
        if (err != null || r.exit != 0) {
            throw new DiagnosticException(Diagnostic.error("llvm-mca", 0, "llvm-mca -mcpu=" + mcpu + " rejected the "
                    + "block: " + (err != null ? err : "exit status " + r.exit + ": " + firstLines(r.stderr + r.stdout)),
                    "llvm-mca cannot simulate this instruction; the block is counted as an llvm-mca failure"));
        }
        return parse(r.stdout);
    }

    /** The first {@code error:} line of llvm-mca's stderr, with the offending source line, or null. */
    static String errorLine(String stderr) {
        List<String> lines = stderr.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int at = l.indexOf("error:");
            if (at >= 0) {
                String msg = l.substring(at).trim();
                return i + 1 < lines.size() ? msg + " in '" + lines.get(i + 1).trim() + "'" : msg;
            }
        }
        return null;
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    private Run exec(String attAssembly, int iters) {
        try {
            Process p = new ProcessBuilder(executable, "-mtriple=x86_64-unknown-linux-gnu", "-mcpu=" + mcpu,
                    "-iterations=" + iters, "-").start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
            p.getOutputStream().write((".att_syntax\n" + attAssembly + "\n").getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            String out = drain(p.getInputStream());
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new DiagnosticException(Diagnostic.error("llvm-mca", 0, "llvm-mca ran over 120 s", ""));
            }
            return new Run(p.exitValue(), out, err.join());
        } catch (IOException e) {
            Diagnostic d = unavailable();
            throw new DiagnosticException(d != null ? d : Diagnostic.error("llvm-mca", 0, "llvm-mca failed: "
                    + e.getMessage(), ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DiagnosticException(Diagnostic.error("llvm-mca", 0, "interrupted", ""));
        }
    }

    private static String drain(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
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
