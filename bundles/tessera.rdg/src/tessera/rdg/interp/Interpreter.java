package tessera.rdg.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.poly.Constraint;
import tessera.core.poly.IntVector;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.PolySet;
import tessera.rdg.ConstantEdge;
import tessera.rdg.ConstantNode;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.Matrix;
import tessera.rdg.Node;
import tessera.rdg.OperationNode;
import tessera.rdg.OutputEdge;
import tessera.rdg.Rdg;

/**
 * Seed 003 §4, reference interpreter of a PLA given as its RDG: evaluates every instance S_i[I], I ∈ 𝓘_i, in a
 * topological order of the instance dependence graph (depth-first, operands before users), independent of any
 * mapping. Integer semantics are those of {@link Ops} (32-bit two's complement, wrap-around). A dependence edge
 * (v, w) with distance d reads the instance of x_k at I − d from whichever defining equation's condition space
 * contains I − d. Problems (missing parameter or input, undefined instance, cyclic instances, double definition of
 * an output) come back as diagnostics, never as exceptions.
 */
public final class Interpreter {
    /** Largest number of instances one run evaluates (memory guard). */
    public static final long MAX_INSTANCES = 5_000_000;

    private final Rdg rdg;
    private final String file;
    private final Map<String, Long> params;
    private final Inputs inputs;
    private final Monitor monitor;
    private final Diagnostics diagnostics = new Diagnostics();

    // per operation node
    private final List<OperationNode> ops = new ArrayList<>();
    private final Map<OperationNode, Integer> opIndex = new HashMap<>();
    private long[][][] points;          // [node][instance] -> I
    private Map<IntVector, Integer>[] lookup;  // [node]: I -> instance
    private int[][] values;
    private byte[][] state;             // 0 new, 1 on stack, 2 done
    private Operand[][] operands;       // [node][pos-1]
    private Ops.Op[] semantics;

    private sealed interface Operand permits Const, In, Dep {
    }

    private record Const(int value) implements Operand {
    }

    private record In(String variable, long[][] q, long[] d) implements Operand {
    }

    private record Dep(int[] sources, long[] d, String variable) implements Operand {
    }

    private static final class Abort extends RuntimeException {
        Abort() {
            super(null, null, false, false);
        }
    }

    private Interpreter(Rdg rdg, String file, Map<String, Long> params, Inputs inputs, Monitor monitor) {
        this.rdg = rdg;
        this.file = file == null ? "" : file;
        this.params = params;
        this.inputs = inputs;
        this.monitor = monitor == null ? Monitor.NULL : monitor;
    }

    /** Runs the PLA for the parameter values and inputs; {@code file} names the source in diagnostics. */
    public static RunResult run(Rdg rdg, String file, Map<String, Long> params, Inputs inputs, Monitor monitor) {
        Interpreter in = new Interpreter(rdg, file, params, inputs, monitor);
        try {
            return in.execute();
        } catch (Abort a) {
            return new RunResult(Map.of(), in.diagnostics, 0);
        }
    }

    public static RunResult run(Rdg rdg, Map<String, Long> params, Inputs inputs) {
        return run(rdg, rdg.getName(), params, inputs, Monitor.NULL);
    }

    /**
     * The diagnostic "more than {@link #MAX_INSTANCES} instances" when the operation nodes' condition spaces hold more
     * points for {@code params} than a run evaluates, else null. Counts without storing, stopping at the limit; call it
     * before filling inputs or allocating per instance. Spaces that cannot be enumerated are left to the run.
     */
    public static Diagnostic sizeProblem(Rdg rdg, String file, Map<String, Long> params) {
        long[] count = {0};
        for (Node node : rdg.getNodes()) {
            if (!(node instanceof OperationNode op)) {
                continue;
            }
            try {
                op.getConditionSpace().basic().forEachPoint(params, p -> {
                    if (++count[0] > MAX_INSTANCES) {
                        throw new Abort();
                    }
                });
            } catch (Abort a) {
                return Diagnostic.error(file == null ? "" : file, op.getLine(), "more than " + MAX_INSTANCES
                        + " instances for " + params, "use smaller parameter values");
            } catch (RuntimeException e) {
                return null; // reported by the run itself, with its context
            }
        }
        return null;
    }

    private Abort fail(int line, String message, String hint) {
        diagnostics.add(Diagnostic.error(file, line, message, hint));
        return new Abort();
    }

