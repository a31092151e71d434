package tessera.palmed.machine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Monitor;
import tessera.palmed.model.Kernel;

/**
 * The native back end of seed 000 §III-A/§VI-A: each micro-kernel becomes an x86-64 assembly loop (GNU as, AT&T;
 * {@link X86Renderer}), linked with gcc to a small C runner written at run time to a temp dir, run with warm-up and
 * repetitions. Clock, best first: the core-cycle counter (perf_event_open), else rdtsc scaled to core cycles by a
 * calibration loop of dependent 1-cycle adds, else the wall clock scaled the same way (digest §5.10: VMs lack a PMU).
 * Cycles per iteration is the minimum over the repetitions; the spread (max − min)/min is reported.
 */
public final class HostMachine implements BenchmarkMachine {
    static final int MIN_BODY = 96;
    private final List<String> instructions;
    private final int repetitions;
    private final long iterations;
    private Path dir;
    private Path runnerObj;

    public HostMachine(List<String> instructions, int repetitions, long iterations) {
        this.instructions = List.copyOf(instructions);
        this.repetitions = repetitions;
        this.iterations = iterations;
    }

    /** A clear diagnostic when gcc is missing or not x86-64; null when the host can run micro-kernels. */
    public static Diagnostic unavailable() {
        String arch = System.getProperty("os.arch", "");
        if (!arch.equals("amd64") && !arch.equals("x86_64")) {
            return Diagnostic.error("host", 0, "the host back end needs an x86-64 machine, this one is " + arch,
                    "use a simulated machine (--machine FILE.portmap)");
        }
        try {
            Process p = new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return null;
            }
        } catch (IOException | InterruptedException e) {
            // fall through
        }
        return Diagnostic.error("host", 0, "gcc was not found: the host back end assembles and links micro-kernels "
                + "with gcc", "install gcc (Debian: apt-get install gcc) or use a simulated machine");
    }

    @Override
    public String id() {
        String cpu = "x86_64";
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    cpu = l.substring(l.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            // keep the generic name
        }
        return "host-" + cpu.replaceAll("[^A-Za-z0-9]+", "-");
    }

    @Override
    public List<String> instructions() {
        return instructions;
    }

    private synchronized void prepare() {
        if (runnerObj != null) {
            return;
        }
        Diagnostic d = unavailable();
        if (d != null) {
            throw new DiagnosticException(d);
        }
        try {
            dir = Files.createTempDirectory("tessera-palmed-");
            Path c = dir.resolve("runner.c");
            Files.writeString(c, RUNNER_C, StandardCharsets.UTF_8);
            runnerObj = dir.resolve("runner.o");
            run(List.of("gcc", "-O2", "-c", c.toString(), "-o", runnerObj.toString()), "compiling the runner");
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error("host", 0, "cannot prepare the runner: " + e.getMessage(),
                    "check that the temp directory is writable"));
        }
    }

    /** The assembly source of a kernel's loop (for inspection and tests). */
    public static String assembly(Kernel k) {
        StringBuilder sb = new StringBuilder();
        sb.append("    .text\n    .globl palmed_kernel\n    .type palmed_kernel, @function\n");
        sb.append("palmed_kernel:\n");
        for (String r : new String[] {"rbx", "rbp", "r12", "r13", "r14", "r15"}) {
            sb.append("    push %").append(r).append('\n');
        }
        sb.append("    mov %rdi, %rbp\n    mov %rsi, %r15\n    mov $1, %r12\n    mov $2, %r13\n    mov $3, %r14\n");
        sb.append("    vzeroupper\n    .p2align 6\n1:\n");
        for (String line : X86Renderer.body(k, MIN_BODY)) {
            sb.append("    ").append(line).append('\n');
        }
        sb.append("    dec %rbp\n    jnz 1b\n    vzeroupper\n");
        for (String r : new String[] {"r15", "r14", "r13", "r12", "rbp", "rbx"}) {
            sb.append("    pop %").append(r).append('\n');
        }
        sb.append("    ret\n    .section .note.GNU-stack,\"\",@progbits\n");
        return sb.toString();
    }

    @Override
    public Measurement measure(Kernel k, Monitor monitor) {
        monitor.checkCanceled();
        for (String i : k.instructions()) {
            if (!X86Renderer.renderable(i)) {
                throw new DiagnosticException(Diagnostic.error("host", 0, "instruction " + i
                        + " has no operand template for the host back end", "use ids like ADD_R64_R64, ADDPS_XMM_XMM"));
            }
        }
        String[] mix = X86Renderer.sseAvxMix(k);
        if (mix != null) {
            // seed 000 §VI-A: SSE/AVX transitions cost 100s of cycles each (measured IPC 0.001 on mixes here)
            throw new DiagnosticException(Diagnostic.error("host", 0, "kernel " + k + " mixes legacy SSE (" + mix[0]
                    + ") and AVX (" + mix[1] + ") instructions, whose transition penalties break the throughput model",
                    "measure SSE and AVX instructions in separate kernels (seed 000 §VI-A)"));
        }
        prepare();
        try {
            Path s = dir.resolve("k.s");
            Files.writeString(s, assembly(k), StandardCharsets.UTF_8);
            Path exe = dir.resolve("k.bin");
            run(List.of("gcc", "-O2", s.toString(), runnerObj.toString(), "-o", exe.toString()), "assembling " + k);
            long iters = Math.max(1000, iterations / X86Renderer.unroll(k, MIN_BODY) / k.size());
            String out = run(List.of(exe.toString(), Long.toString(iters), Integer.toString(repetitions)),
                    "running " + k);
            String clock = "wall";
            List<Double> perIter = new ArrayList<>();
            int unroll = X86Renderer.unroll(k, MIN_BODY);
            for (String line : out.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f[0].equals("clock") && f.length > 1) {
                    clock = f[1];
                } else if (f[0].equals("rep") && f.length > 1) {
                    perIter.add(Double.parseDouble(f[1]) / unroll);
                }
            }
            if (perIter.isEmpty()) {
                throw new IOException("the runner printed no measurement: " + out);
            }
            double[] c = perIter.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            // minimum, not median (digest §8.2): preemption only ever slows a run, and on a loaded 2-core VM most
            // repetitions are hit
            double best = c[0];
            return new Measurement(best, k.size() / best, (c[c.length - 1] - c[0]) / best, c.length, clock);
        } catch (IOException e) {
            throw new DiagnosticException(Diagnostic.error("host", 0, "host measurement of " + k + " failed: "
                    + e.getMessage(), "see the assembler/runner message"));
        }
    }

    private String run(List<String> cmd, String what) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(what + " timed out");
            }
            if (p.exitValue() != 0) {
                throw new IOException(what + " failed: " + out.strip());
            }
            return out;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(what + " interrupted");
        }
    }

    /** Cycles per call of {@code kernel(iters, buf)}: prints "clock NAME" then one "rep CYCLES_PER_ITERATION" a line. */
    static final String RUNNER_C = String.join("\n", Arrays.asList(
            "#define _GNU_SOURCE",
            "#include <stdio.h>",
            "#include <stdlib.h>",
            "#include <stdint.h>",
            "#include <string.h>",
            "#include <time.h>",
            "#include <unistd.h>",
            "#include <sys/ioctl.h>",
            "#include <sys/syscall.h>",
            "#include <linux/perf_event.h>",
            "#include <x86intrin.h>",
            "extern void palmed_kernel(long iters, void *buf);",
            "static char buf[4096] __attribute__((aligned(64)));",
            "static double now_ns(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}",
            "static int perf_fd(void){struct perf_event_attr a;memset(&a,0,sizeof a);a.type=PERF_TYPE_HARDWARE;",
            " a.size=sizeof a;a.config=PERF_COUNT_HW_CPU_CYCLES;a.disabled=1;a.exclude_kernel=1;a.exclude_hv=1;",
            " return (int)syscall(__NR_perf_event_open,&a,0,-1,-1,0);}",
            "static uint64_t perf_read(int fd){uint64_t v=0;if(read(fd,&v,sizeof v)!=sizeof v)return 0;return v;}",
            "/* 1000 dependent register adds: 1 core cycle each; calibrates ticks (or ns) per core cycle. Not add $imm:",
            "   recent cores (Golden Cove) fold immediate adds at rename, ~6 a cycle, which made every kernel 3-5x slow */",
            "static void chain(long n){for(long i=0;i<n;i++){__asm__ volatile(",
            " \"mov $3, %%rcx\\n .rept 1000\\n add %%rcx, %%rax\\n .endr\" ::: \"rax\",\"rcx\",\"cc\");}}",
            "int main(int argc,char**argv){long iters=atol(argv[1]);int reps=atoi(argv[2]);",
            " int fd=perf_fd();int use_perf=0;",
            " if(fd>=0){ioctl(fd,PERF_EVENT_IOC_RESET,0);ioctl(fd,PERF_EVENT_IOC_ENABLE,0);chain(1000);",
            "  ioctl(fd,PERF_EVENT_IOC_DISABLE,0);use_perf=perf_read(fd)>100000;}",
            " double tick_per_cycle=1.0;const char*clock=\"perf-cycles\";",
            "/* many short (0.5 M cycle) trials, minimum: a long trial is almost always preempted on a loaded host */",
            " if(!use_perf){chain(20000);double best=1e30,bestw=1e30;for(int r=0;r<41;r++){",
            "  double w0=now_ns();uint64_t t0=__rdtsc();chain(500);uint64_t t1=__rdtsc();double w1=now_ns();",
            "  double tk=(double)(t1-t0)/5e5,wn=(w1-w0)/5e5;if(tk<best)best=tk;if(wn<bestw)bestw=wn;}",
            "  if(best>0.05&&best<50){tick_per_cycle=best;clock=\"rdtsc-calibrated\";}",
            "  else{tick_per_cycle=bestw;clock=\"wall-calibrated\";}}",
            " printf(\"clock %s\\n\",clock);",
            " palmed_kernel(iters/4+1,buf);",
            " for(int r=0;r<reps;r++){double cyc;",
            "  if(use_perf){ioctl(fd,PERF_EVENT_IOC_RESET,0);ioctl(fd,PERF_EVENT_IOC_ENABLE,0);palmed_kernel(iters,buf);",
            "   ioctl(fd,PERF_EVENT_IOC_DISABLE,0);cyc=(double)perf_read(fd);}",
            "  else if(clock[0]=='r'){uint64_t t0=__rdtsc();palmed_kernel(iters,buf);uint64_t t1=__rdtsc();",
            "   cyc=(double)(t1-t0)/tick_per_cycle;}",
            "  else{double w0=now_ns();palmed_kernel(iters,buf);double w1=now_ns();cyc=(w1-w0)/tick_per_cycle;}",
            "  printf(\"rep %.6f\\n\",cyc/(double)iters);}",
            " return 0;}",
            ""));
}
