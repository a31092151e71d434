package tessera.tcpa.validation;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.validation.Check;

import tessera.tcpa.arch.Arch;
import tessera.tcpa.arch.TcpaLimits;
import tessera.tcpa.tcpa.Adjacency;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.Channel;
import tessera.tcpa.tcpa.Control;
import tessera.tcpa.tcpa.Fu;
import tessera.tcpa.tcpa.FuType;
import tessera.tcpa.tcpa.Grid;
import tessera.tcpa.tcpa.Instruction;
import tessera.tcpa.tcpa.IoBuffer;
import tessera.tcpa.tcpa.Layer;
import tessera.tcpa.tcpa.LayerKind;
import tessera.tcpa.tcpa.Location;
import tessera.tcpa.tcpa.Pe;
import tessera.tcpa.tcpa.PortGroup;
import tessera.tcpa.tcpa.PortRef;
import tessera.tcpa.tcpa.RegisterClass;
import tessera.tcpa.tcpa.RegisterKind;
import tessera.tcpa.tcpa.TcpaPackage;

/** Checks of a .tcpa architecture (docs/tcpa.md "Architecture language"); each on the token it is about. */
public class TcpaValidator extends AbstractTcpaValidator {
    public static final String CODE = "tcpa.validation";
    private static final TcpaPackage P = TcpaPackage.eINSTANCE;

    private void err(String message, String hint, EObject on, EStructuralFeature feature) {
        error(message, on, feature, -1, CODE, hint);
    }

    /**
     * An error when {@code value} exceeds the documented maximum {@code max} ({@link TcpaLimits}, issue 22), so that
     * no larger number sizes an array, a loop or a search.
     */
    private boolean atMost(int value, int max, String what, EObject on, EStructuralFeature feature) {
        if (value > max) {
            err(what + " is " + value + ", more than the maximum of " + max, "write " + max + " or less (docs/tcpa.md,"
                    + " tessera.tcpa.arch.TcpaLimits)", on, feature);
            return false;
        }
        return true;
    }

    @Check
    public void limits(Architecture a) {
        if (a.getGrid() != null) {
            atMost(a.getGrid().getRows(), TcpaLimits.MAX_GRID, "the number of grid rows", a.getGrid(), P.getGrid_Rows());
            atMost(a.getGrid().getCols(), TcpaLimits.MAX_GRID, "the number of grid columns", a.getGrid(), P.getGrid_Cols());
        }
        for (IoBuffer b : a.getBuffers()) {
            atMost(b.getBanks(), TcpaLimits.MAX_BANKS, "the number of banks", b, P.getIoBuffer_Banks());
            atMost(b.getWords(), TcpaLimits.MAX_WORDS, "the number of words of a bank", b, P.getIoBuffer_Words());
        }
        if (a.getControl() != null) {
            atMost(a.getControl().getSignals(), TcpaLimits.MAX_SIGNALS, "the number of control signals", a.getControl(),
                    P.getControl_Signals());
            atMost(a.getControl().getBranchTargets(), TcpaLimits.MAX_BRANCH_TARGETS, "the number of branch targets",
                    a.getControl(), P.getControl_BranchTargets());
        }
        for (Channel c : a.getChannels()) {
            if (Math.abs((long) c.getDRow()) > TcpaLimits.MAX_DELTA) {
                err("the row delta of channel " + c.getName() + " is " + c.getDRow() + ", beyond ±" + TcpaLimits.MAX_DELTA,
                        "a channel connects PEs of one array; write a delta within the grid", c, P.getChannel_DRow());
            }
            if (Math.abs((long) c.getDCol()) > TcpaLimits.MAX_DELTA) {
                err("the column delta of channel " + c.getName() + " is " + c.getDCol() + ", beyond ±" + TcpaLimits.MAX_DELTA,
                        "a channel connects PEs of one array; write a delta within the grid", c, P.getChannel_DCol());
            }
        }
    }

