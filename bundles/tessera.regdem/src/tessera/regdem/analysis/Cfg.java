package tessera.regdem.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.regdem.isa.Isa;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.Operand;
import tessera.regdem.sass.SassProgram;

/**
 * Control-flow graph of a kernel with natural loops and nesting depth (digest §4.3 CFG; seed §4 "backward edges").
 * Leaders: the first instruction, every label, the instruction after a jump (BRA, BRK, CONT, SYNC, RET, EXIT, CAL,
 * JCAL, CALL). SYNC/BRK/CONT go to the target of the innermost enclosing SSY/PBK/PCNT; a call goes to its callee
 * and its fall-through, a RET to every return site. Blocks hold indices into
 * {@code program.lines()}.
 */
public final class Cfg {

    /** A basic block: its labels, its instruction line indices, successors and predecessors (block ids). */
    public static final class Block {
        public final int id;
        public final List<String> labels = new ArrayList<>();
        public final List<Integer> lines = new ArrayList<>();
        public final Set<Integer> succ = new LinkedHashSet<>();
        public final Set<Integer> pred = new LinkedHashSet<>();
        /** Line index where the block starts (its first label or instruction). */
        public int firstLine = -1;
        public boolean exits;

        Block(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "B" + id + labels + lines + "->" + succ;
        }
    }

    /** A natural loop: header block, latch blocks and the body (block ids). */
    public record Loop(int header, Set<Integer> latches, Set<Integer> body) {
    }

    private final SassProgram program;
    private final List<Block> blocks = new ArrayList<>();
    private final Map<Integer, Integer> blockOfLine = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final List<Loop> loops = new ArrayList<>();
    private final Set<Long> backEdges = new LinkedHashSet<>();
    private int[] depth;

    private Cfg(SassProgram program) {
        this.program = program;
    }

    public static Cfg build(SassProgram program) {
        Cfg c = new Cfg(program);
        c.construct();
        c.findLoops();
        return c;
    }

    public SassProgram program() {
        return program;
    }

    public List<Block> blocks() {
        return blocks;
    }

    public Block block(int id) {
        return blocks.get(id);
    }

    /** Block containing the line (instruction or label), or -1. */
    public int blockOf(int lineIndex) {
        return blockOfLine.getOrDefault(lineIndex, -1);
    }

    /** Unresolved targets, indirect jumps, calls: things the analyses had to approximate. */
    public List<String> problems() {
        return problems;
    }

    public List<Loop> loops() {
        return loops;
    }

    public boolean isBackEdge(int from, int to) {
        return backEdges.contains(((long) from << 32) | to);
    }

    /** Number of natural loops containing the block. */
    public int loopDepth(int block) {
        return depth[block];
    }

