package tessera.modsched.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.modsched.model.DependenceKind;
import tessera.modsched.model.Loop;

/**
 * Reads GCC's SMS dump ({@code -fmodulo-sched -fdump-rtl-sms-details}, file {@code *.sms}): for every loop of the
 * transformation phase, its dependence graph (GCC's {@code Node num} blocks with their {@code OUT ARCS}
 * {@code [from -(T|A|O,latency,distance)-> to]}) as a {@link Loop} on the {@link Power8} machine, and GCC's own result
 * ({@code SMS iis rec_mii mii maxii}, then {@code SMS succeeded ii sc} or {@code SMS failed}). Ops are named
 * {@code i<uid>} after GCC's instruction UIDs; a true arc out of a store is an ordering through memory, out of any
 * other instruction a register value (FLOW, the only kind with a lifetime). Format: docs/modsched.md.
 */
public final class GccSmsDump {
    /** GCC's numbers for a loop: RecMII, MII, the largest II it tries, and its II and stage count, or why it failed. */
    public record GccResult(int recMii, int mii, int maxIi, int ii, int stages, String failure) {
        public boolean scheduled() {
            return failure == null;
        }
    }

    /** One loop of the dump: where it is, its graph, GCC's result (null when GCC stopped before computing an II). */
    public record GccLoop(String function, int loopNumber, String location, int line, Loop loop, GccResult gcc) {
    }

    private static final Pattern FUNCTION = Pattern.compile("^;; Function (\\S+)");
    private static final Pattern LOOP = Pattern.compile("^SMS loop num: (\\d+)(?:\\s+(\\S+))?");
    private static final Pattern NODE = Pattern.compile("^Node num: (\\d+)\\s*$");
    private static final Pattern INSN = Pattern.compile("^\\((?:insn|jump_insn|call_insn|debug_insn)(?:/\\w+)? (\\d+) ");
    private static final Pattern ARC = Pattern.compile("\\[(\\d+) -\\(([TAO]),(-?\\d+),(\\d+)\\)-> (\\d+)\\]");
    private static final Pattern IIS = Pattern.compile("^SMS iis (\\d+) (\\d+) (\\d+)");
    private static final Pattern SUCCEEDED = Pattern.compile("SMS succeeded (\\d+) (\\d+)");

    private GccSmsDump() {
    }

