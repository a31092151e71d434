package tessera.tcpa.arch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.Instruction;
import tessera.tcpa.tcpa.Layer;
import tessera.tcpa.tcpa.LayerKind;
import tessera.tcpa.tcpa.Location;
import tessera.tcpa.tcpa.PortGroup;
import tessera.tcpa.tcpa.RegisterClass;
import tessera.tcpa.tcpa.RegisterKind;

/**
 * Read-only queries on a loaded architecture (the EMF model is the syntax tree): register counts per class,
 * ports, instructions per PLA op. ID/OD registers are the PE input/output ports of the data layer (seed 003 §3.2).
 */
public final class Arch {
    /** A port name inside a layer: {@code in3} / {@code out0}. */
    public record PortName(boolean input, int index) {
    }

    private static final Pattern PORT = Pattern.compile("(in|out)(0|[1-9][0-9]{0,6})");

    /** PLA operations (docs/pla.md) and their arity; an instruction implements one of them. */
    public static final List<String> PLA_OPS = List.of("move", "add", "sub", "mul", "mac", "neg", "abs", "min", "max",
            "and", "or", "xor", "not", "shl", "shr", "ushr", "eq", "ne", "lt", "le", "gt", "ge", "select");

    private Arch() {
    }

    /** Arity of a PLA op, or -1 when unknown ({@code fma} is the PLA alias of {@code mac}). */
    public static int arity(String op) {
        return switch (op == null ? "" : op) {
            case "move", "neg", "abs", "not" -> 1;
            case "mac", "fma", "select" -> 3;
            case "add", "sub", "mul", "min", "max", "and", "or", "xor", "shl", "shr", "ushr", "eq", "ne", "lt", "le",
                    "gt", "ge" -> 2;
            default -> -1;
        };
    }

    /** {@code in3} → (input, 3); empty for anything else. */
    public static Optional<PortName> portName(String s) {
        Matcher m = PORT.matcher(s == null ? "" : s);
        return m.matches() ? Optional.of(new PortName(m.group(1).equals("in"), Integer.parseInt(m.group(2))))
                : Optional.empty();
    }

    /**
     * Orientation (seed 003 §3.1): source = wrapper input port or PE output port; sink = wrapper output port or
     * PE input port.
     */
    public static boolean isSource(Location location, boolean input) {
        return location == Location.PE ? !input : input;
    }

    public static Optional<Layer> layer(Architecture a, LayerKind kind) {
        return a.getLayers().stream().filter(l -> l.getKind() == kind).findFirst();
    }

    /** Number of input (or output) ports of {@code location} in a layer; 0 when not declared. */
    public static int ports(Layer layer, Location location, boolean input) {
        for (PortGroup g : layer.getPorts()) {
            if (g.getLocation() == location) {
                return input ? g.getInputs() : g.getOutputs();
            }
        }
        return 0;
    }

    /** |R_id| = PE input ports of the data layer. */
    public static int idCount(Architecture a) {
        return layer(a, LayerKind.DATA).map(l -> ports(l, Location.PE, true)).orElse(0);
    }

    /** |R_od| = PE output ports of the data layer. */
    public static int odCount(Architecture a) {
        return layer(a, LayerKind.DATA).map(l -> ports(l, Location.PE, false)).orElse(0);
    }

    public static int rdCount(Architecture a) {
        return registerClass(a, RegisterKind.RD).map(RegisterClass::getCount).orElse(0);
    }

    public static int fdCount(Architecture a) {
        return registerClass(a, RegisterKind.FD).map(RegisterClass::getCount).orElse(0);
    }

    /** The maximum depth of a feedback register (0 when there are no FDs). */
    public static int fdMaxDepth(Architecture a) {
        return registerClass(a, RegisterKind.FD).map(RegisterClass::getDepth).orElse(0);
    }

    public static Optional<RegisterClass> registerClass(Architecture a, RegisterKind kind) {
        return a.getPe() == null ? Optional.empty()
                : a.getPe().getRegisters().stream().filter(r -> r.getKind() == kind).findFirst();
    }

    /** The FUs of the PE template, in file order. */
    public static List<Fu> fus(Architecture a) {
        return a.getPe() == null ? List.of() : a.getPe().getFus();
    }

    /** The instructions of {@code fu}'s type that implement {@code op} ({@code fma} = {@code mac}). */
    public static List<Instruction> instructionsFor(Fu fu, String op) {
        String o = "fma".equals(op) ? "mac" : op;
        List<Instruction> r = new ArrayList<>();
        if (fu.getType() != null) {
            for (Instruction i : fu.getType().getInstructions()) {
                if (o.equals(i.getOp())) {
                    r.add(i);
                }
            }
        }
        return r;
    }
}
