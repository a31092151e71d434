package tessera.tcpa.instantiate.tests.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.emf.ecore.util.EcoreUtil;

import tessera.core.Monitor;
import tessera.rdg.Rdg;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.pipeline.Equivalence;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.mapping.io.SymconfText;
import tessera.tcpa.concrete.io.ConcreteIO;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * Seed 003 §7 Tables 1 and 2 in kind: per example and PE region the program-instantiation time relative to one PE with
 * the number of processor classes (Table 1), and the concrete ÷ symbolic configuration size (Table 2). Footnote 7
 * ("loop bounds and tile sizes chosen to result in these regions"): tile sizes are fixed per example, the bounds of
 * the distributed loops are tile size × region extent. Both configurations are measured as their compact text
 * ({@link SymconfText#bytes}, {@link ConcreteIO#compact}); the instantiation runs on the symbolic configuration re-read
 * from its compact text and the simulation on the concrete one re-read from its compact text. A case that cannot be
 * compiled or instantiated prints "not instantiable: reason" instead of stopping the run. Run it outside Maven:
 * {@code tests/tessera.tcpa.instantiate.tests/bench.sh [--runs R] [--only fir,conv] [--arch fir=X.tcpa] [--sim-max-pes N] [--extra 32x4]}.
 */
public final class InstantiationBenchmark {
    private InstantiationBenchmark() {
    }

    /**
     * An example: PLA, architectures to try in order (the first file that exists), the distributed loops (empty: the
     * mapping's default, the first two), the regions it runs on and the bounds for a region (rows, cols).
     */
    record Example(String name, List<String> archs, List<String> distribute, String tiles, List<int[]> regions,
            BiFunction<Integer, Integer, Map<String, Long>> bounds) {
        String arch(Path root) {
            return archs.stream().filter(a -> Files.isRegularFile(root.resolve("examples/tcpa/" + a))).findFirst().orElse(archs.get(0));
        }
    }

    static final List<int[]> ONE_D = List.of(new int[] {1, 1}, new int[] {1, 16}, new int[] {1, 32});
    static final List<int[]> ALL = List.of(new int[] {1, 1}, new int[] {1, 16}, new int[] {1, 32}, new int[] {4, 4}, new int[] {8, 8},
            new int[] {32, 32});

    /**
     * Fixed tile sizes per example: the distributed loops' bounds are tile size × region extent, the others fixed. The
     * drain loop s of matmul and conv runs over N resp. CO, so their tiles grow with the region's rows.
     */
    static final List<Example> EXAMPLES = List.of(
            new Example("bitext", List.of("bitext-pe.tcpa"), List.of(), "p = 32", ONE_D, (r, c) -> Map.of("N", 32L * c)),
            new Example("fir", List.of("tcpa32x32fir.tcpa", "tcpa32x32.tcpa"), List.of("i", "j"), "p_i = p_j = 4", ALL,
                    (r, c) -> Map.of("N", 4L * r, "M", 4L * c)),
            new Example("matmul", List.of("tcpa32x32.tcpa"), List.of("i", "j"), "p_i = p_j = 4, K = 4", ALL,
                    (r, c) -> Map.of("N", 4L * r, "M", 4L * c, "K", 4L)),
            new Example("conv", List.of("tcpa32x32.tcpa"), List.of("co", "y"), "p_co = p_y = 2, W = CI = KH = KW = 2", ALL,
                    (r, c) -> Map.of("CO", 2L * r, "H", 2L * c, "W", 2L, "CI", 2L, "KH", 2L, "KW", 2L)));

    /** One measured cell. */
    record Cell(String region, int pes, int classes, long tile, double ms, long concreteBytes, String sim, String timeError, String sizeError) {
        Cell withTimeError(String why) {
            return new Cell(region, pes, classes, tile, ms, concreteBytes, sim, shorten(why, 90), sizeError);
        }

        Cell withSizeError(String why) {
            return new Cell(region, pes, classes, tile, ms, concreteBytes, sim, timeError, shorten(why, 90));
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = 5;
        int simMax = 64;
        List<String> only = List.of();
        Map<String, String> archOverride = new LinkedHashMap<>();
        boolean breakdown = false;
        List<int[]> extra = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--only" -> only = List.of(args[++i].split(","));
                case "--arch" -> {
                    String[] kv = args[++i].split("=", 2);
                    archOverride.put(kv[0], kv[1]);
                }
                case "--sim-max-pes" -> simMax = Integer.parseInt(args[++i]);
                case "--no-sim" -> simMax = 0;
                case "--breakdown" -> breakdown = true;
                case "--extra" -> {
                    String[] rc = args[++i].split("x");
                    extra.add(new int[] {Integer.parseInt(rc[0]), Integer.parseInt(rc[1])});
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (use --runs R, --only NAME,.., --arch NAME=FILE.tcpa, --sim-max-pes N, --no-sim, --breakdown, --extra RxC)");
            }
        }
        Path root = tessera.testing.Fixtures.root();
        System.out.printf("java %s, %d processors, runs %d, load average at start: %s%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), runs, loadAverage());
        List<String> table1 = new ArrayList<>();
        List<String> table2 = new ArrayList<>();
        for (Example ex : EXAMPLES) {
            if (!only.isEmpty() && !only.contains(ex.name)) {
                continue;
            }
            List<int[]> regions = new ArrayList<>(ex.regions);
            if (ex.regions == ALL) {
                regions.addAll(extra); // control regions (log lines only), e.g. 32x4: the tile of 32×32 on 1/8 of its PEs
            }
            Example e = new Example(ex.name, archOverride.containsKey(ex.name) ? List.of(archOverride.get(ex.name)) : ex.archs, ex.distribute, ex.tiles,
                    regions, ex.bounds);
            List<Cell> cells = measure(root, e, runs, simMax, breakdown);
            table1.add(row(e, cells, true));
            table2.add(row(e, cells, false));
        }
        String head = "| example | arch, tile sizes | 1 | 16 | 32 | 4×4 | 8×8 | 32×32 |\n|---|---|---|---|---|---|---|---|";
        System.out.println("\nTable 1: program-instantiation time relative to 1 PE (processor classes) / median ms / iterations per tile\n" + head);
        table1.forEach(System.out::println);
        System.out.println("\nTable 2: concrete ÷ symbolic configuration size (compact text bytes; concrete bytes after the slash)\n" + head);
        table2.forEach(System.out::println);
        System.out.println("\nload average at end: " + loadAverage());
    }

    private static String row(Example e, List<Cell> cells, boolean time) {
        Map<String, Cell> by = cells.stream().collect(Collectors.toMap(Cell::region, c -> c, (a, b) -> a, LinkedHashMap::new));
        double base = cells.isEmpty() || cells.get(0).timeError != null ? 0 : cells.get(0).ms;
        long sym = symbolicBytes.getOrDefault(e.name, 0L);
        StringBuilder sb = new StringBuilder("| " + e.name + " | " + archUsed.get(e.name) + (e.distribute.isEmpty() ? "" : ", " + String.join(",", e.distribute) + " distributed") + ", " + e.tiles + (time ? "" : ", symbolic " + sym + " B") + " |");
        for (String region : List.of("1×1", "1×16", "1×32", "4×4", "8×8", "32×32")) {
            Cell c = by.get(region);
            if (c == null) {
                sb.append(" – |");
            } else if ((time ? c.timeError : c.sizeError) != null) {
                sb.append(" not instantiable: ").append((time ? c.timeError : c.sizeError).replace('|', '/')).append(" |");
            } else if (time) {
                sb.append(base == 0 ? " ? " : String.format(" %.2f (%d) / %.0f ms / %d it", c.ms / base, c.classes, c.ms, c.tile)).append(" |");
            } else {
                sb.append(String.format(" %.2f / %d%s |", (double) c.concreteBytes / sym, c.concreteBytes, c.sim.isEmpty() ? "" : " " + c.sim));
            }
        }
        return sb.toString();
    }

    private static final Map<String, Long> symbolicBytes = new TreeMap<>();
    private static final Map<String, String> archUsed = new TreeMap<>();

    private static List<Cell> measure(Path root, Example e, int runs, int simMax, boolean breakdown) throws Exception {
        List<Cell> cells = new ArrayList<>();
        String archName = e.arch(root);
        archUsed.put(e.name, archName);
        Path archFile = root.resolve("examples/tcpa/" + archName);
        String pla = e.name + ".pla";
        String text = Files.readString(root.resolve("examples/pla/" + pla));
        Architecture arch;
        TcpaPipeline.Compiled compiled;
        try {
            arch = ArchitectureLoader.orThrow(ArchitectureLoader.load(Files.readString(archFile), archName));
            MappingState.Options o = MappingState.Options.defaults();
            compiled = TcpaPipeline.compile(pla, text, arch, new MappingState.Options(e.distribute, o.tileSizes(), o.deadline()), Monitor.NULL);
        } catch (RuntimeException ex) {
            e.regions.forEach(r -> cells.add(failed(r, "compile: " + ex)));
            return cells;
        }
        if (!compiled.ok()) {
            String why = "not mappable on " + archName + ": " + firstError(compiled.diagnostics().toString());
            e.regions.forEach(r -> cells.add(failed(r, why)));
            System.out.println(e.name + ": " + why);
            return cells;
        }
        // the instantiation works on the symbolic configuration as read back from its compact text (round trip checked)
        String symText = SymconfText.write(compiled.mapping().config());
        SymbolicConfiguration sym = SymconfText.read(symText);
        if (!SymconfText.write(sym).equals(symText) || !EcoreUtil.equals(sym, compiled.mapping().config())) {
            throw new IllegalStateException(e.name + ": the compact symbolic configuration does not round-trip");
        }
        symbolicBytes.put(e.name, (long) SymconfText.bytes(sym).length);
        Rdg rdg = compiled.pla().rdg();
        for (int[] rc : e.regions) {
            String region = rc[0] + "×" + rc[1];
            Map<String, Long> bounds = e.bounds.apply(rc[0], rc[1]);
            Instantiator.Parameters p = new Instantiator.Parameters(bounds, rc[0], rc[1]);
            Cell cell = new Cell(region, rc[0] * rc[1], 0, 0, 0, 0, "", null, null);
            try {
                // Table 1 times program instantiation (classes, programs, GC), Table 2 needs the whole configuration
                Instantiator.Result r = Instantiator.programs(sym, arch, p, pla, Monitor.NULL);
                if (!r.ok()) {
                    cell = cell.withTimeError(firstError(r.diagnostics().toString()));
                } else {
                    List<Double> ms = new ArrayList<>();
                    // at least R runs and 2 s (short cases get more runs), at most 50
                    for (long start = System.nanoTime(); ms.size() < runs || (System.nanoTime() - start < 2e9 && ms.size() < 50);) {
                        long t0 = System.nanoTime();
                        r = Instantiator.programs(sym, arch, p, pla, Monitor.NULL);
                        ms.add((System.nanoTime() - t0) / 1e6);
                    }
                    double median = ms.stream().sorted().toList().get(ms.size() / 2);
                    long tile = r.config().getTileSizes().stream().mapToLong(Integer::longValue).reduce(1, (x, y) -> x * y);
                    cell = new Cell(region, rc[0] * rc[1], r.config().getProcessorClasses().size(), tile, median, 0, "", null, null);
                    List<Double> sorted = ms.stream().sorted().toList();
                    System.out.printf("%s %s %s: %d classes, |tile| = %d iterations, median %.1f ms (%d runs, min %.1f, max %.1f)%n", e.name, region, bounds,
                            cell.classes, tile, median, ms.size(), sorted.get(0), sorted.get(sorted.size() - 1));
                }
            } catch (RuntimeException | StackOverflowError ex) {
                cell = cell.withTimeError(ex.toString());
            }
            try {
                Instantiator.Result full = Instantiator.run(sym, arch, p, pla, Monitor.NULL);
                if (!full.ok()) {
                    cell = cell.withSizeError(firstError(full.diagnostics().toString()));
                } else {
                    String compact = ConcreteIO.compact(full.config());
                    ConcreteConfiguration back = ConcreteIO.readCompact(compact);
                    if (!ConcreteIO.compact(back).equals(compact) || !EcoreUtil.equals(back, full.config())) {
                        throw new IllegalStateException("the compact concrete configuration does not round-trip");
                    }
                    String sim = "";
                    if (rc[0] * rc[1] <= simMax) {
                        Equivalence.Outcome o = Equivalence.check(rdg, back, bounds, 1);
                        sim = o.equal() ? "(sim ✓)" : "(sim ✗: " + shorten(o.mismatch(), 40) + ")";
                    }
                    int bytes = compact.getBytes(StandardCharsets.UTF_8).length;
                    cell = new Cell(region, cell.pes, cell.classes, cell.tile, cell.ms, bytes, sim, cell.timeError, null);
                    System.out.printf("%s %s: concrete %d B, symbolic %d B %s%s%n", e.name, region, bytes, symbolicBytes.get(e.name), sim,
                            breakdown ? " by record " + breakdown(compact) : "");
                }
            } catch (RuntimeException | StackOverflowError ex) {
                cell = cell.withSizeError(ex.toString());
            }
            if (cell.timeError != null || cell.sizeError != null) {
                System.out.println(e.name + " " + region + " " + bounds + ": " + (cell.timeError != null ? cell.timeError : cell.sizeError));
            }
            cells.add(cell);
        }
        return cells;
    }

    private static Cell failed(int[] rc, String why) {
        return new Cell(rc[0] + "×" + rc[1], rc[0] * rc[1], 0, 0, 0, 0, "", null, null).withTimeError(why).withSizeError(why);
    }

    private static String shorten(String s, int n) {
        String one = s.replaceAll("[\\w.-]+\\.(pla|tcpa):\\d+: (error: )?", "").replace('\n', ' ');
        return one.length() > n ? one.substring(0, n - 1) + "…" : one;
    }

    private static String firstError(String diagnostics) {
        return Stream.of(diagnostics.split("\n")).filter(l -> !l.isBlank()).findFirst().orElse(diagnostics).trim();
    }

    /** Bytes of the compact concrete text per record tag (the first character of a line; program lines count under F). */
    static Map<String, Integer> breakdown(String compact) {
        Map<String, Integer> m = new TreeMap<>();
        String tag = "?";
        for (String l : compact.split("\n")) {
            String t = l.isEmpty() ? "?" : l.substring(0, 1);
            if (l.length() > 1 && l.charAt(1) == '\t') {
                tag = t;
            }
            m.merge(tag, l.length() + 1, Integer::sum);
        }
        return m;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "?";
        }
    }
}
