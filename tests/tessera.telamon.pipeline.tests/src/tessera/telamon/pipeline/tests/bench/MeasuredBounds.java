package tessera.telamon.pipeline.tests.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostics;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Target;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.model.Hardware;
import tessera.telamon.model.LowerBound;
import tessera.telamon.pipeline.GpuSpace;
import tessera.telamon.pipeline.tests.LeafCodeTest;
import tessera.telamon.search.RandomDescent;
import tessera.telamon.space.Device;
import tessera.telamon.space.Fixed;

/**
 * Seed 001 §5.4 (Fig. 5.1) on measured leaves: regenerates issue 18's random leaves (bench.GpuLeaves, seed 2026)
 * of axpy 2^20 and matmul 256, checks each is the leaf that was timed on the H200 (same grid and block), and
 * compares the Hopper bound with the measured time. Prints CSV: kernel, leaf, measured ns, bound ns, ratio.
 * {@code JTEST_MAIN=tessera.telamon.pipeline.tests.bench.MeasuredBounds dev/jtest-tcpa tessera.telamon.pipeline -- [RESULTS.json]}
 */
public final class MeasuredBounds {
    /** One measured leaf and its bound. */
    public record Row(String kernel, String leaf, boolean sameLeaf, double measuredNs, double boundNs,
            double emittedNs) {
        /** Measured time over the (compiled-order) bound: at least 1 when the bound is sound. */
        public double ratio() {
            return measuredNs / boundNs;
        }
    }

    public static final String RESULTS = "gpu/results/h200-600-leaves-before-reqntid.json";

    private MeasuredBounds() {
    }

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "tests/tessera.telamon.pipeline.tests/" + RESULTS);
        System.out.println("kernel,leaf,same_leaf,measured_ns,bound_ns,ratio,emitted_bound_ns,emitted_ratio");
        for (Row r : rows(results, Hardware.builtIn("hopper"))) {
            System.out.printf(java.util.Locale.ROOT, "%s,%s,%s,%.0f,%.1f,%.3f,%.1f,%.3f%n", r.kernel(), r.leaf(),
                    r.sameLeaf(), r.measuredNs(), r.boundNs(), r.ratio(), r.emittedNs(), r.measuredNs() / r.emittedNs());
        }
    }

    /** The measured leaves of {@code results} (those that ran correctly) with their regenerated bounds. */
    public static List<Row> rows(Path results, Hardware hw) throws Exception {
        JsonObject kernels = JsonParser.parseString(Files.readString(results)).getAsJsonObject().getAsJsonObject("kernels");
        List<Row> out = new ArrayList<>();
        out.addAll(kernel("axpy", LeafCodeTest.example("axpy", Map.of("n", 1L << 20)), 2026,
                kernels.getAsJsonObject("axpy").getAsJsonArray("rows"), hw));
        out.addAll(kernel("matmul_256", LeafCodeTest.example("matmul_256", Map.of()), 2027,
                kernels.getAsJsonObject("matmul_256").getAsJsonArray("rows"), hw));
        return out;
    }

    private static List<Row> kernel(String name, Kernel k, long seed, JsonArray rows, Hardware hw) {
        Diagnostics d = new Diagnostics();
        Candidate root = GpuSpace.root(k, Device.of("sm_90"), d);
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, JsonObject> byLeaf = new java.util.HashMap<>();
        for (JsonElement e : rows) {
            byLeaf.put(e.getAsJsonObject().get("leaf").getAsString(), e.getAsJsonObject());
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            RandomDescent.Result r = RandomDescent.run(root, random);
            String leaf = String.format("leaf_%04d", i);
            JsonObject m = byLeaf.get(leaf);
            if (m == null || !m.has("ms") || m.get("ms").isJsonNull() || m.get("wrong").getAsInt() != 0) {
                continue;
            }
            CodeGenerator.Output o = CodeGenerator.generate(Fixed.implementation(k, r.leaf()), Target.SM_90);
            JsonObject launch = JsonParser.parseString(o.launch().toJson()).getAsJsonObject();
            boolean same = dims(launch, "block").equals(m.getAsJsonArray("block").toString().replace(" ", ""))
                    && dims(launch, "grid").equals(m.getAsJsonArray("grid").toString().replace(" ", ""));
            LowerBound.Bound b = LowerBound.of(k, r.leaf(), hw, LowerBound.Ordering.COMPILED);
            LowerBound.Bound e = LowerBound.of(k, r.leaf(), hw, LowerBound.Ordering.EMITTED);
            if ((name + ":" + leaf).equals(System.getenv("SHOW_LEAF"))) {
                System.err.println(String.join("\n", r.decisions()));
                System.err.println(b.why().render());
                System.err.println(e.why().render());
            }
            out.add(new Row(name, leaf, same, m.get("ms").getAsDouble() * 1e6, b.nanoseconds(), e.nanoseconds()));
        }
        return out;
    }

    private static String dims(JsonObject launch, String key) {
        JsonElement e = launch.get(key);
        if (e == null) {
            return "?";
        }
        if (e.isJsonArray()) {
            List<String> v = new ArrayList<>();
            e.getAsJsonArray().forEach(x -> v.add(x.isJsonPrimitive() ? x.getAsString() : x.getAsJsonObject().get("value").getAsString()));
            return "[" + String.join(",", v) + "]";
        }
        return e.toString();
    }
}
