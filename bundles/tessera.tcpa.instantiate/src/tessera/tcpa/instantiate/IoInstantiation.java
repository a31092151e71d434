package tessera.tcpa.instantiate;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.tcpa.arch.Arch;
import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.Side;
import tessera.tcpa.symconf.AccessMapping;
import tessera.tcpa.tcpa.Adjacency;
import tessera.tcpa.tcpa.Architecture;
import tessera.tcpa.tcpa.IoBuffer;
import tessera.tcpa.tcpa.Layer;
import tessera.tcpa.tcpa.LayerKind;
import tessera.tcpa.tcpa.Location;
import tessera.tcpa.tcpa.PortRef;

/**
 * Seed 003 §6.4 (digest §3.12): for each access mapping a and each PE K with a non-empty enable domain
 * Ĵ = split(K, 𝓐*), a memory bank on a border wrapper port adjacent to reg's PE port, with the AG's element
 * x[Q·(P·K + J) − d] (P7: Eq. (1)'s −d) and a row-major address function. Only border PEs can be served directly;
 * an interior PE would need run-time routing (P26) and is reported.
 */
public final class IoInstantiation {
    private static final ConcreteFactory F = ConcreteFactory.eINSTANCE;

    /** A bank and the wrapper connection it needs ("west0" → "pe0", or "pe1" → "south0"). */
    public record Io(Bank bank, String source, String sink) {
    }

    private IoInstantiation() {
    }

    public static List<Io> instantiate(Concretization.Context ctx, Architecture arch, Map<String, String> routes) {
        List<Io> r = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (AccessMapping a : ctx.symbolic().getAccessMappings()) {
            Map<Integer, BitSet> enable = ctx.perTile(a.getAccessSpace());
            int reg = Integer.parseInt(a.getRegister().substring(2));
            long[] extents = extents(ctx, a);
            for (int k = 0; k < ctx.tileCount(); k++) {
                BitSet e = enable.get(k);
                if (e == null || e.isEmpty()) {
                    continue;
                }
                long[] tile = ctx.tile(k);
                int[] pe = ctx.pe(tile);
                Port port = borderPort(ctx, arch, a.isInput(), reg, pe, routes, true, used);
                if (port == null) {
                    port = borderPort(ctx, arch, a.isInput(), reg, pe, routes, false, used);
                }
                if (port == null) {
                    throw new InstantiationException((a.isInput() ? "input " : "output ") + a.getVariable() + " is accessed by PE (" + pe[0]
                            + "," + pe[1] + ") through " + a.getRegister() + ", which has no adjacent border buffer port",
                            "interior I/O needs run-time bank routing (seed 003 §6.4, P26), which the instantiation does not do: "
                                    + "propagate the variable from the border (e.g. a drain phase, examples/pla/matmul.pla), choose a region "
                                    + "whose last PE row and column get iterations (p = ⌈extent/t⌉ can leave them empty), or add "
                                    + "buffers/adjacencies to the architecture");
                }
                Bank b = F.createBank();
                b.setName(a.getVariable() + "_" + pe[0] + "_" + pe[1]);
                b.setKind(a.isInput() ? BankKind.INPUT : BankKind.OUTPUT);
                b.setVariable(a.getVariable());
                b.setRow(pe[0]);
                b.setCol(pe[1]);
                b.setSide(Side.get(port.side.getLiteral()));
                b.setPort(port.index);
                b.setEnable(PolySet.valueOf(ctx.text(e)));
                int n = tile.length;
                long base = 0;
                for (int row = 0; row < a.getQRows(); row++) {
                    long off = -a.getD().get(row);
                    for (int c = 0; c < n; c++) {
                        long q = a.getQ().get(row * n + c);
                        b.getIndexMatrix().add(q);
                        off += q * ctx.p().get(c) * tile[c];
                    }
                    b.getIndexOffset().add(off);
                    long stride = 1;
                    for (int s = row + 1; s < extents.length; s++) {
                        stride *= extents[s];
                    }
                    b.getStrides().add(stride);
                }
                b.setBase(base);
                String peSide = port.side.getLiteral() + port.index;
                r.add(a.isInput() ? new Io(b, peSide, "pe" + reg) : new Io(b, "pe" + reg, peSide));
            }
        }
        return r;
    }

    private record Port(Location side, int index) {
    }

    /**
     * A border side of this PE with a buffer and an adjacency side.in_m → pe.in_reg (input) or pe.out_reg → side.out_m.
     * {@code reuse}: only an input port a channel's route already connects (the bank replaces the missing neighbour,
     * e1 and e4² both id0), else only ports that leave the routes' connections intact.
     */
    private static Port borderPort(Concretization.Context ctx, Architecture arch, boolean input, int reg, int[] pe, Map<String, String> routes,
            boolean reuse, java.util.Set<String> used) {
        Layer data = Arch.layer(arch, LayerKind.DATA).orElse(null);
        if (data == null) {
            return null;
        }
        for (IoBuffer buf : arch.getBuffers()) {
            Location side = buf.getSide();
            boolean border = switch (side) {
                case NORTH -> pe[0] == 0;
                case SOUTH -> pe[0] == ctx.rows() - 1;
                case WEST -> pe[1] == 0;
                case EAST -> pe[1] == ctx.cols() - 1;
                default -> false;
            };
            long onSide = used.stream().filter(u -> u.startsWith(pe[0] + "," + pe[1] + "," + side.getLiteral())).count();
            if (!border || onSide >= buf.getBanks()) {
                continue; // one bank per wrapper port, at most the buffer's banks per border PE
            }
            for (Adjacency ad : data.getAdjacencies()) {
                for (PortRef sink : ad.getSinks()) {
                    PortRef from = ad.getSource();
                    Arch.PortName fn = Arch.portName(from.getPort()).orElse(null);
                    Arch.PortName sn = Arch.portName(sink.getPort()).orElse(null);
                    if (fn == null || sn == null) {
                        continue;
                    }
                    String src = from.getLocation().getLiteral() + fn.index();
                    String snk = sink.getLocation().getLiteral() + sn.index();
                    boolean fits = reuse ? input && src.equals(routes.get(snk)) : !routes.containsKey(snk);
                    Port found = null;
                    if (fits && input && from.getLocation() == side && sink.getLocation() == Location.PE && sn.index() == reg) {
                        found = new Port(side, fn.index());
                    }
                    if (fits && !input && from.getLocation() == Location.PE && fn.index() == reg && sink.getLocation() == side) {
                        found = new Port(side, sn.index());
                    }
                    if (found != null && used.add(pe[0] + "," + pe[1] + "," + side.getLiteral() + "," + found.index())) {
                        return found;
                    }
                }
            }
        }
        return null;
    }

    /** Extent of each element coordinate of Q·I − d over the iteration space's bounding box (row-major layout). */
    private static long[] extents(Concretization.Context ctx, AccessMapping a) {
        int n = ctx.p().size();
        long[] ext = new long[a.getQRows()];
        for (int row = 0; row < ext.length; row++) {
            long max = -a.getD().get(row);
            for (int c = 0; c < n; c++) {
                long q = a.getQ().get(row * n + c);
                max += Math.max(0, q * (ctx.p().get(c) * ctx.t().get(c) - 1));
            }
            ext[row] = max + 1;
        }
        return ext;
    }
}
