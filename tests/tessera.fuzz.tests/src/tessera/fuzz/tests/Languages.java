package tessera.fuzz.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the fuzzer mutates and runs, per language (issue 22 item 4): the example files (paths under {@code examples/},
 * or {@code fixtures/} of this bundle with a {@code fix:} prefix) and the command lines, each with a weight. Most
 * weight is on parse-and-validate commands; a smaller share runs a heavier pass with small limits. In a command,
 * {@code {FILE}} is the mutated file (in the case's folder, under the example's name), {@code {EX}} the examples
 * folder, {@code {FIX}} this bundle's fixtures folder. A command marked heavy ({@code !}) runs a pass beyond parsing and
 * validation; with {@code tessera.fuzz.heavy} below 1 most cases leave those out (see {@link Fuzzer}).
 */
final class Languages {
    /** A command line template and how often it is chosen relative to the other commands of its target. */
    record Command(int weight, List<String> words, boolean heavy) {
        /** {@code line}: the words; a leading {@code !} marks a heavy command (a pass, not only parse and validate). */
        static Command of(int weight, String line) {
            String l = line.trim();
            boolean heavy = l.startsWith("!");
            return new Command(weight, List.of((heavy ? l.substring(1) : l).trim().split("\\s+")), heavy);
        }
    }

    /**
     * One file to mutate and its commands. {@code projectPath}: where the file lies in a project for {@code tessera
     * build} (null: no builder case); {@code projectCopies}: example files the project needs beside it; {@code weight}:
     * how often the target is chosen relative to the other targets of its language.
     */
    record Target(String seed, List<Command> commands, String projectPath, List<String> projectCopies, int weight) {
        Target(String seed, List<Command> commands, String projectPath, List<String> projectCopies) {
            this(seed, commands, projectPath, projectCopies, 1);
        }
    }

    /** A language: its name as printed, the extension of its main files, and its targets. */
    record Lang(String name, String ext, List<Target> targets) {
    }

    private Languages() {
    }

    static final List<String> NAMES = List.of("pla", "ddg", "tcpa", "exh", "sass", "portmap", "kernels", "kernel");

    static Lang get(String name) {
        return switch (name) {
            case "pla" -> pla();
            case "ddg" -> ddg();
            case "tcpa" -> tcpa();
            case "exh" -> exh();
            case "sass" -> sass();
            case "portmap" -> portmap();
            case "kernels" -> kernels();
            case "kernel" -> kernel();
            default -> throw new IllegalArgumentException("unknown language '" + name + "' (one of " + NAMES + ")");
        };
    }

    private static List<Command> cmds(Object... weightsAndLines) {
        List<Command> l = new ArrayList<>();
        for (int i = 0; i < weightsAndLines.length; i += 2) {
            l.add(Command.of((Integer) weightsAndLines[i], (String) weightsAndLines[i + 1]));
        }
        return l;
    }

    private static Lang pla() {
        // loop bounds and distribution as in examples/tessera.properties, bounds made smaller
        Map<String, String[]> p = Map.of(
                "bitext", new String[] {"--param N=4", "", "1x3"},
                "fir", new String[] {"--param N=4 --param M=2", "--distribute i", "1x3"},
                "matmul", new String[] {"--param N=2 --param M=2 --param K=2", "--distribute i,j", "2x2"},
                "conv", new String[] {"--param CO=2 --param H=2 --param W=2 --param CI=1 --param KH=2 --param KW=2",
                    "--distribute co,y", "2x2"});
        List<Target> t = new ArrayList<>();
        for (var e : p.entrySet()) {
            String[] v = e.getValue();
            // TCPA instantiation with --check, and the builder (which compiles, instantiates and simulates every
            // .pla), take seconds on the 2-D examples: they run on the 1-D ones only
            boolean small = e.getKey().equals("bitext") || e.getKey().equals("fir");
            List<Command> c = cmds(
                    40, "--json rdg {FILE}",
                    15, "rdg {FILE}",
                    5, "rdg {FILE} --dot",
                    25, "--json run {FILE} " + v[0] + " --seed 1",
                    5, "run {FILE} " + v[0] + " --seed 2",
                    4, "!--json compile {FILE} --arch {EX}/tcpa/tcpa4x4.tcpa " + v[1] + " --time-limit 2");
            if (small) {
                c.add(Command.of(2, "!--json instantiate {FILE} --arch {EX}/tcpa/tcpa4x4.tcpa " + v[1] + " " + v[0]
                        + " --pes " + v[2] + " --check"));
            }
            t.add(new Target("pla/" + e.getKey() + ".pla", c, small ? "pla/" + e.getKey() + ".pla" : null,
                    List.of("tessera.properties", "tcpa/tcpa4x4.tcpa")));
        }
        return new Lang("pla", ".pla", t);
    }

