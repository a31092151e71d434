package tessera.ui.testing;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;

import tessera.ui.Screenshots;
import tessera.ui.TesseraPerspective;

/**
 * What the Studio UI tests of every bundle share: the workbench window in the Tessera perspective (or a bare shell for
 * a panel), a workspace project with files (together: a {@link Bench}), waiting for background jobs while the event
 * loop runs, mouse clicks and drags, an editor's problem annotations, and screenshots. Failures throw
 * {@link AssertionError}, so the class needs no JUnit (it lives in tessera.ui, which test bundles already require).
 */
public final class Studio {
    /** Waiting longer than this is a failure (background jobs of the larger examples take seconds, not minutes). */
    public static final long TIMEOUT_MS = 300_000;

    private Studio() {
    }

    /** The active (else the first) workbench window, as it is. */
    public static IWorkbenchWindow activeWindow() {
        IWorkbench wb = PlatformUI.getWorkbench();
        return wb.getActiveWorkbenchWindow() != null ? wb.getActiveWorkbenchWindow() : wb.getWorkbenchWindows()[0];
    }

    /** The active (else the first) workbench window in the Tessera perspective, at (0, 0) with the given size. */
    public static IWorkbenchWindow window(int width, int height) {
        IWorkbench wb = PlatformUI.getWorkbench();
        IWorkbenchWindow win = activeWindow();
        win.getActivePage().setPerspective(wb.getPerspectiveRegistry().findPerspectiveWithId(TesseraPerspective.ID));
        win.getShell().setBounds(0, 0, width, height);
        return win;
    }

    /** A test's workbench window (in the Tessera perspective), its active page and its workspace project. */
    public record Bench(IWorkbenchWindow window, IWorkbenchPage page, IProject project) {
        /** Creates or overwrites {@code rel} (a project-relative path, folders created) in the project. */
        public IFile write(String rel, String text) throws CoreException {
            return Studio.write(project, rel, text);
        }

        /** Saves {@code target/screenshots/<name>.png} of the window ({@link Studio#shot}). */
        public File shot(String name) {
            return Studio.shot(window, name);
        }
    }

    /** The {@link #window} of the given size, its page and the {@link #project} {@code projectName}. */
    public static Bench bench(int width, int height, String projectName) throws CoreException {
        IWorkbenchWindow win = window(width, height);
        return new Bench(win, win.getActivePage(), project(projectName));
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

    /** A shell on the default display with a fill layout, the given title and size, not yet open (panel tests). */
    public static Shell shell(String title, int width, int height) {
        Shell shell = new Shell(Display.getDefault());
        shell.setText(title);
        shell.setLayout(new FillLayout());
        shell.setSize(width, height);
        return shell;
    }

    /** A click of the first mouse button at (x, y) of {@code c}: button down, then up. */
    public static void click(Control c, int x, int y) {
        mouse(c, SWT.MouseDown, x, y, 1, 0);
        mouse(c, SWT.MouseUp, x, y, 1, 0);
    }

    /** A drag with the first mouse button from (x0, y0) to (x1, y1) of {@code c}: button down, a move, button up. */
    public static void drag(Control c, int x0, int y0, int x1, int y1) {
        mouse(c, SWT.MouseDown, x0, y0, 1, 0);
        mouse(c, SWT.MouseMove, x1, y1, 0, SWT.BUTTON1);
        mouse(c, SWT.MouseUp, x1, y1, 1, 0);
    }

    private static void mouse(Control c, int type, int x, int y, int button, int stateMask) {
        Event e = new Event();
        e.x = x;
        e.y = y;
        e.button = button;
        e.stateMask = stateMask;
        c.notifyListeners(type, e);
    }

    /** The error, warning and info annotations of a text editor's document. */
    public static List<Annotation> problems(ITextEditor ed) {
        IAnnotationModel m = ed.getDocumentProvider().getAnnotationModel(ed.getEditorInput());
        List<Annotation> l = new ArrayList<>();
        for (Iterator<Annotation> it = m.getAnnotationIterator(); it.hasNext();) {
            Annotation a = it.next();
            if (a.getType().matches("org\\.eclipse\\.ui\\.workbench\\.texteditor\\.(error|warning|info)")) {
                l.add(a);
            }
        }
        return l;
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
