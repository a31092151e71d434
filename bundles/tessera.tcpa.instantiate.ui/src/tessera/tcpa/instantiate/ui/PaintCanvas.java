package tessera.tcpa.instantiate.ui;

import org.eclipse.swt.widgets.Composite;

import tessera.tcpa.diagram.TopologyDiagrams;
import tessera.ui.ChartSurface;

/**
 * The drawing surface of the instantiation charts ({@link ChartSurface}, the Studio chart style) with the colours of
 * the processor classes and the hint or error shown while there is nothing to draw.
 */
abstract class PaintCanvas extends ChartSurface {
    static final int MUTED = 0x7F8C8D;
    static final int SELECTED = 0x2E86DE;

    static final String HINT = "Open a .pla file in an editor (with tcpa.arch, tcpa.params and tcpa.pes in tessera.properties).";

    private String emptyMessage = HINT;

    PaintCanvas(Composite parent, int style) {
        super(parent, style);
    }

    /** The text shown while there is nothing to draw. */
    void setEmptyMessage(String m) {
        emptyMessage = m;
        redraw();
    }

    String emptyMessage() {
        return emptyMessage;
    }

    /** The colour of processor class {@code c} (the palette of the routing diagrams). */
    static int classColor(int c) {
        return TopologyDiagrams.PALETTE[Math.floorMod(c, TopologyDiagrams.PALETTE.length)];
    }
}
