package tessera.tcpa.mapping.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tessera.core.cli.Json;
import tessera.tcpa.symconf.AccessMapping;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.PstNode;
import tessera.tcpa.symconf.RegisterClass;
import tessera.tcpa.symconf.RegisterClassUsage;
import tessera.tcpa.symconf.Route;
import tessera.tcpa.symconf.SymbolicConfiguration;

/** Human and JSON views of a symbolic configuration (CLI {@code compile}, builder summary listing). */
public final class ConfigReport {
    private ConfigReport() {
    }

    public static String lambda(List<String> l) {
        return "(" + String.join(", ", l) + ")";
    }

    /** "rd0", "fd0 (depth 1)", "id0 ← od0", … */
    public static String registers(DataEdge e) {
        List<String> r = new ArrayList<>(e.getRegisters());
        if (e.getRegisterClass() == RegisterClass.FD) {
            r.set(0, r.get(0) + " (depth " + e.getFdDepth() + ")");
        }
        if (e.getRegWrite() != null) {
            r.add("write " + e.getRegWrite());
        }
        if (e.getRegRead() != null) {
            r.add("read " + e.getRegRead());
        }
        return String.join(", ", r);
    }

    public static String text(SymbolicConfiguration c) {
        StringBuilder sb = new StringBuilder();
        var t = c.getTiling();
        var s = c.getSchedule();
        sb.append("symbolic mapping of ").append(c.getName()).append(" onto ").append(c.getArchitecture()).append('\n');
        sb.append("tiling: I = P·K + J, indices ").append(t.getIndices()).append(", tile sizes ").append(t.getTileSizes())
                .append(", tile counts ").append(t.getTileCounts()).append(", distributed ")
                .append(t.getDistributed().stream().map(t.getIndices()::get).toList()).append('\n');
        sb.append("π = ").append(s.getPi()).append(" (ResMII ").append(s.getResMii()).append("), λ* = (λ^J, λ^K) = (")
                .append(lambda(s.getLambdaJ())).append(", ").append(lambda(s.getLambdaK())).append("), minimum tile size ")
                .append(s.getMinTileSize()).append('\n');
        sb.append("schedule:\n");
        for (Operation o : c.getOperations()) {
            sb.append(String.format("  %-4s %-4s %-6s τ=%-3d slot %d stage %d  %-6s l=%d  %s%n", o.getId(), o.getLabel(), o.getFu(),
                    o.getTau(), o.getTau() % s.getPi(), o.getTau() / s.getPi(), o.getMnemo(), o.getLatency(), o.getConditionSpace()));
        }
        sb.append("modulo reservation table:\n");
        for (Map.Entry<String, Map<Integer, List<String>>> fu : mrt(c).entrySet()) {
            sb.append("  ").append(String.format("%-6s", fu.getKey()));
            for (int slot = 0; slot < s.getPi(); slot++) {
                List<String> cell = fu.getValue().getOrDefault(slot, List.of());
                sb.append(String.format(" | %-22s", cell.isEmpty() ? "-" : String.join(" ", cell)));
            }
            sb.append('\n');
        }
        sb.append("registers:\n");
        for (DataEdge e : c.getEdges()) {
            if (e.getRegisterClass() != RegisterClass.NONE) {
                sb.append(String.format("  %-6s %-4s -> %-4s %-10s δ=%s  %s%n", e.getId(), e.getSource(), e.getTarget(),
                        e.getRegisterClass(), e.getDelta(), registers(e)));
            }
        }
        for (RegisterClassUsage u : c.getRegisterClasses()) {
            sb.append("  ").append(u.getRegisterClass()).append(": ").append(u.getUsed()).append(" of ").append(u.getAvailable())
                    .append(' ').append(u.getNames()).append('\n');
        }
        sb.append("routes:").append(c.getRoutes().isEmpty() ? " none\n" : "\n");
        for (Route r : c.getRoutes()) {
            sb.append("  ").append(r.getEdge()).append(" δ=").append(r.getDelta()).append(": ").append(String.join(" → ", r.getPorts()))
                    .append("  (od").append(r.getOutputPort()).append(" → id").append(r.getInputPort()).append(')')
                    .append(r.getSharesWith().isEmpty() ? "" : " may share with " + r.getSharesWith()).append('\n');
        }
        sb.append("access mappings:\n");
        for (AccessMapping a : c.getAccessMappings()) {
            sb.append("  ").append(a.isInput() ? "in  " : "out ").append(a.getVariable()).append(" via ").append(a.getRegister())
                    .append(" (").append(a.getBorder()).append("): ").append(a.getAccessSpace()).append('\n');
        }
        sb.append("polyhedral syntax tree:\n");
        pst(sb, c.getPst(), 1);
        sb.append("symbolic configuration: ").append(SymconfText.bytes(c).length).append(" bytes (compact form), ")
                .append(SymconfIO.toXmi(c).length).append(" bytes (XMI)");
        return sb.toString();
    }