    @Check
    public void grid(Grid g) {
        if (g.getRows() < 1) {
            err("the grid needs at least one row, not " + g.getRows(), "write e.g. grid rows 4 cols 4;", g,
                    P.getGrid_Rows());
        }
        if (g.getCols() < 1) {
            err("the grid needs at least one column, not " + g.getCols(), "write e.g. grid rows 4 cols 4;", g,
                    P.getGrid_Cols());
        }
    }

    @Check
    public void architecture(Architecture a) {
        unique(a.getFuTypes(), FuType::getName, t -> "FU type " + t.getName() + " is declared twice",
                "rename or merge the two futype blocks", P.getFuType_Name());
        unique(a.getLayers(), Layer::getKind, l -> "the " + l.getKind().getLiteral() + " layer is declared twice",
                "merge the two layer blocks", P.getLayer_Kind());
        if (a.getLayers().stream().noneMatch(l -> l.getKind() == LayerKind.DATA)) {
            err("the wrapper has no data layer", "add layer data { pe in 1 out 1; east in 1 out 1; ... } "
                    + "(PE ports are the ID/OD registers, wrapper ports carry propagation channels)", a,
                    P.getArchitecture_Name());
        }
        Set<Location> sides = new HashSet<>();
        for (IoBuffer b : a.getBuffers()) {
            if (b.getSide() == Location.PE) {
                err("an I/O buffer sits on a border (north, east, south or west), not on the PE",
                        "write e.g. buffer west banks 2;", b, P.getIoBuffer_Side());
            } else if (!sides.add(b.getSide())) {
                err("the " + b.getSide().getLiteral() + " I/O buffer is declared twice",
                        "declare one buffer per border", b, P.getIoBuffer_Side());
            }
            if (b.getBanks() < 1) {
                err("an I/O buffer needs at least one bank per border PE, not " + b.getBanks(), "write banks 1 or more",
                        b, P.getIoBuffer_Banks());
            }
            if (written(b, P.getIoBuffer_Words()) && b.getWords() < 1) {
                err("a bank needs at least one word, not " + b.getWords(), "write words 1 or more", b,
                        P.getIoBuffer_Words());
            }
        }
    }

    @Check
    public void fuType(FuType t) {
        unique(t.getInstructions(), Instruction::getName,
                i -> "instruction " + i.getName() + " is declared twice in FU type " + t.getName(),
                "each mnemonic appears once per FU type", P.getInstruction_Name());
    }

    @Check
    public void instruction(Instruction i) {
        int arity = Arch.arity(i.getOp());
        if (arity < 0) {
            err("unknown PLA operation " + i.getOp() + " for instruction " + i.getName(),
                    "implement one of " + String.join(", ", Arch.PLA_OPS), i, P.getInstruction_Op());
        } else if (i.getOperands().size() != arity) {
            err("instruction " + i.getName() + " implements " + i.getOp() + " with " + arity + " source operand"
                    + (arity == 1 ? "" : "s") + " but lists " + i.getOperands().size(),
                    "list one operand kind (reg or imm) per source operand, e.g. (reg, imm)", i,
                    P.getInstruction_Operands());
        }
        atMost(i.getLatency(), TcpaLimits.MAX_LATENCY, "the latency of " + i.getName(), i, P.getInstruction_Latency());
        if (i.getLatency() < 1) {
            err("the latency of " + i.getName() + " must be at least 1 cycle, not " + i.getLatency(),
                    "write latency 1 or more", i, P.getInstruction_Latency());
        }
    }

    @Check
    public void pe(Pe pe) {
        if (pe.getFus().isEmpty()) {
            err("the PE has no functional unit", "add e.g. fu alu0 : ALU;", pe, null);
        }
        unique(pe.getFus(), Fu::getName, f -> "FU " + f.getName() + " is declared twice",
                "FU ids are unique, e.g. alu0, alu1", P.getFu_Name());
        unique(pe.getRegisters(), RegisterClass::getKind,
                r -> "register class " + r.getKind().getLiteral() + " is declared twice", "declare each class once",
                P.getRegisterClass_Kind());
    }