    private RunResult execute() {
        for (String p : rdg.getParameters()) {
            if (!params.containsKey(p)) {
                throw fail(0, "no value for parameter " + p, "give it, e.g. --param " + p + "=8");
            }
        }
        for (String p : params.keySet()) {
            if (!rdg.getParameters().contains(p)) {
                throw fail(0, "unknown parameter " + p, "the parameters are " + rdg.getParameters());
            }
            String tooLarge = ParameterLimits.problem(p, params.get(p));
            if (tooLarge != null) {
                throw fail(0, tooLarge, "give a smaller value (work grows with the parameters)");
            }
        }
        PolySet ctx = rdg.getParameterContext();
        if (ctx != null && !ctx.isBlank()) {
            for (Constraint c : Constraint.parse(ctx.text())) {
                if (!c.holds(params)) {
                    throw fail(0, "parameter values " + params + " violate the condition " + c, "");
                }
            }
        }
        for (Node n : rdg.getNodes()) {
            if (n instanceof OperationNode op) {
                opIndex.put(op, ops.size());
                ops.add(op);
            }
        }
        int n = ops.size();
        points = new long[n][][];
        @SuppressWarnings("unchecked")
        Map<IntVector, Integer>[] lk = new Map[n];
        lookup = lk;
        values = new int[n][];
        state = new byte[n][];
        operands = new Operand[n][];
        semantics = new Ops.Op[n];
        Diagnostic tooMany = sizeProblem(rdg, file, params);
        if (tooMany != null) { // counted before anything is stored (issue 22: bounded memory and time)
            diagnostics.add(tooMany);
            throw new Abort();
        }
        long total = 0;
        for (int v = 0; v < n; v++) {
            OperationNode op = ops.get(v);
            semantics[v] = Ops.lookup(op.getOp())
                    .orElseThrow(() -> fail(op.getLine(), "unknown operation '" + op.getOp() + "' in " + op.getLabel(), ""));
            List<long[]> pts = new ArrayList<>();
            IntegerSet space;
            try {
                space = op.getConditionSpace().basic();
            } catch (RuntimeException e) {
                throw fail(op.getLine(), "bad condition space of " + op.getLabel() + ": " + e.getMessage(), "");
            }
            long limit = MAX_INSTANCES - total;
            try {
                space.forEachPoint(params, p -> {
                    if (pts.size() >= limit) {
                        throw new Abort();
                    }
                    pts.add(p.clone());
                });
            } catch (Abort a) {
                throw fail(op.getLine(), "more than " + MAX_INSTANCES + " instances", "use smaller parameter values");
            } catch (IllegalArgumentException e) {
                throw fail(op.getLine(), "cannot enumerate the condition space of " + op.getLabel() + ": " + e.getMessage(), "");
            }
            total += pts.size();
            points[v] = pts.toArray(long[][]::new);
            lookup[v] = new HashMap<>(pts.size() * 2);
            for (int k = 0; k < points[v].length; k++) {
                lookup[v].put(IntVector.of(points[v][k]), k);
            }
            values[v] = new int[pts.size()];
            state[v] = new byte[pts.size()];
            operands[v] = operandsOf(op);
            monitor.checkCanceled();
        }
        // evaluate every instance (depth first: a topological order of the instance graph)
        long evaluated = 0;
        for (int v = 0; v < n; v++) {
            for (int k = 0; k < points[v].length; k++) {
                if (state[v][k] == 0) {
                    evaluated += evaluate(v, k);
                }
            }
            monitor.checkCanceled();
        }
        Map<String, ArrayData> outputs = new LinkedHashMap<>();
        for (Edge e : rdg.getEdges()) {
            if (e instanceof OutputEdge out && e.getSource() instanceof OperationNode op) {
                int v = opIndex.get(op);
                long[][] q = matrix(out.getQ());
                long[] d = out.getD().stream().mapToLong(Integer::longValue).toArray();
                ArrayData data = outputs.computeIfAbsent(out.getVariable(), x -> new ArrayData(x, d.length));
                for (int k = 0; k < points[v].length; k++) {
                    long[] idx = apply(q, d, points[v][k]);
                    if (data.put(idx, values[v][k]) != null) {
                        throw fail(op.getLine(), "output instance " + ArrayData.instance(out.getVariable(), idx)
                                + " is defined twice (single assignment)", "");
                    }
                }
            }
        }
        return new RunResult(outputs, diagnostics, evaluated);
    }

    private Operand[] operandsOf(OperationNode op) {
        Operand[] res = new Operand[semantics[opIndex.get(op)].arity()];
        List<List<Integer>> depSources = new ArrayList<>();
        for (int j = 0; j < res.length; j++) {
            depSources.add(new ArrayList<>());
        }
        for (Edge e : op.getIncoming()) {
            if (e.eContainer() != rdg || (e.getSource() instanceof OperationNode s && !opIndex.containsKey(s))) {
                throw fail(op.getLine(), "malformed RDG: edge " + e.getId() + " into " + op.getLabel() + " is not part of the graph", "");
            }
            int pos = e instanceof tessera.rdg.OperandEdge oe ? oe.getPos() : 0;
            if (pos < 1 || pos > res.length) {
                throw fail(op.getLine(), "edge " + e.getId() + " into " + op.getLabel() + " has operand position " + pos
                        + ", the operation takes " + res.length, "");
            }
            if (e instanceof ConstantEdge && e.getSource() instanceof ConstantNode c) {
                res[pos - 1] = new Const(c.getValue());
            } else if (e instanceof InputEdge in) {
                res[pos - 1] = new In(in.getVariable(), matrix(in.getQ()),
                        in.getD().stream().mapToLong(Integer::longValue).toArray());
            } else if (e instanceof DependenceEdge dep && dep.getSource() instanceof OperationNode src) {
                depSources.get(pos - 1).add(opIndex.get(src));
                res[pos - 1] = new Dep(null, dep.getD().stream().mapToLong(Integer::longValue).toArray(), src.getVariable());
            }
        }
        for (int j = 0; j < res.length; j++) {
            if (res[j] == null) {
                throw fail(op.getLine(), "operand " + (j + 1) + " of " + op.getLabel() + " has no edge", "");
            }
            if (res[j] instanceof Dep d) {
                res[j] = new Dep(depSources.get(j).stream().mapToInt(Integer::intValue).toArray(), d.d(), d.variable());
            }
        }
        return res;
    }