    private static void pst(StringBuilder sb, PstNode n, int depth) {
        if (n == null) {
            return;
        }
        sb.append("  ".repeat(depth)).append(label(n));
        if (n.getChildren().isEmpty()) {
            sb.append("  [").append(n.getDomain()).append(']');
        }
        sb.append('\n');
        n.getChildren().forEach(c -> pst(sb, c, depth + 1));
    }

    /** ⟨root⟩, alu0, ⟨τ: 0⟩, move, ⟨dest⟩, rd0. */
    public static String label(PstNode n) {
        return switch (n.getKind()) {
            case ROOT -> "⟨root⟩";
            case TAU -> "⟨τ: " + n.getAttr() + "⟩";
            case ROLE -> "⟨" + n.getAttr() + "⟩";
            default -> n.getAttr();
        };
    }

    /** FU → slot → "mnemo(S1|S2)". */
    public static Map<String, Map<Integer, List<String>>> mrt(SymbolicConfiguration c) {
        Map<String, Map<Integer, List<String>>> m = new TreeMap<>();
        int pi = c.getSchedule().getPi();
        Map<String, String> cells = new LinkedHashMap<>();
        for (Operation o : c.getOperations()) {
            String key = o.getFu() + "\u0000" + o.getTau() + "\u0000" + o.getMnemo();
            cells.merge(key, o.getLabel(), (a, b) -> a + "|" + b);
        }
        for (Map.Entry<String, String> e : cells.entrySet()) {
            String[] k = e.getKey().split("\u0000");
            m.computeIfAbsent(k[0], x -> new TreeMap<>()).computeIfAbsent(Integer.parseInt(k[1]) % pi, x -> new ArrayList<>())
                    .add(k[2] + "(" + e.getValue() + ")");
        }
        return m;
    }

    public static Map<String, Object> json(SymbolicConfiguration c) {
        Map<String, Object> m = new LinkedHashMap<>();
        var s = c.getSchedule();
        m.put("name", c.getName());
        m.put("architecture", c.getArchitecture());
        if (s != null) {
            m.put("pi", s.getPi());
            m.put("lambdaJ", List.copyOf(s.getLambdaJ()));
            m.put("lambdaK", List.copyOf(s.getLambdaK()));
            m.put("minTileSize", s.getMinTileSize());
        }
        List<Object> ops = new ArrayList<>();
        for (Operation o : c.getOperations()) {
            ops.add(Json.object("id", o.getId(), "label", o.getLabel(), "fu", o.getFu(), "tau", o.getTau(),
                    "mnemo", o.getMnemo(), "latency", o.getLatency()));
        }
        m.put("schedule", ops);
        List<Object> regs = new ArrayList<>();
        for (DataEdge e : c.getEdges()) {
            regs.add(Json.object("edge", e.getId(), "class", e.getRegisterClass().getName(),
                    "delta", List.copyOf(e.getDelta()), "registers", List.copyOf(e.getRegisters()),
                    "regRead", e.getRegRead(), "regWrite", e.getRegWrite(), "fdDepth", e.getFdDepth()));
        }
        m.put("registers", regs);
        List<Object> routes = new ArrayList<>();
        for (Route r : c.getRoutes()) {
            routes.add(Json.object("edge", r.getEdge(), "delta", List.copyOf(r.getDelta()), "ports", List.copyOf(r.getPorts())));
        }
        m.put("routes", routes);
        m.put("sizeBytes", SymconfText.bytes(c).length);
        m.put("xmiBytes", SymconfIO.toXmi(c).length);
        return m;
    }
}
