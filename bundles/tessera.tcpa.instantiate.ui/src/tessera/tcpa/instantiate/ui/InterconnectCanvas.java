package tessera.tcpa.instantiate.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Transform;
import org.eclipse.swt.widgets.Composite;

import tessera.tcpa.concrete.Bank;
import tessera.tcpa.concrete.BankKind;
import tessera.tcpa.concrete.Connection;
import tessera.tcpa.concrete.Layer;
import tessera.tcpa.concrete.Processor;
import tessera.tcpa.concrete.Side;
import tessera.tcpa.concrete.Wrapper;

/**
 * Seed 003 Fig. 8: the concrete interconnect of the region. Each PE sits in its wrapper; the wrapper switch
 * connections (data layer solid blue, control layer dashed orange) join wrapper ports (on the wrapper's sides) and PE
 * ports (inputs left, outputs right of the PE); links between neighbouring wrappers and the I/O banks on the border
 * (inputs green, outputs red) complete the replicated channel routes. Scaled down to fit, never cut.
 */
final class InterconnectCanvas extends PaintCanvas {
    private static final int W = 180;
    private static final int H = 140;
    private static final int GAP = 46;
    private static final int BORDER = 150;
    private static final int TITLE = 34;
    private static final int PE_W = 84;
    private static final int PE_H = 60;
    private static final int DATA = 0x2E86DE;
    private static final int CONTROL = 0xE67E22;
    private static final int IN_BANK = 0x27AE60;
    private static final int OUT_BANK = 0xC0392B;

    private Instantiation in;
    private int nEw;
    private int nNs;
    private int nPeIn;
    private int nPeOut;
    private double scale = 1;
    private double tx;
    private double ty;
    private final List<Object[]> hits = new ArrayList<>(); // {Rectangle (natural coordinates), tooltip}

    InterconnectCanvas(Composite parent) {
        super(parent, SWT.NONE);
    }

    void setInstantiation(Instantiation in) {
        this.in = in;
        if (in != null && in.config() != null) {
            int ew = 0;
            int ns = 0;
            int pin = 0;
            int pout = 0;
            for (Wrapper w : in.config().getWrappers()) {
                for (Connection c : w.getConnections()) {
                    for (String port : List.of(c.getSource(), c.getSink())) {
                        int i = index(port);
                        String loc = location(port);
                        if (loc.equals("east") || loc.equals("west")) {
                            ew = Math.max(ew, i + 1);
                        } else if (loc.equals("north") || loc.equals("south")) {
                            ns = Math.max(ns, i + 1);
                        }
                    }
                    if (location(c.getSink()).equals("pe")) {
                        pin = Math.max(pin, index(c.getSink()) + 1);
                    }
                    if (location(c.getSource()).equals("pe")) {
                        pout = Math.max(pout, index(c.getSource()) + 1);
                    }
                }
            }
            for (Bank b : in.config().getBanks()) {
                if (b.getSide() == Side.EAST || b.getSide() == Side.WEST) {
                    ew = Math.max(ew, b.getPort() + 1);
                } else {
                    ns = Math.max(ns, b.getPort() + 1);
                }
            }
            nEw = Math.max(1, ew);
            nNs = Math.max(1, ns);
            nPeIn = Math.max(1, pin);
            nPeOut = Math.max(1, pout);
        }
        redraw();
    }

    static String location(String port) {
        return port.replaceAll("\\d+$", "");
    }

    static int index(String port) {
        String loc = location(port);
        return port.length() > loc.length() ? Integer.parseInt(port.substring(loc.length())) : 0;
    }

    @Override
    protected String emptyText() {
        return in == null ? emptyMessage() : null;
    }

    private int naturalW() {
        return 2 * BORDER + in.cols() * W + (in.cols() - 1) * GAP;
    }

    private int naturalH() {
        return TITLE + 2 * BORDER + in.rows() * H + (in.rows() - 1) * GAP;
    }

    @Override
    public Point preferredSize() {
        return in == null || in.config() == null ? new Point(400, 100) : new Point(naturalW(), naturalH());
    }

    private int wx(int col) {
        return BORDER + col * (W + GAP);
    }

    private int wy(int row) {
        return TITLE + BORDER + row * (H + GAP);
    }

