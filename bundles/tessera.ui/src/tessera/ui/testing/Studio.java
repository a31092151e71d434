package tessera.ui.testing;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

import tessera.ui.Screenshots;
import tessera.ui.TesseraPerspective;

/**
 * What the Studio UI tests of every bundle share: the workbench window in the Tessera perspective, a workspace
 * project with files, waiting for background jobs while the event loop runs, and screenshots. Failures throw
 * {@link AssertionError}, so the class needs no JUnit (it lives in tessera.ui, which test bundles already require).
 */
public final class Studio {
    /** Waiting longer than this is a failure (background jobs of the larger examples take seconds, not minutes). */
    public static final long TIMEOUT_MS = 300_000;

    private Studio() {
    }

    /** The active (else the first) workbench window in the Tessera perspective, at (0, 0) with the given size. */
    public static IWorkbenchWindow window(int width, int height) {
        IWorkbench wb = PlatformUI.getWorkbench();
        IWorkbenchWindow win = wb.getActiveWorkbenchWindow() != null ? wb.getActiveWorkbenchWindow()
                : wb.getWorkbenchWindows()[0];
        win.getActivePage().setPerspective(wb.getPerspectiveRegistry().findPerspectiveWithId(TesseraPerspective.ID));
        win.getShell().setBounds(0, 0, width, height);
        return win;
    }

    /** The workspace project {@code name}, created and opened if needed. */
    public static IProject project(String name) throws CoreException {
        IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
        if (!p.exists()) {
            p.create(null);
        }
        p.open(null);
        return p;
    }

    /** Creates or overwrites a workspace file (and its missing folders) with UTF-8 text. */
    public static IFile write(IFile f, String text) throws CoreException {
        mkdirs(f.getParent());
        var in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        if (f.exists()) {
            f.setContents(in, true, false, null);
        } else {
            f.create(in, true, null);
        }
        return f;
    }

    /** Writes {@code rel} (a project-relative path, folders created) in {@code p}. */
    public static IFile write(IProject p, String rel, String text) throws CoreException {
        return write(p.getFile(rel), text);
    }

    private static void mkdirs(IContainer c) throws CoreException {
        if (c instanceof IFolder folder && !folder.exists()) {
            mkdirs(folder.getParent());
            folder.create(true, true, null);
        }
    }

    /** A file under the repository's {@code examples/} folder, found upwards from the working directory. */
    public static Path example(String rel) {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("examples"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new AssertionError("no examples/ folder above " + Path.of("").toAbsolutePath());
        }
        return p.resolve("examples").resolve(rel);
    }

    /** The text of {@link #example(String)}. */
    public static String exampleText(String rel) throws IOException {
        return Files.readString(example(rel));
    }

    /** Runs the event loop until {@code done} holds (views update from background jobs), then lets pending paints happen. */
    public static void waitFor(BooleanSupplier done, String what) {
        Screenshots.waitFor(Display.getCurrent(), done, TIMEOUT_MS, what);
    }

    /** Runs the event loop until {@code cond} holds or {@code ms} have passed; returns {@code cond} (no failure). */
    public static boolean waitUntil(BooleanSupplier cond, long ms) {
        try {
            Screenshots.waitFor(Display.getCurrent(), cond, ms, "");
            return true;
        } catch (AssertionError timedOut) {
            return cond.getAsBoolean();
        }
    }

    /** Saves {@code target/screenshots/<name>.png} of the window after pending paints; fails on an empty image. */
    public static File shot(IWorkbenchWindow win, String name) {
        Screenshots.flush(win.getShell().getDisplay());
        File f = Screenshots.capture(win.getShell(), name);
        if (f.length() <= 1000) {
            throw new AssertionError("screenshot too small (nothing painted?): " + f);
        }
        return f;
    }

    /** A test step that may throw. */
    public interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} with the view maximized (screenshots show it whole), then restores it. */
    public static void maximized(IViewPart v, Body body) throws Exception {
        IWorkbenchPage page = v.getSite().getPage();
        page.activate(v);
        page.toggleZoom(page.getReference(v));
        try {
            Screenshots.flush(Display.getCurrent());
            body.run();
        } finally {
            page.toggleZoom(page.getReference(v));
        }
    }
}