    private void construct() {
        List<Line> lines = program.lines();
        Block cur = null;
        boolean afterJump = true;
        Map<String, Integer> labelBlock = new HashMap<>();
        Map<Long, Integer> addrBlock = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            if (l instanceof Line.Label lb) {
                if (cur == null || !cur.lines.isEmpty() || afterJump) {
                    cur = newBlock(i);
                }
                cur.labels.add(lb.name());
                labelBlock.put(lb.name(), cur.id);
                blockOfLine.put(i, cur.id);
                afterJump = false;
            } else if (l instanceof Line.Instr ins) {
                if (cur == null || afterJump) {
                    cur = newBlock(i);
                }
                cur.lines.add(i);
                blockOfLine.put(i, cur.id);
                if (ins.address() >= 0) {
                    addrBlock.putIfAbsent(ins.address(), -1);
                }
                afterJump = Isa.endsBlock(ins);
            }
        }
        // cuobjdump listings branch to addresses: split blocks at every target address.
        Set<Long> targets = new LinkedHashSet<>();
        for (Line l : lines) {
            if (l instanceof Line.Instr ins && Isa.endsBlock(ins) || l instanceof Line.Instr i2
                    && (i2.opcode().equals("SSY") || i2.opcode().equals("PBK") || i2.opcode().equals("PCNT"))) {
                Line.Instr ins = (Line.Instr) l;
                for (Operand o : ins.operands()) {
                    if (o instanceof Operand.Imm im && !im.isFloat() && ins.address() >= 0) {
                        targets.add(im.value());
                    }
                }
            }
        }
        if (!targets.isEmpty()) {
            splitAtAddresses(targets);
            labelBlock.clear();
            for (Block b : blocks) {
                for (String name : b.labels) {
                    labelBlock.put(name, b.id);
                }
            }
        }
        for (Block b : blocks) {
            for (int li : b.lines) {
                Line.Instr ins = (Line.Instr) lines.get(li);
                if (ins.address() >= 0 && b.lines.get(0) == li) {
                    addrBlock.put(ins.address(), b.id);
                }
            }
        }
        List<Integer> returnSites = new ArrayList<>();
        List<Integer> returns = new ArrayList<>();
        for (int bi = 0; bi < blocks.size(); bi++) {
            Block b = blocks.get(bi);
            Integer next = bi + 1 < blocks.size() ? bi + 1 : null;
            if (b.lines.isEmpty()) {
                if (next != null) {
                    edge(b.id, next);
                }
                continue;
            }
            int lastLine = b.lines.get(b.lines.size() - 1);
            Line.Instr last = (Line.Instr) lines.get(lastLine);
            boolean conditional = last.guard() != null && !(last.guard().num() == Operand.Pred.PT
                    && !last.guard().negated());
            boolean never = last.guard() != null && last.guard().num() == Operand.Pred.PT && last.guard().negated();
            String op = last.opcode();
            if (!Isa.endsBlock(last) || never) {
                if (next != null) {
                    edge(b.id, next);
                }
                continue;
            }
            switch (op) {
                case "EXIT", "KIL" -> b.exits = true;
                case "RET" -> returns.add(b.id);
                case "BRA", "JMP" -> {
                    Integer t = target(last, labelBlock, addrBlock);
                    if (t != null) {
                        edge(b.id, t);
                    } else {
                        problems.add("line " + (lastLine + 1) + ": branch target not found");
                    }
                }
                case "SYNC", "BRK", "CONT" -> {
                    String push = op.equals("SYNC") ? "SSY" : op.equals("BRK") ? "PBK" : "PCNT";
                    Integer t = enclosingPush(lastLine, push, labelBlock, addrBlock);
                    if (t != null) {
                        edge(b.id, t);
                    } else {
                        problems.add("line " + (lastLine + 1) + ": no enclosing " + push + " for " + op);
                    }
                }
                case "CAL", "JCAL", "CALL" -> {
                    Integer t = target(last, labelBlock, addrBlock);
                    if (t != null) {
                        edge(b.id, t);
                    } else {
                        problems.add("line " + (lastLine + 1) + ": " + op + " target not found (callee treated as a"
                                + " no-op)");
                    }
                    if (next != null) {
                        returnSites.add(next);
                    }
                }
                default -> problems.add("line " + (lastLine + 1) + ": indirect jump " + op + " is not analysed");
            }
            if ((conditional || op.equals("CAL") || op.equals("JCAL") || op.equals("CALL")) && next != null) {
                edge(b.id, next);
            }
        }
        // a subroutine (nvcc's slow paths: CALL.REL.NOINC … RET.REL.NODEC) returns to every call site: liveness and
        // the other data-flow analyses then see what is live across each call inside the callee (context-insensitive)
        for (int r : returns) {
            if (returnSites.isEmpty()) {
                blocks.get(r).exits = true;
            }
            for (int site : returnSites) {
                edge(r, site);
            }
        }
    }

    private void splitAtAddresses(Set<Long> targets) {
        List<Block> old = new ArrayList<>(blocks);
        blocks.clear();
        blockOfLine.clear();
        List<Line> lines = program.lines();
        for (Block b : old) {
            Block cur = newBlock(b.firstLine);
            cur.labels.addAll(b.labels);
            for (int li = b.firstLine; li < (b.lines.isEmpty() ? b.firstLine + 1 : b.lines.get(b.lines.size() - 1) + 1);
                    li++) {
                if (lines.get(li) instanceof Line.Label) {
                    blockOfLine.put(li, cur.id);
                }
            }
            for (int li : b.lines) {
                Line.Instr ins = (Line.Instr) lines.get(li);
                if (!cur.lines.isEmpty() && targets.contains(ins.address())) {
                    cur = newBlock(li);
                }
                cur.lines.add(li);
                blockOfLine.put(li, cur.id);
            }
        }
    }

    private Block newBlock(int firstLine) {
        Block b = new Block(blocks.size());
        b.firstLine = firstLine;
        blocks.add(b);
        return b;
    }

    private void edge(int a, int b) {
        blocks.get(a).succ.add(b);
        blocks.get(b).pred.add(a);
    }

    private Integer target(Line.Instr ins, Map<String, Integer> labels, Map<Long, Integer> addrs) {
        for (Operand o : ins.operands()) {
            if (o instanceof Operand.Name n && labels.containsKey(n.text())) {
                return labels.get(n.text());
            }
            if (o instanceof Operand.Raw r && r.text().startsWith("`(") && r.text().endsWith(")")) {
                return labels.get(r.text().substring(2, r.text().length() - 1));
            }
            if (o instanceof Operand.Imm im && !im.isFloat() && addrs.get(im.value()) != null
                    && addrs.get(im.value()) >= 0) {
                return addrs.get(im.value());
            }
        }
        return null;
    }

    /** Textual rule: the nearest preceding push whose target lies after the pop. */
    private Integer enclosingPush(int line, String push, Map<String, Integer> labels, Map<Long, Integer> addrs) {
        List<Line> lines = program.lines();
        for (int k = line - 1; k >= 0; k--) {
            if (lines.get(k) instanceof Line.Instr p && p.opcode().equals(push)) {
                Integer t = target(p, labels, addrs);
                if (t != null && blocks.get(t).firstLine > line) {
                    return t;
                }
            }
        }
        return null;
    }

    private void findLoops() {
        int n = blocks.size();
        depth = new int[n];
        if (n == 0) {
            return;
        }
        // DFS from entry marks retreating (back) edges, as the paper's tool does.
        int[] state = new int[n];
        Deque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {0, 0});
        state[0] = 1;
        while (!stack.isEmpty()) {
            int[] top = stack.peek();
            List<Integer> succ = new ArrayList<>(blocks.get(top[0]).succ);
            if (top[1] < succ.size()) {
                int s = succ.get(top[1]++);
                if (state[s] == 0) {
                    state[s] = 1;
                    stack.push(new int[] {s, 0});
                } else if (state[s] == 1) {
                    backEdges.add(((long) top[0] << 32) | s);
                }
            } else {
                state[top[0]] = 2;
                stack.pop();
            }
        }
        Map<Integer, Loop> byHeader = new HashMap<>();
        for (long e : backEdges) {
            int latch = (int) (e >>> 32);
            int header = (int) e;
            Set<Integer> body = new LinkedHashSet<>();
            body.add(header);
            Deque<Integer> work = new ArrayDeque<>();
            if (body.add(latch)) {
                work.push(latch);
            }
            while (!work.isEmpty()) {
                int x = work.pop();
                for (int p : blocks.get(x).pred) {
                    if (state[p] != 0 && body.add(p)) {
                        work.push(p);
                    }
                }
            }
            Loop prev = byHeader.get(header);
            if (prev == null) {
                Set<Integer> latches = new LinkedHashSet<>();
                latches.add(latch);
                byHeader.put(header, new Loop(header, latches, body));
            } else {
                prev.latches().add(latch);
                prev.body().addAll(body);
            }
        }
        loops.addAll(byHeader.values());
        loops.sort((a, b) -> Integer.compare(a.header(), b.header()));
        for (Loop l : loops) {
            for (int b : l.body()) {
                depth[b]++;
            }
        }
    }

    /** Blocks reachable from the entry. */
    public BitSet reachable() {
        BitSet seen = new BitSet();
        if (blocks.isEmpty()) {
            return seen;
        }
        Deque<Integer> work = new ArrayDeque<>();
        work.push(0);
        seen.set(0);
        while (!work.isEmpty()) {
            for (int s : blocks.get(work.pop()).succ) {
                if (!seen.get(s)) {
                    seen.set(s);
                    work.push(s);
                }
            }
        }
        return seen;
    }

    /** Graphviz text of the CFG with back edges in blue (as the paper's tool emits). */
    public String toDot() {
        StringBuilder sb = new StringBuilder("digraph cfg {\n  node [shape=box];\n");
        for (Block b : blocks) {
            sb.append("  B").append(b.id).append(" [label=\"B").append(b.id)
                    .append(b.labels.isEmpty() ? "" : " " + String.join(",", b.labels)).append("\\n")
                    .append(b.lines.size()).append(" instr, depth ").append(depth[b.id]).append("\"];\n");
            for (int s : b.succ) {
                sb.append("  B").append(b.id).append(" -> B").append(s)
                        .append(isBackEdge(b.id, s) ? " [color=blue]" : "").append(";\n");
            }
        }
        return sb.append("}\n").toString();
    }
}
