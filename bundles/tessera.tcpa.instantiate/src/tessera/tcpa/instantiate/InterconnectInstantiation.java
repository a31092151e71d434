package tessera.tcpa.instantiate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.concrete.ConcreteFactory;
import tessera.tcpa.concrete.Connection;
import tessera.tcpa.concrete.Layer;
import tessera.tcpa.concrete.Wrapper;
import tessera.tcpa.symconf.Route;

/**
 * Seed 003 §6 (digest §3.13): every propagation channel's route is replicated in all wrappers of the region (its
 * intra-wrapper hops: PE output or wrapper input → PE input or wrapper output; the sibling hops between neighbours
 * are wires), plus the I/O connections of the banks. A sink driven by two different sources is an error.
 */
public final class InterconnectInstantiation {
    private static final ConcreteFactory F = ConcreteFactory.eINSTANCE;

    private InterconnectInstantiation() {
    }

    /** The intra-wrapper hops of all routes: sink → source, the same in every wrapper. */
    public static Map<String, String> routes(Concretization.Context ctx) {
        Map<String, String> replicated = new LinkedHashMap<>();
        for (Route r : ctx.symbolic().getRoutes()) {
            List<String> ports = r.getPorts();
            for (int i = 0; i + 1 < ports.size(); i++) {
                String a = ports.get(i), b = ports.get(i + 1);
                boolean aSource = a.startsWith("pe.out") || (!a.startsWith("pe.") && a.contains(".in"));
                boolean bSink = b.startsWith("pe.in") || (!b.startsWith("pe.") && b.contains(".out"));
                if (aSource && bSink) {
                    connect(replicated, name(a), name(b), "route of " + r.getEdge());
                }
            }
        }
        return replicated;
    }

    public static void instantiate(Concretization.Context ctx, Map<String, String> replicated, List<IoInstantiation.Io> io,
            ConcreteConfiguration out) {
        for (int row = 0; row < ctx.rows(); row++) {
            for (int col = 0; col < ctx.cols(); col++) {
                Map<String, String> sinks = new LinkedHashMap<>(replicated);
                for (IoInstantiation.Io x : io) {
                    if (x.bank().getRow() == row && x.bank().getCol() == col) {
                        connect(sinks, x.source(), x.sink(), "bank " + x.bank().getName());
                    }
                }
                Wrapper w = F.createWrapper();
                w.setRow(row);
                w.setCol(col);
                sinks.forEach((sink, source) -> {
                    Connection c = F.createConnection();
                    c.setLayer(Layer.DATA);
                    c.setSource(source);
                    c.setSink(sink);
                    w.getConnections().add(c);
                });
                out.getWrappers().add(w);
            }
        }
    }

    private static void connect(Map<String, String> sinks, String source, String sink, String what) {
        String old = sinks.putIfAbsent(sink, source);
        if (old != null && !old.equals(source)) {
            throw new InstantiationException("wrapper port " + sink + " would be driven by " + old + " and by " + source + " (" + what + ")",
                    "the symbolic routes and the I/O ports collide; give the architecture more ports");
        }
    }

    /** "pe.out0" → "pe0", "east.in1" → "east1". */
    static String name(String port) {
        int dot = port.indexOf('.');
        String rest = port.substring(dot + 1).replace("out", "").replace("in", "");
        return port.substring(0, dot) + rest;
    }
}
