package tessera.telamon.gpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.LaunchDescription;
import tessera.telamon.codegen.Target;
import tessera.telamon.exec.SeededInputs;
import tessera.telamon.impl.Implementation;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.search.Evaluator;
import tessera.telamon.space.Fixed;

/**
 * Seed 001 §6.1 (digest 001b §6; issue 24 item 2a): a leaf timed on the GPU. Its PTX is generated and loaded on a
 * worker thread ({@link #prepare}): assembled by the toolkit's {@link Ptxas} where there is one (in processes of its
 * own), else by the driver's JIT; it is launched on the search's thread as its launch description says on inputs drawn
 * from a seed ({@link SeededInputs}: the same for every leaf); a warm-up launch, then up to {@value #RUNS} launches timed with CUDA events, stopping once a run is
 * {@value #SKIP}× slower than the best time so far (repeat-and-skip); the time is the median of the kept runs. A
 * warm-up that is already that slow, or takes {@value #ONCE_MS} ms, is the time (slow leaves cost one launch). Every
 * new best is run once more on pristine inputs and its output compared with the kernel's semantics (the reference
 * executor's expected values); a wrong output, a JIT error or a failed launch is a failed evaluation with the driver's
 * reason. Kernels too large for the reference ({@code KernelSemantics.MAX_POINTS}) are timed unchecked, and
 * {@link #unchecked} says so.
 */
public final class GpuEvaluator implements Evaluator, AutoCloseable {
    /** Timed launches per leaf at most. */
    public static final int RUNS = 5;
    /** A leaf stops being timed once a run takes this many times the best time. */
    public static final double SKIP = 3;
    /** A warm-up launch this long (ms) is timed once: one launch of a slow leaf is its time, give or take 1 %. */
    public static final double ONCE_MS = 50;

    private final CudaDriver gpu;
    private final Kernel source;
    private final Target target;
    private final long seed;
    private final String name;
    private SeededInputs inputs;
    private Map<String, Object> expected;
    private String unchecked;
    /** Per input array: {pristine copy, working copy, bytes} on the device. */
    private final Map<String, long[]> arrays = new LinkedHashMap<>();
    private double best = Double.POSITIVE_INFINITY;
    private int checks;
    private int wrong;
    /** Why evaluations failed: reason → count, in order of first occurrence. */
    private final Map<String, Integer> failures = new LinkedHashMap<>();
    /** Time spent preparing leaves (code generation, the JIT), on the worker threads, in all. */
    private final AtomicLong prepareNanos = new AtomicLong();
    /** The toolkit's assembler, which compiles on all threads at once (null: the driver's JIT, one at a time). */
    private final Ptxas ptxas;
    private final String deviceArch;
    private final AtomicInteger ptxasFailures = new AtomicInteger();

    /** Times {@code source}'s leaves on {@code gpu} (which this evaluator closes), PTX for {@code target}. */
    public GpuEvaluator(CudaDriver gpu, Kernel source, Target target, long seed) {
        this.gpu = gpu;
        this.source = source;
        this.target = target;
        this.seed = seed;
        this.deviceArch = gpu.architecture();
        this.name = "gpu (" + gpu.deviceName() + ", " + deviceArch + ", PTX for " + target.arch() + ")";
        this.ptxas = Ptxas.find();
    }

    @Override
    public Result evaluate(Candidate fixed, List<String> decisions) {
        return prepare(fixed, decisions).run();
    }

    /**
     * On a worker thread: the leaf's implementation, its PTX and launch description, and its module, assembled by ptxas
     * or compiled by the driver's JIT (the device runs nothing then: the search's thread launches only after the
     * rollouts of its round).
     */
    @Override
    public Pending prepare(Candidate fixed, List<String> decisions) {
        if (!fixed.isFixed()) {
            return () -> failed("the candidate is not fixed");
        }
        long t0 = System.nanoTime();
        Implementation impl = Fixed.implementation(source, fixed);
        CodeGenerator.Output out = CodeGenerator.generate(impl, target);
        Module m = new Module(out);
        try {
            if (ptxas != null) {
                try {
                    m.cubin = ptxas.assemble(out.ptx(), deviceArch);
                } catch (GpuException e) { // the driver's JIT has the last word on the PTX (and says why it fails)
                    ptxasFailures.incrementAndGet();
                }
            }
            m.load();
        } catch (GpuException e) {
            m.jitError = e.getMessage();
        }
        prepareNanos.addAndGet(System.nanoTime() - t0);
        return new Pending() {
            @Override
            public Result run() {
                return GpuEvaluator.this.run(impl, out.launch(), m);
            }

            @Override
            public void discard() {
                m.unload();
            }
        };
    }

