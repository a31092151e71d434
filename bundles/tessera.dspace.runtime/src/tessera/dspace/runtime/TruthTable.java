package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.Program.Binder;
import tessera.dspace.runtime.Program.Cell;
import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.Program.Entry;
import tessera.dspace.runtime.Program.Group;
import tessera.dspace.runtime.Program.Input;
import tessera.dspace.runtime.Program.Kind;
import tessera.dspace.runtime.Program.Leaf;
import tessera.dspace.runtime.Program.Node;
import tessera.dspace.runtime.Program.NumLit;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.Program.Split;
import tessera.dspace.runtime.RuleGroups.Renamed;
import tessera.dspace.runtime.ir.Op;

/**
 * Seed 001a §3.5 steps 5–6, stage 4 of the DSL compiler (telamon-gen's {@code truth_table.rs}): the truth table of a
 * propagator group over its enum inputs and the if-tree that computes the union of its cells.
 */
final class TruthTable {
    /** A group whose table would exceed this many cells is an error: the constraint must be split. */
    static final int MAX_CELLS = 1 << 12;

    private TruthTable() {
    }

    private static void checkSize(Program prog, List<Rule> rs) {
        long cells = 1;
        for (Input in : rs.get(0).inputs()) {
            cells *= in.size();
        }
        if (cells > MAX_CELLS) {
            throw Declarations.error("a constraint on " + prog.choices.get(rs.get(0).target().choice()).name() + " (" + rs.get(0).origin()
                    + ") has " + rs.get(0).inputs().size() + " enum inputs (" + cells + " truth-table cells)",
                    "split the constraint: conditions involve at most a few choices (seed 001a L766)");
        }
    }

    /** Step 5–6: the truth table of a group over its enum inputs and the if-tree computing its union. */
    static Group of(Program prog, int id, List<Renamed> group) {
        List<Rule> rules = new ArrayList<>();
        for (Renamed r : group) {
            rules.add(r.rule());
        }
        checkSize(prog, rules);
        Rule first = rules.get(0);
        int[] ren0 = group.get(0).ren();
        int n = first.binders().length;
        Binder[] bs = new Binder[n];
        for (int i = 0; i < n; i++) {
            Binder b = first.binders()[i];
            bs[ren0[i]] = new Binder(b.name(), b.set(), b.arg() < 0 ? -1 : ren0[b.arg()]);
        }
        Pattern target = RuleGroups.rename(first.target(), ren0);
        List<Input> inputs = new ArrayList<>();
        Map<String, Integer> inputIdx = new HashMap<>();
        List<NumLit> nums = new ArrayList<>();
        Map<String, Integer> numIdx = new HashMap<>();
        ChoiceInfo tc = prog.choices.get(target.choice());
        boolean enumTarget = tc.kind() == Kind.ENUM;
        // per-rule input/num-literal maps into the group's lists
        List<int[]> inMaps = new ArrayList<>(), numMaps = new ArrayList<>();
        for (Renamed rn : group) {
            Rule r = rn.rule();
            int[] ren = rn.ren();
            int[] im = new int[r.inputs().size()];
            for (int i = 0; i < im.length; i++) {
                Input in = RuleGroups.rename(r.inputs().get(i), ren);
                im[i] = inputIdx.computeIfAbsent(RuleGroups.inputKey(in), x -> {
                    inputs.add(in);
                    return inputs.size() - 1;
                });
            }
            int[] nm = new int[r.nums().size()];
            for (int i = 0; i < nm.length; i++) {
                NumLit l = r.nums().get(i);
                NumLit nl = new NumLit(RuleGroups.rename(l.lhs(), ren), l.op(), RuleGroups.rename(l.rhs(), ren), l.snippet(),
                        l.snippetArgs() == null ? null : RuleGroups.mapArgs(l.snippetArgs(), ren));
                String key = nl.lhs().key() + nl.op() + (nl.rhs() == null ? "" : nl.rhs().key()) + nl.snippet()
                        + Arrays.toString(nl.snippetArgs());
                nm[i] = numIdx.computeIfAbsent(key, x -> {
                    nums.add(nl);
                    return nums.size() - 1;
                });
            }
            inMaps.add(im);
            numMaps.add(nm);
        }
        int m = inputs.size();
        int[] radix = new int[m];
        int cells = 1;
        for (int i = 0; i < m; i++) {
            radix[i] = inputs.get(i).size();
            cells *= radix[i];
        }
        long all = enumTarget ? tc.all() : -1L;
        Cell[] table = new Cell[cells];
        int[] w = new int[m];
        for (int c = 0; c < cells; c++) {
            int rem = c;
            for (int i = 0; i < m; i++) {
                w[i] = rem % radix[i];
                rem /= radix[i];
            }
            long base = all;
            List<Entry> entries = new ArrayList<>();
            for (int ri = 0; ri < rules.size(); ri++) {
                Rule r = rules.get(ri);
                int[] im = inMaps.get(ri), nm = numMaps.get(ri);
                boolean applies = true;
                List<Integer> guards = new ArrayList<>();
                for (Object[] p : r.premises()) {
                    switch ((String) p[0]) {
                        case "is" -> applies &= ((((Long) p[2]) >>> w[im[(Integer) p[1]]]) & 1) == 0;
                        case "cmp" -> applies &= !((Op) p[2]).test(w[im[(Integer) p[1]]], w[im[(Integer) p[3]]]);
                        default -> guards.add(nm[(Integer) p[1]]);
                    }
                }
                if (!applies) {
                    continue;
                }
                long mask = 0;
                List<Integer> concl = new ArrayList<>();
                List<Boolean> left = new ArrayList<>();
                for (Object[] k : r.conclusions()) {
                    switch ((String) k[0]) {
                        case "is" -> mask |= (Long) k[1];
                        case "cmp" -> {
                            int wo = w[im[(Integer) k[2]]];
                            for (int v = 0; v < tc.nvalues(); v++) {
                                if (((Op) k[1]).test(v, wo)) {
                                    mask |= 1L << v;
                                }
                            }
                        }
                        default -> {
                            concl.add(nm[(Integer) k[1]]);
                            left.add((Boolean) k[2]);
                        }
                    }
                }
                if (enumTarget) {
                    mask &= all;
                    if (mask == all) {
                        continue;
                    }
                    if (guards.isEmpty()) {
                        base &= mask;
                    } else {
                        entries.add(new Entry(toInts(guards), mask, new int[0], new boolean[0]));
                    }
                } else {
                    boolean[] tl = new boolean[left.size()];
                    for (int i = 0; i < tl.length; i++) {
                        tl[i] = left.get(i);
                    }
                    entries.add(new Entry(toInts(guards), 0, toInts(concl), tl));
                }
            }
            table[c] = new Cell(base, entries);
        }
        int[] remaining = new int[m];
        for (int i = 0; i < m; i++) {
            remaining[i] = i;
        }
        int[] idx = new int[cells];
        for (int i = 0; i < cells; i++) {
            idx[i] = i;
        }
        Node tree = tree(table, radix, remaining, idx, all, enumTarget);
        return new Group(id, rules.size() == 1 ? first.origin() : first.origin() + " (+" + (rules.size() - 1) + " merged)",
                bs, target, inputs.toArray(Input[]::new), nums.toArray(NumLit[]::new), table, tree, rules.size());
    }