    /**
     * A wrapper port ("east1") or PE port ("pe0" as source = output, as sink = input) of the wrapper at (row, col). A PE
     * port sits on the PE's edge facing {@code other}, the wrapper side the connection leads to (inputs on the first
     * half of that edge, outputs on the second), so switch connections do not cross the PE.
     */
    private int[] point(int row, int col, String port, boolean sink, String other) {
        String loc = location(port);
        int i = index(port);
        int x = wx(col);
        int y = wy(row);
        switch (loc) {
            case "west":
                return new int[] {x, y + H * (i + 1) / (nEw + 1)};
            case "east":
                return new int[] {x + W, y + H * (i + 1) / (nEw + 1)};
            case "north":
                return new int[] {x + W * (i + 1) / (nNs + 1), y};
            case "south":
                return new int[] {x + W * (i + 1) / (nNs + 1), y + H};
            default:
                break;
        }
        int px = x + (W - PE_W) / 2;
        int py = y + (H - PE_H) / 2;
        double t = sink ? 0.5 * (i + 1) / (nPeIn + 1) : 0.5 + 0.5 * (i + 1) / (nPeOut + 1);
        String face = other == null || location(other).equals("pe") ? (sink ? "west" : "east") : location(other);
        return switch (face) {
            case "west" -> new int[] {px, py + (int) Math.round(PE_H * t)};
            case "north" -> new int[] {px + (int) Math.round(PE_W * t), py};
            case "south" -> new int[] {px + (int) Math.round(PE_W * t), py + PE_H};
            default -> new int[] {px + PE_W, py + (int) Math.round(PE_H * t)};
        };
    }

    private static int[] delta(String loc) {
        return switch (loc) {
            case "west" -> new int[] {0, -1};
            case "east" -> new int[] {0, 1};
            case "north" -> new int[] {-1, 0};
            case "south" -> new int[] {1, 0};
            default -> null;
        };
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        hits.clear();
        gc.setFont(bold);
        gc.drawText("Concrete interconnect of " + in.headline(), 10, 8, true);
        gc.setFont(small);
        gc.setForeground(color(MUTED));
        gc.drawText("data layer ─  control layer - -  input bank ■ green  output bank ■ red", 10, 24, true);
        scale = Math.min(1.0, Math.min((double) w / naturalW(), (double) (h - TITLE) / (naturalH() - TITLE)));
        tx = Math.max(0, (w - naturalW() * scale) / 2);
        ty = TITLE * (1 - scale);
        Transform t = new Transform(getDisplay());
        try {
            t.translate((float) tx, (float) ty);
            t.scale((float) scale, (float) scale);
            gc.setTransform(t);
            drawRegion(gc);
        } finally {
            gc.setTransform(null);
            t.dispose();
        }
    }

    private void drawRegion(GC gc) {
        var cfg = in.config();
        gc.setFont(font);
        for (Processor p : cfg.getProcessors()) {
            int x = wx(p.getCol());
            int y = wy(p.getRow());
            gc.setBackground(color(0xF7F9FA));
            gc.fillRectangle(x, y, W, H);
            gc.setForeground(color(0xAAB7B8));
            gc.drawRectangle(x, y, W, H);
            int c = p.getProcessorClass() == null ? -1 : in.classIndex(p.getProcessorClass());
            int rgb = c < 0 ? MUTED : classColor(c);
            int px = x + (W - PE_W) / 2;
            int py = y + (H - PE_H) / 2;
            gc.setBackground(color(tint(rgb, 0.3)));
            gc.fillRoundRectangle(px, py, PE_W, PE_H, 8, 8);
            gc.setForeground(color(rgb));
            gc.drawRoundRectangle(px, py, PE_W, PE_H, 8, 8);
            gc.setForeground(color(INK));
            textCentered(gc, "PE (" + p.getRow() + "," + p.getCol() + ")", px + PE_W / 2, py + 10);
            gc.setFont(small);
            textCentered(gc, c < 0 ? "" : cfg.getProcessorClasses().get(c).getName(), px + PE_W / 2, py + 30);
            gc.setFont(font);
            hits.add(new Object[] {new Rectangle(px, py, PE_W, PE_H), "PE (" + p.getRow() + "," + p.getCol() + "), class "
                    + (c < 0 ? "none" : cfg.getProcessorClasses().get(c).getName()) + ", tile K = " + p.getTile()});
        }
        for (Wrapper wr : cfg.getWrappers()) {
            for (Connection c : wr.getConnections()) {
                int rgb = c.getLayer() == Layer.CONTROL ? CONTROL : DATA;
                int[] a = point(wr.getRow(), wr.getCol(), c.getSource(), false, c.getSink());
                int[] b = point(wr.getRow(), wr.getCol(), c.getSink(), true, c.getSource());
                arrow(gc, a, b, rgb, c.getLayer() == Layer.CONTROL, 1.6);
                portLabel(gc, wr.getRow(), wr.getCol(), c.getSource(), a);
                portLabel(gc, wr.getRow(), wr.getCol(), c.getSink(), b);
                int[] d = delta(location(c.getSink()));
                if (d != null && hasPe(wr.getRow() + d[0], wr.getCol() + d[1])) {
                    String opposite = switch (location(c.getSink())) {
                        case "west" -> "east";
                        case "east" -> "west";
                        case "north" -> "south";
                        default -> "north";
                    } + index(c.getSink());
                    arrow(gc, b, point(wr.getRow() + d[0], wr.getCol() + d[1], opposite, false, null), rgb, c.getLayer() == Layer.CONTROL, 2.4);
                }
            }
        }
        for (Bank b : cfg.getBanks()) {
            drawBank(gc, b);
        }
    }