    /** A leaf's module: loaded ahead, or again on the search's thread when the context was reset since. */
    private final class Module {
        final CodeGenerator.Output code;
        /** ptxas's image of the PTX, or null: the driver's JIT compiles the PTX. */
        byte[] cubin;
        long module, function;
        int generation = -1;
        String jitError;

        Module(CodeGenerator.Output code) {
            this.code = code;
        }

        void load() {
            generation = gpu.generation();
            module = cubin != null ? gpu.loadModule(cubin) : gpu.loadModule(code.ptx());
            function = gpu.function(module, code.launch().entry());
        }

        void unload() {
            if (module != 0 && generation == gpu.generation()) {
                gpu.unloadModule(module);
            }
            module = 0;
        }
    }

    private Result failed(String why) {
        failures.merge(why.replaceAll("\\[\\d+\\] = .*", "[…] differs"), 1, Integer::sum);
        return Result.failed(why);
    }

    /** On the search's thread: times the prepared leaf and checks a new best's output. */
    private Result run(Implementation impl, LaunchDescription l, Module m) {
        if (m.jitError != null) {
            return failed(m.jitError);
        }
        List<long[]> temporaries = new ArrayList<>(); // {pointer, bytes}
        try {
            if (inputs == null) {
                prepare(impl, l);
            }
            if (m.generation != gpu.generation()) { // a kernel fault reset the context after the module was loaded
                m.load();
            }
            long fn = m.function;
            List<Object> args = new ArrayList<>();
            for (LaunchDescription.Param p : l.params()) {
                switch (p.kind()) {
                    case "array" -> args.add(arrays.get(p.name())[1]);
                    case "scalar" -> args.add(inputs.scalar(impl.kernel().param(p.name())));
                    default -> {
                        long t = gpu.allocate(p.bytes());
                        temporaries.add(new long[] { t, p.bytes() });
                        args.add(t);
                    }
                }
            }
            int[] grid = l.grid().stream().mapToInt(e -> Math.toIntExact(e.value())).toArray();
            int[] block = l.block().stream().mapToInt(Math::toIntExact).toArray();
            zero(temporaries);
            double ns = 1e6 * time(fn, grid, block, args);
            if (ns < best) {
                String wrong = check(fn, grid, block, args, temporaries);
                if (wrong != null) {
                    this.wrong++;
                    return failed("wrong output: " + wrong);
                }
                best = ns;
            }
            return Result.time(ns);
        } catch (GpuException e) {
            if (e.sticky()) {
                recover();
                temporaries.clear();
            }
            return failed(e.getMessage());
        } finally {
            for (long[] t : temporaries) {
                gpu.free(t[0]);
            }
            m.unload();
        }
    }

    /** A kernel fault destroyed the context: a fresh one, with the input arrays uploaded again. */
    private void recover() {
        gpu.reset();
        upload();
    }

    /** Puts a pristine and a working copy of every input array on the device (the old pointers, if any, are gone). */
    private void upload() {
        arrays.clear();
        for (Map.Entry<String, Object> e : inputs.arrays().entrySet()) {
            long bytes = CudaDriver.bytes(e.getValue());
            long pristine = gpu.allocate(bytes), work = gpu.allocate(bytes);
            arrays.put(e.getKey(), new long[] { pristine, work, bytes });
            gpu.upload(pristine, e.getValue());
            gpu.copy(work, pristine, bytes);
        }
    }