    /** Iterative depth-first evaluation of instance k of node v and everything it needs; returns #evaluated. */
    private long evaluate(int v0, int k0) {
        ArrayDeque<int[]> stack = new ArrayDeque<>(); // {node, instance, next operand}
        ArrayDeque<int[]> args = new ArrayDeque<>();
        stack.push(new int[] {v0, k0, 0});
        args.push(new int[operands[v0].length]);
        state[v0][k0] = 1;
        long count = 0;
        while (!stack.isEmpty()) {
            int[] f = stack.peek();
            int v = f[0], k = f[1];
            int[] a = args.peek();
            boolean descended = false;
            while (f[2] < operands[v].length) {
                int j = f[2];
                Operand o = operands[v][j];
                if (o instanceof Const c) {
                    a[j] = c.value();
                } else if (o instanceof In in) {
                    long[] idx = apply(in.q(), in.d(), points[v][k]);
                    ArrayData data = inputs.get(in.variable());
                    Integer val = data == null || data.dimension() != idx.length ? null : data.get(idx);
                    if (val == null) {
                        throw fail(ops.get(v).getLine(), "missing input " + ArrayData.instance(in.variable(), idx)
                                + " (read by " + label(v, k) + ")", "give it with --input or --input-file, or --seed for random values");
                    }
                    a[j] = val;
                } else if (o instanceof Dep dep) {
                    long[] src = minus(points[v][k], dep.d());
                    int u = -1, m = -1;
                    for (int s : dep.sources()) {
                        Integer hit = lookup[s].get(IntVector.of(src));
                        if (hit != null) {
                            u = s;
                            m = hit;
                            break;
                        }
                    }
                    if (u < 0) {
                        throw fail(ops.get(v).getLine(), label(v, k) + " reads " + ArrayData.instance(dep.variable(), src)
                                + ", which no equation defines", "");
                    }
                    if (state[u][m] == 1) {
                        throw fail(ops.get(v).getLine(), "cyclic dependence: " + label(u, m) + " depends on itself (via "
                                + label(v, k) + ")", "");
                    }
                    if (state[u][m] == 0) {
                        state[u][m] = 1;
                        stack.push(new int[] {u, m, 0});
                        args.push(new int[operands[u].length]);
                        descended = true;
                        break;
                    }
                    a[j] = values[u][m];
                }
                f[2]++;
            }
            if (descended) {
                continue;
            }
            values[v][k] = semantics[v].eval().apply(a);
            state[v][k] = 2;
            count++;
            stack.pop();
            args.pop();
            if (!stack.isEmpty()) {
                int[] parent = stack.peek();
                args.peek()[parent[2]] = values[v][k];
                parent[2]++;
            }
            if ((count & 0xFFFF) == 0) {
                monitor.checkCanceled();
            }
        }
        return count;
    }

    private String label(int v, int k) {
        OperationNode op = ops.get(v);
        StringBuilder sb = new StringBuilder(op.getLabel()).append(" at ");
        List<String> idx = rdg.getIndices();
        long[] p = points[v][k];
        for (int i = 0; i < p.length; i++) {
            sb.append(i > 0 ? ", " : "").append(i < idx.size() ? idx.get(i) : "#" + i).append(" = ").append(p[i]);
        }
        return sb.toString();
    }

    static long[] minus(long[] a, long[] d) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] - (i < d.length ? d[i] : 0);
        }
        return r;
    }

    /** Q·I − d. */
    public static long[] apply(long[][] q, long[] d, long[] point) {
        long[] r = new long[d.length];
        for (int row = 0; row < d.length; row++) {
            long s = -d[row];
            for (int c = 0; c < point.length && c < q[row].length; c++) {
                s += q[row][c] * point[c];
            }
            r[row] = s;
        }
        return r;
    }

    /** Row-major entries of a {@link Matrix} as rows (a missing matrix is 0 × 0). */
    public static long[][] matrix(Matrix m) {
        if (m == null) {
            return new long[0][];
        }
        long[][] r = new long[m.getRows()][m.getColumns()];
        for (int i = 0; i < m.getRows(); i++) {
            for (int j = 0; j < m.getColumns(); j++) {
                r[i][j] = m.getEntries().get(i * m.getColumns() + j);
            }
        }
        return r;
    }
}
