package tessera.regdem.ui;

import java.util.BitSet;
import java.util.Locale;

import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;

import tessera.regdem.demote.SharedLayout;

/**
 * Seed 004 §3.2 Eq. (1) drawn: a map of the block's shared memory (static part, then one array of n words per demoted
 * register), and for one warp a grid slot × lane whose cells give the bank of {@code t·4 + s + r·n·4}; every row
 * covers 32 distinct banks, which the chart checks for every warp and states.
 */
public class SharedLayoutChart extends ChartCanvas {
    private static final int CELL_W = 30;
    private static final int CELL_H = 22;
    private static final int ROW_HEAD = 262;
    private static final int MAP_H = 40;

    private SmemLayout layout;
    private String variantName = "";
    private int warp;

    public SharedLayoutChart(Composite parent, int style) {
        super(parent, style);
    }

    public void show(SmemLayout l, String vName) {
        layout = l;
        variantName = vName;
        warp = Math.min(warp, Math.max(0, warps() - 1));
        redraw();
    }

    public SmemLayout getSmemLayout() {
        return layout;
    }

    public void setWarp(int w) {
        warp = Math.max(0, Math.min(w, Math.max(0, warps() - 1)));
        redraw();
    }

    public int getWarp() {
        return warp;
    }

    public int warps() {
        return layout == null ? 0 : (layout.threads() + 31) / 32;
    }

    @Override
    protected boolean hasContent() {
        return layout != null && !layout.slots().isEmpty();
    }

    @Override
    protected String hint() {
        return layout == null ? super.hint()
                : variantName + " demotes no registers: nothing lives in shared memory (pick a spill_* variant in the"
                        + " Variants tab).";
    }

    @Override
    public Point preferredSize() {
        int k = layout == null ? 4 : layout.slots().size();
        return new Point(Math.max(1080, 20 + ROW_HEAD + 32 * CELL_W + 20), gridTop() + (k + 1) * CELL_H + 90);
    }

    private static int gridTop() {
        return 56 + MAP_H + 70;
    }

    /** Lanes of the shown warp (the last warp of a block may be partial). */
    private int lanes() {
        return Math.min(32, layout.threads() - 32 * warp);
    }