    @Check
    public void registerClass(RegisterClass r) {
        String k = r.getKind().getLiteral();
        if (r.getCount() < 0) {
            err("the number of " + k + " registers cannot be negative (" + r.getCount() + ")", "write 0 or more", r,
                    P.getRegisterClass_Count());
        }
        atMost(r.getCount(), TcpaLimits.MAX_REGISTERS, "the number of " + k + " registers", r, P.getRegisterClass_Count());
        atMost(r.getDepth(), TcpaLimits.MAX_FD_DEPTH, "the FD depth", r, P.getRegisterClass_Depth());
        boolean hasDepth = written(r, P.getRegisterClass_Depth());
        if (r.getKind() == RegisterKind.FD) {
            if (!hasDepth) {
                err("feedback registers need a maximum depth", "write e.g. fd 4 depth 32;", r,
                        P.getRegisterClass_Kind());
            } else if (r.getDepth() <= 0) {
                err("the maximum FD depth must be at least 1, not " + r.getDepth(),
                        "feedback registers are shift registers of depth 1 or more, e.g. fd 4 depth 32;", r,
                        P.getRegisterClass_Depth());
            }
        } else if (hasDepth) {
            err("only feedback registers (fd) have a depth", "remove depth from the rd line", r,
                    P.getRegisterClass_Depth());
        }
    }

    @Check
    public void layer(Layer l) {
        Set<Location> locs = new HashSet<>();
        for (PortGroup g : l.getPorts()) {
            if (!locs.add(g.getLocation())) {
                err("the ports of " + g.getLocation().getLiteral() + " are declared twice in the "
                        + l.getKind().getLiteral() + " layer", "one line per location", g, P.getPortGroup_Location());
            }
            atMost(g.getInputs(), TcpaLimits.MAX_PORTS, "the number of input ports", g, P.getPortGroup_Inputs());
            atMost(g.getOutputs(), TcpaLimits.MAX_PORTS, "the number of output ports", g, P.getPortGroup_Outputs());
            if (g.getInputs() < 0 || g.getOutputs() < 0) {
                err("port counts cannot be negative", "write in 0 or more and out 0 or more", g,
                        g.getInputs() < 0 ? P.getPortGroup_Inputs() : P.getPortGroup_Outputs());
            }
        }
        // sibling rule (§3.1): out_i toward a direction is hard-wired to in_i of the opposite side of the neighbour
        for (PortGroup g : l.getPorts()) {
            if (g.getLocation() == Location.PE) {
                continue;
            }
            Location opp = opposite(g.getLocation());
            sibling(g, opp, true, g.getOutputs(), Arch.ports(l, opp, true));
            sibling(g, opp, false, g.getInputs(), Arch.ports(l, opp, false));
        }
        Set<String> pairs = new HashSet<>();
        for (Adjacency a : l.getAdjacencies()) {
            for (PortRef s : a.getSinks()) {
                String key = text(a.getSource()) + "->" + text(s);
                if (!pairs.add(key)) {
                    warning("adjacency " + key + " is declared twice", s, null, CODE, "remove the repetition");
                }
            }
        }
    }

    @Check
    public void adjacency(Adjacency a) {
        Optional<Boolean> src = orientation(a.getSource());
        if (src.isPresent() && !src.get()) {
            err("adjacency between same-orientation ports: " + text(a.getSource()) + " is a sink, "
                    + "an adjacency goes from a source to a sink",
                    "sources are wrapper inputs (east.in0) and PE outputs (pe.out0); sinks are wrapper outputs "
                            + "(east.out0) and PE inputs (pe.in0)", a.getSource(), P.getPortRef_Port());
        }
        for (PortRef s : a.getSinks()) {
            Optional<Boolean> o = orientation(s);
            if (o.isPresent() && o.get()) {
                err("adjacency between same-orientation ports: " + text(a.getSource()) + " and " + text(s)
                        + " are both sources", "connect a source to a sink: wrapper outputs (east.out0) or PE "
                                + "inputs (pe.in0)", s, P.getPortRef_Port());
            }
        }
    }

