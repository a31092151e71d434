package tessera.telamon.codegen;

import tessera.telamon.codegen.ControlFlowTree.Node;

/**
 * Seed 001 §4.4.2, Figure 4.4: the control-flow tree as indented text, one line per node: the root, each merge class
 * as {@code d1 = d3 (UNROLL, 4)} (its members, kind and size) and each instruction by name.
 */
public final class TreePrinter {
    private TreePrinter() {
    }

    public static String print(Annotation a, ControlFlowTree t) {
        StringBuilder b = new StringBuilder("root\n");
        for (Node c : t.root().children()) {
            print(a, c, 1, b);
        }
        return b.toString();
    }

    private static void print(Annotation a, Node n, int depth, StringBuilder b) {
        b.append("  ".repeat(depth));
        if (n.isDim()) {
            b.append(String.join(" = ", a.classes().get(n.stmt()))).append(" (").append(a.kind(n.stmt())).append(", ")
                    .append(a.extent(n.stmt()).formula()).append(")\n");
        } else {
            b.append(n.stmt()).append('\n');
        }
        for (Node c : n.children()) {
            print(a, c, depth + 1, b);
        }
    }
}