    private boolean hasPe(int row, int col) {
        return in.config().getProcessors().stream().anyMatch(p -> p.getRow() == row && p.getCol() == col);
    }

    private void portLabel(GC gc, int row, int col, String port, int[] at) {
        String loc = location(port);
        if (loc.equals("pe")) {
            return;
        }
        String text = loc.charAt(0) + String.valueOf(index(port));
        gc.setFont(small);
        gc.setForeground(color(MUTED));
        Point e = gc.textExtent(text);
        int x = switch (loc) {
            case "west" -> at[0] + 3;
            case "east" -> at[0] - e.x - 3;
            default -> at[0] + 3;
        };
        int y = switch (loc) {
            case "north" -> at[1] + 2;
            case "south" -> at[1] - e.y - 2;
            default -> at[1] - e.y - 1;
        };
        gc.drawText(text, x, y, true);
        gc.setFont(font);
    }

    private void drawBank(GC gc, Bank b) {
        Side s = b.getSide();
        String port = s.getLiteral().toLowerCase() + b.getPort();
        int[] p = point(b.getRow(), b.getCol(), port, true, null);
        boolean input = b.getKind() == BankKind.INPUT;
        String label = b.getName();
        Point e = gc.textExtent(label);
        int bw = e.x + 12;
        int bh = e.y + 6;
        int stagger = b.getPort() * (bh + 6);
        int x;
        int y;
        int[] edge;
        switch (s) {
            case WEST -> {
                x = p[0] - 34 - bw;
                y = p[1] - bh / 2;
                edge = new int[] {x + bw, p[1]};
            }
            case EAST -> {
                x = p[0] + 34;
                y = p[1] - bh / 2;
                edge = new int[] {x, p[1]};
            }
            case NORTH -> {
                x = p[0] - bw / 2;
                y = p[1] - 30 - bh - stagger;
                edge = new int[] {p[0], y + bh};
            }
            default -> {
                x = p[0] - bw / 2;
                y = p[1] + 30 + stagger;
                edge = new int[] {p[0], y};
            }
        }
        int rgb = input ? IN_BANK : OUT_BANK;
        if (input) {
            arrow(gc, edge, p, rgb, false, 2.0);
        } else {
            arrow(gc, p, edge, rgb, false, 2.0);
        }
        gc.setBackground(color(tint(rgb, 0.2)));
        gc.fillRectangle(x, y, bw, bh);
        gc.setForeground(color(rgb));
        gc.drawRectangle(x, y, bw, bh);
        gc.setForeground(color(INK));
        gc.drawText(label, x + 6, y + 3, true);
        String strides = b.getStrides().stream().map(String::valueOf).collect(Collectors.joining(", ", "(", ")"));
        hits.add(new Object[] {new Rectangle(x, y, bw, bh), (input ? "input" : "output") + " bank " + b.getName() + " of " + b.getVariable()
                + " at " + s.getLiteral().toLowerCase() + b.getPort() + " of PE (" + b.getRow() + "," + b.getCol() + ")\nenable "
                + b.getEnable() + "\naddress " + b.getBase() + " + " + strides + "·J, index offset " + b.getIndexOffset()});
    }

    private void arrow(GC gc, int[] a, int[] b, int rgb, boolean dashed, double width) {
        gc.setForeground(color(rgb));
        gc.setBackground(color(rgb));
        gc.setLineWidth((int) Math.round(width));
        gc.setLineStyle(dashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
        gc.drawLine(a[0], a[1], b[0], b[1]);
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(1);
        double ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
        int len = 8;
        int x1 = (int) Math.round(b[0] - len * Math.cos(ang - 0.4));
        int y1 = (int) Math.round(b[1] - len * Math.sin(ang - 0.4));
        int x2 = (int) Math.round(b[0] - len * Math.cos(ang + 0.4));
        int y2 = (int) Math.round(b[1] - len * Math.sin(ang + 0.4));
        gc.fillPolygon(new int[] {b[0], b[1], x1, y1, x2, y2});
    }

    @Override
    protected String tooltipAt(int x, int y) {
        int nx = (int) Math.round((x - tx) / scale);
        int ny = (int) Math.round((y - ty) / scale);
        for (Object[] h : hits) {
            if (((Rectangle) h[0]).contains(nx, ny)) {
                return (String) h[1];
            }
        }
        return null;
    }

    /** Connections drawn (for tests): "r,c: source->sink" per wrapper connection. */
    List<String> connections() {
        List<String> out = new ArrayList<>();
        for (Wrapper wr : in.config().getWrappers()) {
            for (Connection c : wr.getConnections()) {
                out.add(wr.getRow() + "," + wr.getCol() + ": " + c.getSource() + "->" + c.getSink());
            }
        }
        return out;
    }
}