    @Check
    public void portRef(PortRef r) {
        Optional<Arch.PortName> n = Arch.portName(r.getPort());
        if (n.isEmpty()) {
            err("unknown port " + text(r), "ports are named in<i> (inputs) and out<i> (outputs), e.g. east.out0", r,
                    P.getPortRef_Port());
            return;
        }
        if (r.eContainer() != null && r.eContainer().eContainer() instanceof Layer l) {
            int count = Arch.ports(l, r.getLocation(), n.get().input());
            if (n.get().index() >= count) {
                err("port " + text(r) + " does not exist: the " + l.getKind().getLiteral() + " layer declares "
                        + count + " " + (n.get().input() ? "input" : "output") + " port" + (count == 1 ? "" : "s")
                        + " for " + r.getLocation().getLiteral(),
                        "declare more ports (" + r.getLocation().getLiteral() + " in N out M;) or use a smaller index",
                        r, P.getPortRef_Port());
            }
        }
    }

    @Check
    public void control(Control c) {
        if (c.getSignals() < 0) {
            err("the number of global control signals C cannot be negative", "write control signals 0 or more", c,
                    P.getControl_Signals());
        }
        if (c.getBranchTargets() < 2) {
            err("a conditional branch needs at least 2 targets, not " + c.getBranchTargets(),
                    "write branch targets 2; (the usual OIP value, seed 003 §3.2)", c, P.getControl_BranchTargets());
        }
    }

    @Check
    public void channels(Architecture a) {
        Set<String> names = new HashSet<>();
        for (Channel c : a.getChannels()) {
            if (!names.add(c.getName())) {
                err("channel " + c.getName() + " is declared twice", "channel names are unique", c,
                        P.getChannel_Name());
            }
            if (c.getShares().contains(c)) {
                err("channel " + c.getName() + " cannot share with itself", "list other channels after shares", c,
                        P.getChannel_Shares());
            }
        }
    }

    /**
     * The sibling rule for one direction of {@code g}: its {@code count} outputs (or inputs) need as many inputs (or
     * outputs) on the opposite side {@code opp}, which has {@code oppCount}.
     */
    private void sibling(PortGroup g, Location opp, boolean outputs, int count, int oppCount) {
        if (count > oppCount) {
            String own = outputs ? "out" : "in";
            String other = outputs ? "in" : "out";
            err(g.getLocation().getLiteral() + "." + own + (count - 1) + " has no sibling " + opp.getLiteral() + "."
                    + other + (count - 1) + " on the neighbouring wrapper",
                    "wrappers are homogeneous: declare " + opp.getLiteral() + " " + other + " " + count
                            + " or more, or fewer " + g.getLocation().getLiteral() + (outputs ? " outputs" : " inputs"),
                    g, outputs ? P.getPortGroup_Outputs() : P.getPortGroup_Inputs());
        }
    }

    /** An error on each element whose key an earlier element of {@code elements} already has. */
    private <T extends EObject> void unique(List<T> elements, Function<T, Object> key, Function<T, String> message,
            String hint, EStructuralFeature feature) {
        Set<Object> seen = new HashSet<>();
        for (T e : elements) {
            if (!seen.add(key.apply(e))) {
                err(message.apply(e), hint, e, feature);
            }
        }
    }

    /** Whether the feature appears in the text (eIsSet is false for a written default such as depth 0). */
    private static boolean written(EObject o, EStructuralFeature f) {
        return !NodeModelUtils.findNodesForFeature(o, f).isEmpty();
    }

    /** true = source, false = sink, empty = not a valid port name. */
    private static Optional<Boolean> orientation(PortRef r) {
        return Arch.portName(r.getPort()).map(n -> Arch.isSource(r.getLocation(), n.input()));
    }

    static String text(PortRef r) {
        return r.getLocation().getLiteral() + "." + r.getPort();
    }

    public static Location opposite(Location l) {
        return switch (l) {
            case NORTH -> Location.SOUTH;
            case SOUTH -> Location.NORTH;
            case EAST -> Location.WEST;
            case WEST -> Location.EAST;
            default -> l;
        };
    }
}