    private static Lang ddg() {
        List<Target> t = new ArrayList<>();
        for (String n : List.of("motivating", "recurrence")) {
            t.add(new Target("modsched/" + n + ".ddg", cmds(
                    40, "--json modsched {FILE}",
                    10, "--json modsched {FILE} --algo sms-original",
                    7, "--json modsched {FILE} --algo topdown",
                    7, "--json modsched {FILE} --algo ims",
                    7, "--json modsched {FILE} --algo hrms",
                    5, "!--json modsched {FILE} --algo exact --time-limit 2",
                    10, "modsched {FILE}",
                    4, "modsched {FILE} --csv mrt.csv"),
                    "modsched/" + n + ".ddg", List.of()));
        }
        return new Lang("ddg", ".ddg", t);
    }

    private static Lang tcpa() {
        List<Target> t = new ArrayList<>();
        for (String n : List.of("fig4", "bitext-pe", "tcpa4x4", "tcpa32x32", "tcpa32x32fir")) {
            t.add(new Target("tcpa/" + n + ".tcpa", cmds(
                    50, "--json topology {FILE} --time-limit 2",
                    20, "topology {FILE} --time-limit 2",
                    10, "topology {FILE} --dot --time-limit 2",
                    6, "!--json compile {EX}/pla/bitext.pla --arch {FILE} --time-limit 2",
                    3, "!--json instantiate {EX}/pla/bitext.pla --arch {FILE} --param N=4 --pes 1x3 --check"),
                    "tcpa/" + n + ".tcpa", List.of()));
        }
        return new Lang("tcpa", ".tcpa", t);
    }

    private static Lang exh() {
        List<Target> t = new ArrayList<>();
        t.add(new Target("dspace/scheduling.exh", cmds(
                35, "--json dspace check {FILE}",
                10, "dspace check {FILE}",
                20, "--json dspace explore {FILE} --instance {EX}/dspace/scheduling-3.json --limit 1000 --time-limit 2",
                15, "--json dspace explore {FILE} --instance {EX}/dspace/scheduling-3.json --count --limit 1000 --time-limit 2",
                5, "dspace explore {FILE} --instance {EX}/dspace/scheduling-3.json --count --limit 100 --time-limit 2",
                1, "!--json dspace explore {FILE} --instance {EX}/dspace/scheduling-3.json --generated --limit 100 --time-limit 2"),
                "dspace/scheduling.exh", List.of()));
        t.add(new Target("dspace/scheduling-3.json", cmds(
                30, "--json dspace explore {EX}/dspace/scheduling.exh --instance {FILE} --limit 1000 --time-limit 2",
                20, "--json dspace explore {EX}/dspace/scheduling.exh --instance {FILE} --count --limit 1000 --time-limit 2",
                5, "dspace explore {EX}/dspace/scheduling.exh --instance {FILE} --count --limit 100 --time-limit 2"),
                null, List.of()));
        for (String n : List.of("communication", "dimensions", "gpu", "kernel", "limits", "memory", "order", "threads")) {
            t.add(new Target("telamon/space/" + n + ".exh", cmds(
                    35, "--json dspace check {FILE}",
                    10, "dspace check {FILE}"),
                    "dspace/" + n + ".exh", List.of()));
        }
        return new Lang("exh", ".exh", t);
    }

    private static Lang sass() {
        List<Target> t = new ArrayList<>();
        for (String n : List.of("cfd_flux", "divergent", "dot64", "local_spill", "pressure_loop", "smem_reduce")) {
            t.add(new Target("regdem/" + n + ".sass", cmds(
                    40, "--json regdem {FILE} --block 128 --time-limit 3",
                    15, "regdem {FILE} --block 128 --out out.sass --time-limit 3",
                    15, "regdem {FILE} --list-kernels",
                    10, "--json regdem {FILE} --block 256 --target-occupancy 0.5 --time-limit 3",
                    5, "--json regdem {FILE} --block 64 --demote 4 --arch sm_70 --time-limit 3",
                    5, "--json regdem {FILE} --block 32x4 --smem 1024 --occupancy-model paper --predictor paper --time-limit 3"),
                    "regdem/" + n + ".sass", List.of("tessera.properties")));
        }
        return new Lang("sass", ".sass", t);
    }