    private static int[] toInts(List<Integer> l) {
        int[] r = new int[l.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = l.get(i);
        }
        return r;
    }

    /**
     * Builds the if-tree over the cells {@code cells} (indices into the full table) that still vary over
     * {@code inputs}: pick the input whose split gives the fewest distinct sub-tables, skip inputs that do not
     * matter, merge identical sub-tables into one case, drop all-empty sub-tables ([R] telamon-gen truth_table.rs).
     */
    private static Node tree(Cell[] table, int[] radix, int[] inputs, int[] cells, long all, boolean enumTarget) {
        String k0 = table[cells[0]].key();
        boolean uniform = true;
        for (int c : cells) {
            if (!table[c].key().equals(k0)) {
                uniform = false;
                break;
            }
        }
        if (uniform) {
            return new Leaf(table[cells[0]]);
        }
        int best = -1, bestDistinct = Integer.MAX_VALUE;
        List<Map<String, List<Integer>>> bestParts = null;
        for (int ii = 0; ii < inputs.length; ii++) {
            int in = inputs[ii];
            Map<String, List<Integer>> parts = new LinkedHashMap<>();
            List<List<Integer>> byValue = partition(cells, radix, in);
            for (int v = 0; v < radix[in]; v++) {
                parts.computeIfAbsent(subKey(table, byValue.get(v)), x -> new ArrayList<>()).add(v);
            }
            if (parts.size() > 1 && parts.size() < bestDistinct) {
                best = ii;
                bestDistinct = parts.size();
                bestParts = List.of(parts);
            }
        }
        if (best < 0) {
            return new Leaf(table[cells[0]]); // cannot happen: non-uniform tables split on some input
        }
        int in = inputs[best];
        int[] rest = new int[inputs.length - 1];
        for (int i = 0, j = 0; i < inputs.length; i++) {
            if (i != best) {
                rest[j++] = inputs[i];
            }
        }
        List<List<Integer>> byValue = partition(cells, radix, in);
        List<Long> masks = new ArrayList<>();
        List<Node> kids = new ArrayList<>();
        for (List<Integer> values : bestParts.get(0).values()) {
            List<Integer> sub = byValue.get(values.get(0));
            boolean empty = enumTarget;
            for (int c : sub) {
                if (!(table[c].base() == 0 && table[c].entries().isEmpty())) {
                    empty = false;
                }
            }
            if (empty) {
                continue; // contributes nothing to the union
            }
            long mask = 0;
            for (int v : values) {
                mask |= 1L << v;
            }
            masks.add(mask);
            kids.add(tree(table, radix, rest, sub.stream().mapToInt(Integer::intValue).toArray(), all, enumTarget));
        }
        long[] ms = new long[masks.size()];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = masks.get(i);
        }
        return new Split(in, ms, kids.toArray(Node[]::new));
    }

    private static List<List<Integer>> partition(int[] cells, int[] radix, int in) {
        int stride = 1;
        for (int i = 0; i < in; i++) {
            stride *= radix[i];
        }
        List<List<Integer>> r = new ArrayList<>();
        for (int v = 0; v < radix[in]; v++) {
            r.add(new ArrayList<>());
        }
        for (int c : cells) {
            r.get((c / stride) % radix[in]).add(c);
        }
        return r;
    }

    private static String subKey(Cell[] table, List<Integer> cells) {
        StringBuilder sb = new StringBuilder();
        for (int c : cells) {
            sb.append(table[c].key()).append('#');
        }
        return sb.toString();
    }
}
