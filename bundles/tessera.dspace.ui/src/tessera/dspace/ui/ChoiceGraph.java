package tessera.dspace.ui;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import tessera.diagram.Diagram;
import tessera.dspace.runtime.Program;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Kind;

/**
 * The choices of a compiled decision space and the constraints linking them (seed 001a §3.5: each propagator group
 * restricts one target choice from its input choices): one node per choice, one edge input → target per pair, labelled
 * with the constraints (group origins) that relate them. Counter terms are edges too (term choice → counter). Hidden
 * compiler choices (counter δ's) are folded into the counter they belong to. Node payloads are choice names.
 */
public final class ChoiceGraph {
    static final int ENUM = 0xE1EDF9, INTEGER = 0xE8F6E8, COUNTER = 0xFDF0DC, INK = 0x34495E, TERM = 0xB9770E;

    private ChoiceGraph() {
    }

    public static Diagram build(String title, Program p) {
        Diagram d = new Diagram();
        d.title = title;
        d.direction = Diagram.Direction.DOWN;
        for (ChoiceInfo c : p.choices) {
            if (c.hidden()) {
                continue;
            }
            Diagram.Node n = d.node(c.name()).payload(c.name()).shape(Diagram.Shape.ROUNDED);
            n.lines.add(c.name() + params(p, c));
            n.lines.add(describe(c));
            n.colors(c.kind() == Kind.ENUM ? ENUM : c.kind() == Kind.INTEGER ? INTEGER : COUNTER, INK);
            n.tooltip(c.kind().name().toLowerCase() + " choice " + c.name() + params(p, c));
        }
        Map<String, Set<String>> links = new LinkedHashMap<>();
        for (Program.Group g : p.groups) {
            String target = visible(p, g.target().choice());
            for (Program.Input in : g.inputs()) {
                if (in instanceof Program.ChoiceInput ci) {
                    link(links, visible(p, ci.p().choice()), target, g.origin());
                }
            }
            for (Program.NumLit n : g.numLits()) {
                link(links, visible(p, n.lhs().choice()), target, g.origin());
                if (n.rhs() != null) {
                    link(links, visible(p, n.rhs().choice()), target, g.origin());
                }
            }
        }
        // one edge per pair of choices; a constraint restricting both ways (most do) is drawn once, marked <->
        Set<String> drawn = new LinkedHashSet<>();
        links.forEach((k, origins) -> {
            String[] ft = k.split("\u0000");
            String back = ft[1] + "\u0000" + ft[0];
            if (drawn.contains(back)) {
                return;
            }
            drawn.add(k);
            Set<String> all = new LinkedHashSet<>(origins);
            boolean both = links.containsKey(back);
            if (both) {
                all.addAll(links.get(back));
            }
            Diagram.Edge e = d.edge(d.findNode(ft[0]), d.findNode(ft[1]));
            e.label((both ? "<-> " : "") + (all.size() == 1 ? shorten(all.iterator().next()) : all.size() + " constraints"));
            e.tooltip(String.join("\n", all));
            e.payload(k);
        });
        for (Program.CounterInfo ci : p.counters.values()) {
            String counter = p.choices.get(ci.choice()).name();
            if (ci.valueChoice() != null) {
                String term = visible(p, ci.valueChoice().choice());
                if (!term.equals(counter)) {
                    d.edge(d.findNode(term), d.findNode(counter)).label(ci.kind().name().toLowerCase()).color(TERM).dashed(true);
                }
            }
        }
        return d;
    }

    private static void link(Map<String, Set<String>> links, String from, String to, String origin) {
        if (!from.equals(to)) {
            links.computeIfAbsent(from + "\u0000" + to, x -> new LinkedHashSet<>()).add(origin);
        }
    }

    /** A hidden δ choice {@code __delta_<counter>} stands for its counter. */
    private static String visible(Program p, int choice) {
        ChoiceInfo c = p.choices.get(choice);
        if (!c.hidden()) {
            return c.name();
        }
        for (ChoiceInfo o : p.choices) {
            if (!o.hidden() && c.name().equals("__delta_" + o.name())) {
                return o.name();
            }
        }
        return p.choices.stream().filter(o -> !o.hidden()).findFirst().map(ChoiceInfo::name).orElse(c.name());
    }

    private static String params(Program p, ChoiceInfo c) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < c.arity(); i++) {
            sb.append(i > 0 ? ", " : "").append(p.setNames.get(c.paramSets()[i]));
        }
        return sb.append(')').toString();
    }

    static String describe(ChoiceInfo c) {
        return switch (c.kind()) {
            case ENUM -> String.join(" | ", c.values()) + (c.symmetry() == null || c.symmetry().name().equals("NONE") ? ""
                    : "  (" + c.symmetry().name().toLowerCase() + ")");
            case INTEGER -> "integer (universe from the instance)";
            case COUNTER -> "counter [min, max]";
        };
    }

    private static String shorten(String s) {
        String one = s.replaceAll("\\s+", " ").trim();
        return one.length() > 40 ? one.substring(0, 39) + "…" : one;
    }
}
