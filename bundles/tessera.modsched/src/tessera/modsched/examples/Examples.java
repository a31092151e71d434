package tessera.modsched.examples;

import tessera.core.BundledText;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;
import tessera.modsched.model.Machine;

/**
 * The worked examples of seed 002 §4.4, built programmatically (the same graphs are in {@code motivating.ddg} and
 * {@code recurrence.ddg} next to this class). Both graphs are the digest's reconstructions (digest §5.2, §5.4);
 * the seed has no figures.
 */
public final class Examples {
    private Examples() {
    }

    /** Fig. 2: 12 nodes, 1 load / 1 store / 1 add / 1 mul unit, all pipelined; MII = 4. */
    public static Loop motivating() {
        Machine m = Machine.builder("fig2").pipelined("load", 1).pipelined("store", 1).pipelined("add", 1)
                .pipelined("mul", 1).build();
        Loop.Builder b = Loop.builder("motivating", m);
        String[] type = { "load", "load", "add", "mul", "add", "mul", "store", "mul", "load", "add", "mul", "store" };
        for (int i = 0; i < type.length; i++) {
            b.op("n" + (i + 1), type[i], type[i].equals("store") ? 1 : 2);
        }
        int[][] edges = { { 1, 3 }, { 1, 5 }, { 1, 6 }, { 2, 8 }, { 3, 4 }, { 4, 7 }, { 5, 8 }, { 6, 11 }, { 8, 10 },
                { 9, 10 }, { 10, 11 }, { 11, 12 } };
        for (int[] e : edges) {
            b.edge("n" + e[0], "n" + e[1], 0);
        }
        return b.build();
    }

    /** Fig. 8: 13 nodes A..M on four general-purpose units, latency 2; MII = RecMII = 6. */
    public static Loop recurrence() {
        Machine m = Machine.builder("gp4").pipelined("fu", 4).build();
        Loop.Builder b = Loop.builder("recurrence", m);
        for (char c = 'A'; c <= 'M'; c++) {
            b.op(String.valueOf(c), "fu", 2);
        }
        b.edge("A", "C", 0).edge("A", "D", 0).edge("C", "F", 0).edge("D", "F", 0).edge("F", "A", 1);
        b.edge("F", "G", 0).edge("C", "I", 0).edge("G", "J", 0).edge("I", "J", 0).edge("J", "M", 0)
                .edge("M", "G", 2);
        b.edge("B", "E", 0).edge("E", "H", 0).edge("H", "M", 0).edge("M", "L", 0).edge("L", "K", 0);
        b.edge("E", "L", null, 0, DependenceKind.MEMORY, 0); // connects S3, see recurrence.ddg
        return b.build();
    }

    /** The text of a bundled example file ("motivating.ddg" or "recurrence.ddg"). */
    public static String text(String fileName) {
        return BundledText.read(Examples.class, fileName, "bundled example");
    }
}
