package tessera.telamon.pipeline.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

import tessera.dspace.runtime.csp.Candidate;
import tessera.telamon.kernel.Kernel;

/**
 * The equivalence study of Tessera's and Telamon's GPU spaces: every fixed candidate of a space projected onto the
 * decisions both make on the kernel's own objects — size, dim_kind (Telamon's INNER_VECTOR read as VECTOR), order
 * (INNER as IN, OUTER as OUT) and thread_mapping (MAPPED_OUT as OUT, MAPPED_IN as IN) — computed by deciding those
 * first (depth first, every value) and then searching one completion of the other choices, so that a projection is
 * kept only when a fixed candidate has it. Pairs are written with their objects in name order.
 */
final class Projections {
    /** The projections found, the dead ends met while deciding the common choices and whether the search finished. */
    record Result(Set<String> projections, long deadEnds, boolean complete) {
    }

    /** {@code restrict(c, var, mask)}: restricts and propagates (plus a space's own replay), false when failed. */
    interface Step {
        boolean restrict(Candidate c, int var, long mask);
    }

    private static final List<String> COMMON = List.of("size", "dim_kind", "order", "thread_mapping");

    private final Set<String> objects;
    private final Step step;
    private final long maxNodes;
    private long nodes, deadEnds;
    private final Set<String> found = new TreeSet<>();

    private Projections(Kernel k, Step step, long maxNodes) {
        this.objects = new java.util.HashSet<>(k.statements());
        this.step = step;
        this.maxNodes = maxNodes;
    }

    static Result of(Kernel k, Candidate root, Step step, long maxNodes) {
        Projections p = new Projections(k, step, maxNodes);
        p.common(root.copy());
        return new Result(p.found, p.deadEnds, p.nodes < maxNodes);
    }

    private boolean isCommon(Candidate c, int v) {
        return COMMON.contains(c.choiceOf(v)) && objects.containsAll(c.argsOf(v));
    }

    private void common(Candidate c) {
        if (++nodes > maxNodes) {
            return;
        }
        int v = first(c, x -> isCommon(c, x));
        if (v < 0) {
            if (complete(c)) {
                found.add(project(c));
            }
            return;
        }
        for (long m = c.domain(v); m != 0; m &= m - 1) {
            Candidate child = c.copy();
            if (step.restrict(child, v, Long.lowestOneBit(m))) {
                common(child);
            } else {
                deadEnds++;
            }
        }
    }

    /** Some fixed candidate below {@code c}. */
    private boolean complete(Candidate c) {
        if (++nodes > maxNodes) {
            return false;
        }
        int v = first(c, x -> true);
        if (v < 0) {
            return true;
        }
        for (long m = c.domain(v); m != 0; m &= m - 1) {
            Candidate child = c.copy();
            if (step.restrict(child, v, Long.lowestOneBit(m)) && complete(child)) {
                return true;
            }
        }
        return false;
    }

    private static int first(Candidate c, Predicate<Integer> p) {
        for (int v : c.openVariables()) {
            if (p.test(v)) {
                return v;
            }
        }
        return -1;
    }

    private String project(Candidate c) {
        Map<String, String> r = new TreeMap<>();
        for (int v = 0; v < c.variableCount(); v++) {
            if (!isCommon(c, v)) {
                continue;
            }
            List<String> args = new ArrayList<>(c.argsOf(v));
            String value = thesis(c.values(v).get(0));
            if (args.size() == 2 && args.get(0).compareTo(args.get(1)) > 0) {
                args = List.of(args.get(1), args.get(0));
                value = inverse(value);
            }
            r.put(c.choiceOf(v) + "(" + String.join(",", args) + ")", value);
        }
        return r.toString();
    }

    /** Telamon's value names in the thesis's (and Tessera's space's) spelling. */
    static String thesis(String v) {
        return switch (v) {
            case "INNER_VECTOR" -> "VECTOR";
            case "INNER" -> "IN";
            case "OUTER" -> "OUT";
            case "MAPPED_OUT" -> "OUT";
            case "MAPPED_IN" -> "IN";
            default -> v;
        };
    }

    static String inverse(String v) {
        return switch (v) {
            case "BEFORE" -> "AFTER";
            case "AFTER" -> "BEFORE";
            case "IN" -> "OUT";
            case "OUT" -> "IN";
            default -> v;
        };
    }
}