    /** Whether the lanes of every warp touch distinct banks for every slot (Eq. 1's promise). */
    public boolean conflictFree() {
        for (SmemLayout.Slot s : layout.slots()) {
            for (int w = 0; w < warps(); w++) {
                BitSet banks = new BitSet();
                int lanes = Math.min(32, layout.threads() - 32 * w);
                for (int l = 0; l < lanes; l++) {
                    banks.set(layout.bank(32 * w + l, s.r()));
                }
                if (banks.cardinality() != lanes) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int bankColor(int bank) {
        // 8 hues × 4 lightness steps: neighbouring banks differ clearly
        int[] hues = {0x2E86DE, 0x27AE60, 0xF39C12, 0x8E44AD, 0xC0392B, 0x16A085, 0xD35400, 0x7F8C8D};
        return tint(hues[bank % 8], 0.18 + 0.12 * (bank / 8));
    }

    @Override
    protected void draw(GC gc, int w, int h) {
        int th = gc.getFontMetrics().getHeight();
        int k = layout.slots().size();
        int n = layout.threads();
        int s = layout.staticBytes();
        gc.setFont(bold);
        gc.setForeground(color(INK));
        text(gc, String.format(Locale.ROOT, "Shared-memory layout of %s: %d demoted words, n = %d threads, s = %d B"
                + " static → %,d B dynamic shared memory", variantName, k, n, s, layout.dynamicBytes()), 10, 8);
        gc.setFont(font);
        gc.setForeground(color(AXIS_TEXT));
        text(gc, "Eq. (1): register r of thread t lives at t·4 + s + r·n·4; bank = (address ÷ 4) mod 32", 10, 30);
        // memory map
        int mx = 10;
        int mw = w - 20;
        int my = 56;
        long end = layout.end();
        double scale = mw / (double) Math.max(1, end);
        if (s > 0) {
            int sw = (int) Math.round(s * scale);
            gc.setBackground(color(0xD5D8DC));
            gc.fillRectangle(mx, my, sw, MAP_H);
            gc.setForeground(color(INK));
            gc.drawRectangle(mx, my, sw, MAP_H);
            clipText(gc, "static " + s + " B", mx + 4, my + 4, sw - 6);
        }
        for (SmemLayout.Slot sl : layout.slots()) {
            int x0 = mx + (int) Math.round(sl.offset() * scale);
            int x1 = mx + (int) Math.round((sl.offset() + 4L * n) * scale);
            gc.setBackground(color(sl.r() % 2 == 0 ? 0xFDEBD0 : 0xFAD7A0));
            gc.fillRectangle(x0, my, x1 - x0, MAP_H);
            gc.setForeground(color(DEMOTE));
            gc.drawRectangle(x0, my, x1 - x0, MAP_H);
            gc.setForeground(color(INK));
            clipText(gc, "r" + sl.r(), x0 + 3, my + 3, x1 - x0 - 4);
            clipText(gc, reg(sl), x0 + 3, my + 3 + th, x1 - x0 - 4);
        }
        gc.setForeground(color(AXIS_TEXT));
        gc.setFont(small);
        text(gc, "0x0", mx, my + MAP_H + 2);
        textRight(gc, String.format(Locale.ROOT, "0x%X (%,d B)", end, end), mx + mw, my + MAP_H + 2);
        gc.setFont(font);
        // warp grid
        int gy = gridTop();
        int gx = 10 + ROW_HEAD;
        int lanes = lanes();
        gc.setFont(bold);
        gc.setForeground(color(INK));
        text(gc, String.format(Locale.ROOT, "Warp %d of %d (threads %d–%d): bank of each lane's word", warp, warps(),
                32 * warp, 32 * warp + lanes - 1), 10, gy - 2 * th - 12);
        gc.setFont(font);
        gc.setForeground(color(AXIS_TEXT));
        text(gc, "slot", 10, gy - th - 4);
        text(gc, "register", 52, gy - th - 4);
        text(gc, "lane 0 at", 120, gy - th - 4);
        text(gc, "LDS / STS", 196, gy - th - 4);
        for (int l = 0; l < 32; l++) {
            textCentered(gc, String.valueOf(l), gx + l * CELL_W + CELL_W / 2, gy - th - 4);
        }
        for (SmemLayout.Slot sl : layout.slots()) {
            int y = gy + sl.r() * CELL_H;
            gc.setForeground(color(INK));
            int ty = y + (CELL_H - th) / 2;
            text(gc, "r" + sl.r(), 10, ty);
            text(gc, reg(sl), 52, ty);
            text(gc, String.format(Locale.ROOT, "0x%05X", layout.address(32 * warp, sl.r())), 120, ty);
            text(gc, sl.loads() + " / " + sl.stores(), 196, ty);
            for (int l = 0; l < 32; l++) {
                int x = gx + l * CELL_W;
                if (l >= lanes) {
                    gc.setBackground(color(0xF2F3F4));
                    gc.fillRectangle(x, y, CELL_W, CELL_H);
                    continue;
                }
                int b = layout.bank(32 * warp + l, sl.r());
                gc.setBackground(color(bankColor(b)));
                gc.fillRectangle(x, y, CELL_W, CELL_H);
                gc.setForeground(color(0xFFFFFF));
                gc.drawRectangle(x, y, CELL_W, CELL_H);
                gc.setForeground(color(INK));
                textCentered(gc, String.valueOf(b), x + CELL_W / 2, y + (CELL_H - th) / 2);
            }
        }
        int by = gy + k * CELL_H + 10;
        boolean ok = conflictFree();
        gc.setForeground(color(ok ? GREEN : RED));
        text(gc, ok ? "Checked for all " + warps() + " warps and " + k + " slots: the lanes of a warp always hit distinct"
                + " banks (no bank conflicts on demote loads/stores)." : "Bank conflicts found: see the grid.", 10, by);
        gc.setForeground(color(AXIS_TEXT));
        text(gc, "Cells: bank number (colour = bank). Registers are the original kernel's numbers; LDS / STS: the"
                + " variant's demote loads and stores of the slot. Hover a cell for its address.", 10, by + th + 4);
    }

    private static String reg(SmemLayout.Slot sl) {
        return sl.register() < 0 ? "(unused)" : "R" + sl.register();
    }

    private static void clipText(GC gc, String s, int x, int y, int width) {
        if (width > 6 && gc.textExtent(s).x <= width) {
            gc.drawText(s, x, y, true);
        }
    }

    @Override
    protected String tooltipAt(int x, int y) {
        if (!hasContent()) {
            return null;
        }
        int gy = gridTop();
        int r = Math.floorDiv(y - gy, CELL_H);
        if (r < 0 || r >= layout.slots().size()) {
            return null;
        }
        SmemLayout.Slot sl = layout.slots().get(r);
        int l = Math.floorDiv(x - 10 - ROW_HEAD, CELL_W);
        String head = String.format(Locale.ROOT, "slot r%d = %s: %d demote loads, %d demote stores; array at 0x%X", r,
                reg(sl), sl.loads(), sl.stores(), sl.offset());
        if (l < 0 || l >= lanes()) {
            return head;
        }
        int t = 32 * warp + l;
        long a = layout.address(t, r);
        return head + String.format(Locale.ROOT, "\nthread %d: %d·4 + %d + %d·%d·4 = 0x%X, bank %d", t, t,
                layout.staticBytes(), r, layout.threads(), a, SharedLayout.bank(a));
    }
}
