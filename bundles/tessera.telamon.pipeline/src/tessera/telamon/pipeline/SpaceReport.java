package tessera.telamon.pipeline;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.cli.Json;
import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;
import tessera.telamon.search.ChoiceOrder;
import tessera.telamon.space.Communication;

/**
 * What {@code tessera telamon space} and the builder pass report about a kernel's implementation space: the kernel's
 * objects and, per choice group in the search order, how many choice instances are still open at the root and the
 * product of their domain sizes (an upper bound of the number of implementations, as log10). Choices that follow
 * from the decisions (quotient representatives, counter conditions) are left out.
 */
public final class SpaceReport {
    private SpaceReport() {
    }

    public static Map<String, Object> of(Kernel k, Candidate root) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("kernel", k.name());
        r.put("dimensions", k.dims().size());
        r.put("instructions", k.insts().size());
        r.put("arrays", k.arrays().size());
        r.put("pointToPointPairs", Communication.of(k).size());
        r.put("variables", root.variableCount());
        List<Object> groups = new ArrayList<>();
        double log10 = 0;
        // the decision groups only: representative flags and counter conditions follow from them
        for (String g : ChoiceOrder.GROUPS) {
            int open = 0;
            double lg = 0;
            List<Object> samples = new ArrayList<>();
            for (int v : root.openVariables()) {
                if (root.choiceOf(v).equals(g)) {
                    open++;
                    lg += Math.log10(root.values(v).size());
                    if (samples.size() < 6) {
                        samples.add(g + "(" + String.join(",", root.argsOf(v)) + ") ∈ {" + String.join(", ", root.values(v)) + "}");
                    }
                }
            }
            if (open > 0) {
                groups.add(Json.object("choice", g, "open", open, "log10Product", lg, "examples", samples));
                log10 += lg;
            }
        }
        r.put("openChoices", groups);
        r.put("log10UpperBound", log10);
        return r;
    }

    @SuppressWarnings("unchecked")
    public static String text(Map<String, Object> r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%s: %d dimensions, %d instructions, %d arrays, %d point-to-point pairs; %d choice instances%n",
                r.get("kernel"), r.get("dimensions"), r.get("instructions"), r.get("arrays"), r.get("pointToPointPairs"), r.get("variables")));
        for (Object o : (List<Object>) r.get("openChoices")) {
            Map<String, Object> g = (Map<String, Object>) o;
            sb.append(String.format("  %-15s %5d open (10^%.1f)%n", g.get("choice"), g.get("open"), g.get("log10Product")));
            for (Object e : (List<Object>) g.get("examples")) {
                sb.append("      ").append(e).append('\n');
            }
        }
        sb.append(String.format("  at most 10^%.1f implementations (product of the open domains)%n", r.get("log10UpperBound")));
        return sb.toString();
    }
}