    /** Every loop with a dependence graph; problems (an arc to an unknown instruction …) go to {@code diagnostics}. */
    public static List<GccLoop> read(String file, String text, Diagnostics diagnostics) {
        Reader r = new Reader(file, diagnostics);
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            try {
                r.line(lines[i], i + 1);
            } catch (NumberFormatException e) { // a number beyond 32 bits: the line is reported and skipped
                diagnostics.add(Diagnostic.error(file, i + 1, "a number on this line is too large (numbers are 32-bit"
                        + " integers)", "give the dump as GCC wrote it (-fdump-rtl-sms-details)"));
            }
        }
        r.finish();
        return r.loops;
    }

    /** The state of the line-by-line read. */
    private static final class Reader {
        final String file;
        final Diagnostics diagnostics;
        final List<GccLoop> loops = new ArrayList<>();
        String function = "?";
        boolean transformation;
        // the loop being read
        int loopNumber = -1, loopLine;
        String location;
        final Map<Integer, Node> nodes = new LinkedHashMap<>();
        Node node;
        int[] iis;
        GccResult result;
        String lastWindow;
        boolean sawFailure;

        record Arc(int from, char type, int latency, int distance, int to, int line) {
        }

        static final class Node {
            final int number, line;
            int uid = -1;
            final StringBuilder rtl = new StringBuilder();
            final List<Arc> out = new ArrayList<>();
            boolean inRtl = true;

            Node(int number, int line) {
                this.number = number;
                this.line = line;
            }
        }

        Reader(String file, Diagnostics diagnostics) {
            this.file = file;
            this.diagnostics = diagnostics;
        }

        void line(String s, int ln) {
            Matcher m;
            if ((m = FUNCTION.matcher(s)).find()) {
                finish();
                function = m.group(1);
                transformation = false;
                return;
            }
            if (s.startsWith("SMS analysis phase")) {
                finish();
                transformation = false;
                return;
            }
            if (s.startsWith("SMS transformation phase")) {
                finish();
                transformation = true;
                return;
            }
            if (!transformation) {
                return;
            }
            if ((m = LOOP.matcher(s)).find()) {
                finish();
                loopNumber = Integer.parseInt(m.group(1));
                location = m.group(2);
                loopLine = ln;
                return;
            }
            if (loopNumber < 0) {
                return;
            }
            if ((m = NODE.matcher(s)).find()) {
                node = new Node(Integer.parseInt(m.group(1)), ln);
                nodes.put(node.number, node);
                return;
            }
            if (node != null && node.inRtl) {
                if (s.startsWith("OUT ARCS:")) {
                    node.inRtl = false;
                    arcs(s, ln);
                    return;
                }
                if (node.uid < 0 && (m = INSN.matcher(s)).find()) {
                    node.uid = Integer.parseInt(m.group(1));
                }
                node.rtl.append(s.strip()).append(' ');
                return;
            }
            if ((m = IIS.matcher(s)).find()) {
                iis = new int[] { Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)) };
            } else if ((m = SUCCEEDED.matcher(s)).find() && iis != null) {
                result = new GccResult(iis[0], iis[1], iis[2], Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), null);
            } else if (s.startsWith("Empty window")) {
                lastWindow = s.strip();
            } else if (s.startsWith("SMS sched-failed") && iis != null) {
                result = new GccResult(iis[0], iis[1], iis[2], 0, 0,
                        s.substring("SMS ".length()).strip() + (lastWindow == null ? "" : "; " + lastWindow));
            }
        }

        void arcs(String s, int ln) {
            Matcher m = ARC.matcher(s);
            while (m.find()) {
                node.out.add(new Arc(Integer.parseInt(m.group(1)), m.group(2).charAt(0), Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), ln));
            }
        }

        /** Turns the loop read so far into a {@link GccLoop} (nothing when it has no graph). */
        void finish() {
            if (loopNumber >= 0 && !nodes.isEmpty()) {
                Loop loop = build();
                if (loop != null) {
                    loops.add(new GccLoop(function, loopNumber, location, loopLine, loop, result));
                }
            }
            loopNumber = -1;
            nodes.clear();
            node = null;
            iis = null;
            result = null;
            lastWindow = null;
            location = null;
        }

        private Loop build() {
            String name = (function + "_loop" + loopNumber).replaceAll("[^A-Za-z0-9_]", "_");
            Loop.Builder b = Loop.builder(name, Power8.machine()).at(file, loopLine);
            Map<Integer, Node> byUid = new LinkedHashMap<>();
            Map<Integer, Boolean> stores = new LinkedHashMap<>();
            for (Node n : nodes.values()) {
                if (n.uid < 0) {
                    diagnostics.add(Diagnostic.error(file, n.line, "node " + n.number + " of loop " + loopNumber + " in "
                            + function + " has no instruction", "give the dump as GCC wrote it (-fdump-rtl-sms-details)"));
                    return null;
                }
                byUid.put(n.uid, n);
                Power8.Units u = Power8.classify(n.rtl.toString());
                stores.put(n.uid, u.second() != null);
                b.op("i" + n.uid, u.primary(), latency(n), u.reservation(), null, n.line);
            }
            java.util.Set<List<Integer>> seen = new java.util.HashSet<>();
            for (Node n : nodes.values()) {
                for (Arc a : n.out) {
                    if (!byUid.containsKey(a.to()) || a.from() != n.uid) {
                        diagnostics.add(Diagnostic.error(file, a.line(), "arc " + a.from() + " -> " + a.to() + " of loop "
                                + loopNumber + " in " + function + " names an instruction that is not a node of the loop",
                                "give the dump as GCC wrote it (-fdump-rtl-sms-details)"));
                        return null;
                    }
                    if (!seen.add(List.of(a.from(), (int) a.type(), a.latency(), a.distance(), a.to()))) {
                        continue; // GCC lists some arcs twice (a register and its subreg)
                    }
                    DependenceKind kind = switch (a.type()) {
                        case 'A' -> DependenceKind.ANTI;
                        case 'O' -> DependenceKind.OUTPUT;
                        default -> stores.get(a.from()) ? DependenceKind.MEMORY : DependenceKind.FLOW;
                    };
                    b.edge("i" + a.from(), "i" + a.to(), a.latency(), a.distance(), kind, a.line());
                }
            }
            return b.build(diagnostics);
        }

        /** An op's own latency: the largest latency of its true arcs (GCC's insn latency), at least 1. */
        private static int latency(Node n) {
            int l = 1;
            for (Arc a : n.out) {
                if (a.type() == 'T') {
                    l = Math.max(l, a.latency());
                }
            }
            return l;
        }
    }
}
