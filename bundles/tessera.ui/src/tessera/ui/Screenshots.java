package tessera.ui;

import java.io.File;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;

/** PNG snapshots of what the user sees (UI tests save them under target/screenshots). */
public final class Screenshots {
    private Screenshots() {
    }

    /** The folder given by -Dtessera.screenshots, else target/screenshots of the working directory. */
    public static File folder() {
        String p = System.getProperty("tessera.screenshots");
        File f = p == null || p.isBlank() ? new File("target/screenshots") : new File(p);
        f.mkdirs();
        return f;
    }

    /** Captures a shell (the whole window) after letting it paint. */
    public static File capture(Shell shell, String name) {
        Display display = shell.getDisplay();
        shell.forceActive();
        flush(display);
        Rectangle b = shell.getBounds();
        Image image = new Image(display, b.width, b.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, b.x, b.y);
        } finally {
            gc.dispose();
        }
        return save(image, name);
    }

    /** Paints a control into an image with {@link Control#print(GC)} (independent of window stacking). */
    public static File print(Control control, String name) {
        Display display = control.getDisplay();
        flush(display);
        Rectangle b = control.getBounds();
        Image image = new Image(display, Math.max(1, b.width), Math.max(1, b.height));
        GC gc = new GC(image);
        try {
            control.print(gc);
        } finally {
            gc.dispose();
        }
        return save(image, name);
    }

    static File save(Image image, String name) {
        return save(image, new File(folder(), name.endsWith(".png") ? name : name + ".png"));
    }

    /** Writes an image as PNG and disposes it. */
    private static File save(Image image, File out) {
        try {
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {image.getImageData()};
            loader.save(out.getPath(), SWT.IMAGE_PNG);
            return out;
        } finally {
            image.dispose();
        }
    }

    /** Paints a white w × h image (at least 1 × 1) with {@code paint} and writes it as PNG (chart and diagram export). */
    public static File paintPng(Display display, int w, int h, java.util.function.Consumer<GC> paint, File out) {
        Image image = new Image(display, Math.max(1, w), Math.max(1, h));
        GC gc = new GC(image);
        try {
            gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
            gc.fillRectangle(image.getBounds());
            paint.accept(gc);
        } finally {
            gc.dispose();
        }
        return save(image, out);
    }

    /** Runs the event loop until {@code done} holds (views update asynchronously); fails after {@code timeoutMs}. */
    public static void waitFor(Display display, java.util.function.BooleanSupplier done, long timeoutMs, String what) {
        long end = System.currentTimeMillis() + timeoutMs;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out waiting: " + what);
            }
            if (!display.readAndDispatch()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        flush(display);
    }

    /** Runs the event loop until idle so pending paints and layouts happen. */
    public static void flush(Display display) {
        for (int i = 0; i < 50; i++) {
            while (display.readAndDispatch()) {
                // drain
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
