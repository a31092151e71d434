package tessera.ui.tests;

import tessera.diagram.Diagram;

/** Diagrams that exercise every drawing feature (shapes, ports, labels, dashed edges, self loops). */
final class SampleDiagrams {
    private SampleDiagrams() {
    }

    static Diagram chain(String... names) {
        Diagram d = new Diagram();
        d.title = "chain";
        Diagram.Node prev = null;
        for (String n : names) {
            Diagram.Node node = d.node(n).lines(n).payload(n);
            if (prev != null) {
                d.edge(prev, node).label(prev.id + "→" + n);
            }
            prev = node;
        }
        return d;
    }

    /** Shaped like seed 003 Fig. 3 (bit extraction), drawn by hand here to test the renderer. */
    static Diagram fig3Like() {
        Diagram d = new Diagram();
        d.title = "bit extraction (renderer test)";
        Diagram.Node in = d.node("in").lines("in").shape(Diagram.Shape.ROUNDED).colors(0xE8F8F5, 0x117A65);
        Diagram.Node one = d.node("c1").lines("1").shape(Diagram.Shape.CIRCLE).colors(0xFEF9E7, 0x9A7D0A);
        Diagram.Node x = d.node("x").lines("x", "[move]", "i = 0").payload("x");
        Diagram.Node y = d.node("y").lines("y", "[shr]", "0 ≤ i < N").payload("y");
        Diagram.Node b = d.node("b").lines("b", "[and]", "0 ≤ i < N").payload("b");
        Diagram.Node bits = d.node("bits").lines("bits").shape(Diagram.Shape.ROUNDED).colors(0xFDEDEC, 0x943126);
        Diagram.Port ya = y.port("A", Diagram.Side.WEST);
        ya.label = "A";
        Diagram.Port yb = y.port("B", Diagram.Side.WEST);
        yb.label = "B";
        d.edge(in, x).label("d=(0)");
        d.edge(x, y).ports(null, ya).label("d=(0) A");
        d.edge(one, y).ports(null, yb).label("B");
        d.edge(y, y).label("d=(1)").dashed(true);
        d.edge(y, b).label("A");
        d.edge(one, b).label("B");
        d.edge(b, bits).label("out").color(0x943126);
        return d;
    }
}