    /**
     * Times a launch in milliseconds: a warm-up launch, then {@link #repeatAndSkip}; a warm-up that already takes
     * {@value #SKIP}× the best time, or {@value #ONCE_MS} ms, is the time itself (a slow leaf costs one launch).
     */
    private double time(long fn, int[] grid, int[] block, List<Object> args) {
        long start = gpu.event(), end = gpu.event();
        try {
            DoubleSupplier launch = () -> {
                gpu.record(start);
                gpu.launch(fn, grid, block, 0, args);
                gpu.record(end);
                gpu.synchronize(); // a kernel fault surfaces here, under the kernel's name
                return gpu.elapsed(start, end);
            };
            double warm = launch.getAsDouble();
            if (warm > SKIP * best / 1e6 || warm >= ONCE_MS) {
                return warm;
            }
            return repeatAndSkip(launch, RUNS, SKIP, best / 1e6);
        } finally {
            gpu.destroy(start);
            gpu.destroy(end);
        }
    }

    /**
     * Repeat-and-skip: up to {@code runs} runs, stopping after the first that takes more than {@code skip} ×
     * {@code best} (ms; infinite before the first time); the median of the runs made (the mean of the middle two for
     * an even count).
     */
    public static double repeatAndSkip(DoubleSupplier run, int runs, double skip, double best) {
        double[] ms = new double[runs];
        int n = 0;
        while (n < runs) {
            ms[n++] = run.getAsDouble();
            if (ms[n - 1] > skip * best) {
                break;
            }
        }
        double[] s = Arrays.copyOf(ms, n);
        Arrays.sort(s);
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** Runs once on pristine inputs and compares the arrays the kernel writes: the first difference, or null. */
    private String check(long fn, int[] grid, int[] block, List<Object> args, List<long[]> temporaries) {
        if (expected == null) {
            return null;
        }
        for (long[] a : arrays.values()) {
            gpu.copy(a[1], a[0], a[2]);
        }
        zero(temporaries);
        gpu.launch(fn, grid, block, 0, args);
        gpu.synchronize();
        checks++;
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            Object got = gpu.download(arrays.get(e.getKey())[1], e.getValue());
            String diff = SeededInputs.difference(e.getKey(), e.getValue(), got);
            if (diff != null) {
                return diff;
            }
        }
        return null;
    }

    private void zero(List<long[]> temporaries) {
        for (long[] t : temporaries) {
            gpu.zero(t[0], t[1]);
        }
    }

    /** Draws the inputs, computes the expected outputs and puts both copies of every input array on the device. */
    private void prepare(Implementation impl, LaunchDescription l) {
        inputs = SeededInputs.draw(impl.kernel(), l, seed);
        try {
            expected = inputs.expected(source, impl);
        } catch (RuntimeException e) {
            unchecked = "outputs not checked: " + e.getMessage();
        }
        upload();
    }

    /** How many new bests had their output checked. */
    public int checks() {
        return checks;
    }

    /** How many checked outputs were wrong. */
    public int wrong() {
        return wrong;
    }

    /**
     * One line on the outputs checked and one per reason evaluations failed ({@code N × reason}, the most frequent
     * three), for the search's summary.
     */
    public List<String> report() {
        List<String> lines = new ArrayList<>();
        lines.add(unchecked != null ? unchecked
                : "outputs checked against the kernel's semantics: " + checks + " new bests, " + wrong + " wrong");
        lines.add(String.format(java.util.Locale.ROOT, "code generation and %s (on the worker threads): %.1f s in all%s",
                ptxas == null ? "the driver's JIT" : ptxas.path() + " for " + deviceArch, prepareNanos.get() / 1e9,
                ptxasFailures.get() == 0 ? "" : "; ptxas failed on " + ptxasFailures.get() + " leaves, JIT-compiled"));
        failures.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(3)
                .forEach(e -> lines.add("  failed " + e.getValue() + " × " + e.getKey()));
        return lines;
    }

    /** Why outputs are not checked (the kernel is too large for the reference), or null. */
    public String unchecked() {
        return unchecked;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() {
        try {
            for (long[] a : arrays.values()) {
                gpu.free(a[0]);
                gpu.free(a[1]);
            }
        } finally {
            gpu.close();
        }
    }
}