    private static Lang portmap() {
        List<Target> t = new ArrayList<>();
        for (String n : List.of("toy", "toy-lpaux", "skylake")) {
            boolean small = !n.equals("skylake");
            t.add(new Target("palmed/" + n + ".portmap", cmds(
                    40, "--json palmed predict --mapping {FILE} {FIX}/toy-block.s",
                    10, "palmed predict --mapping {FILE} {FIX}/att-block.s",
                    15, "--json palmed compare --machine {FILE} --mapping {FILE} --blocks 20 --with none --seed 1",
                    small ? 6 : 2, "!--json palmed infer --machine {FILE} --instructions "
                            + (small ? "all" : "ADDSS,BSR,JNLE,DIVPS") + " --time-limit 2 --allow-unexplained"),
                    "palmed/" + n + ".portmap", List.of()));
        }
        return new Lang("portmap", ".portmap", t);
    }

    private static Lang kernels() {
        List<Target> t = new ArrayList<>();
        List<Command> c = cmds(
                45, "--json palmed predict --mapping {EX}/palmed/toy.portmap {FILE}",
                15, "palmed predict --mapping {EX}/palmed/toy-lpaux.portmap {FILE}",
                15, "--json palmed compare --machine {EX}/palmed/toy.portmap --mapping {EX}/palmed/toy.portmap {FILE} --with none",
                5, "!--json palmed infer --machine {EX}/palmed/toy.portmap --instructions @{FILE} --time-limit 2 --allow-unexplained");
        t.add(new Target("palmed/toy.kernels", c, null, List.of()));
        t.add(new Target("fix:toy-block.s", c, null, List.of()));
        t.add(new Target("fix:att-block.s", c, null, List.of()));
        return new Lang("kernels", ".kernels", t);
    }

    private static Lang kernel() {
        List<Target> t = new ArrayList<>();
        for (String n : List.of("axpy", "batched_matmul", "matmul_1024", "matmul_256", "outer_product", "reuse_matmul",
                "scal", "strided_matmul")) {
            // the space of the small kernels is built in milliseconds; descents, statistics and code generation run
            // on those only (on the matmul variants one case takes seconds)
            boolean small = n.equals("axpy") || n.equals("scal") || n.equals("outer_product");
            // the space of a matmul variant takes a quarter of a second: a heavy command there, its instance the light one
            List<Command> c = small ? cmds(
                    35, "--json telamon space {FILE} --time-limit 3",
                    10, "telamon space {FILE} --arch sm_75 --time-limit 3",
                    10, "--json telamon instance {FILE} --time-limit 3") : cmds(
                    10, "!--json telamon space {FILE} --time-limit 3",
                    5, "!telamon space {FILE} --arch sm_75 --time-limit 3",
                    40, "--json telamon instance {FILE} --time-limit 3");
            if (small) {
                c.addAll(cmds(
                        10, "!--json telamon sample {FILE} --descents 2 --seed 1 --time-limit 3",
                        5, "!--json telamon codegen {FILE} --decisions {EX}/telamon/" + n + ".decisions --out-dir gen --time-limit 3",
                        2, "!--json telamon stats {FILE} --descents 10 --probes 10 --seed 1 --time-limit 3"));
                t.add(new Target("telamon/" + n + ".decisions", cmds(
                        10, "--json telamon codegen {EX}/telamon/" + n + ".kernel --decisions {FILE} --out-dir gen --time-limit 3",
                        3, "telamon codegen {EX}/telamon/" + n + ".kernel --decisions {FILE} --out-dir gen --time-limit 3"),
                        null, List.of(), 2));
            }
            t.add(new Target("telamon/" + n + ".kernel", c, "telamon/" + n + ".kernel", List.of(), small ? 4 : 1));
        }
        return new Lang("kernel", ".kernel", t);
    }
}
