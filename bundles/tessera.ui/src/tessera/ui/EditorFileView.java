package tessera.ui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;

import tessera.core.CancelledException;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.core.pass.ProjectSettings;

/**
 * Base of the Studio views that follow the file of the active editor: activating an editor on an accepted file shows
 * it, saving it (or the project's {@code tessera.properties}) recomputes it, the work runs in a background job with
 * progress and cancel (a newer request cancels the older one, whose result is then dropped), and problems go to a
 * message line — by default a read-only status text above the view's body.
 */
public abstract class EditorFileView extends ViewPart {
    /** The background part of a recomputation. */
    @FunctionalInterface
    public interface Work<R> {
        R run(Monitor monitor);
    }

    private Control root;
    private Text status;
    private IFile file;
    private Job job;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = fileOf(editor);
                if (f != null && !f.equals(file)) {
                    showFile(f);
                }
            }
        }
    };

    private final IResourceChangeListener resourceListener = (IResourceChangeEvent event) -> {
        IFile f = file;
        if (f == null || event.getDelta() == null || gone()) {
            return;
        }
        if (changes(event.getDelta(), f)) {
            Runnable reload = reloader(f); // built now: it may capture what is shown when the change happens
            root.getDisplay().asyncExec(() -> {
                if (!gone() && f.equals(file)) {
                    reload.run();
                }
            });
        }
    };

    @Override
    public final void createPartControl(Composite parent) {
        root = createContents(parent);
        getSite().getPage().addPartListener(partListener);
        ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
        opened();
    }

    /** The view's controls and tool bar; returns the top control. */
    protected abstract Control createContents(Composite parent);

    /** Whether the view follows editors on this file. */
    protected abstract boolean accepts(IFile f);

    /** Shows {@code f} with the given (possibly unsaved) text; the file is already {@link #getFile()}. */
    protected abstract void showText(IFile f, String text);

    /** After the controls exist: shows the active editor's saved file, if accepted. */
    protected void opened() {
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : fileOf(active);
        if (f != null) {
            showFile(f);
        }
    }

    /** Whether a workspace change should recompute {@code f}: its content or the project's settings changed. */
    protected boolean changes(IResourceDelta delta, IFile f) {
        IResourceDelta d = delta.findMember(f.getFullPath());
        IResourceDelta s = delta.findMember(f.getProject().getFullPath().append(ProjectSettings.FILE));
        return d != null && (d.getFlags() & IResourceDelta.CONTENT) != 0 || s != null;
    }

    /** What recomputes {@code f} after a change. */
    protected Runnable reloader(IFile f) {
        return () -> showFile(f);
    }

    /** Shows the message line (the status text when the view has one). */
    protected void showMessage(String text, boolean error) {
        if (status != null && !status.isDisposed()) {
            status.setText(text);
            status.setForeground(status.getDisplay().getSystemColor(error ? SWT.COLOR_DARK_RED : SWT.COLOR_WIDGET_FOREGROUND));
            status.getParent().layout(true, true);
        }
    }

    /** Shows a saved workspace file. */
    public void showFile(IFile f) {
        file = f;
        try {
            showText(f, read(f));
        } catch (IOException | CoreException e) {
            showMessage("Cannot read " + f.getFullPath() + ": " + e.getMessage(), true);
        }
    }

    /** Shows the active editor's file with its current (possibly unsaved) text, if the view accepts it. */
    public void showActiveEditor() {
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : fileOf(active);
        if (f == null) {
            return;
        }
        ITextEditor te = active instanceof ITextEditor t ? t : active.getAdapter(ITextEditor.class);
        var doc = te == null ? null : te.getDocumentProvider().getDocument(te.getEditorInput());
        if (doc != null) {
            file = f;
            showText(f, doc.get());
        } else {
            showFile(f);
        }
    }

    private IFile fileOf(IEditorPart editor) {
        IFile f = editor.getEditorInput().getAdapter(IFile.class);
        return f != null && accepts(f) ? f : null;
    }

    /**
     * Runs {@code work} in a background job (cancelling the previous one) and hands its result to {@code show} in the UI
     * thread, unless a newer job has started meanwhile. Cancel, a time limit and a failure end in the message line.
     */
    protected final <R> Job startJob(String name, boolean user, Work<R> work, Consumer<R> show) {
        if (job != null) {
            job.cancel();
        }
        Job j = new Job(name) {
            @Override
            protected IStatus run(IProgressMonitor pm) {
                Job self = this;
                try {
                    R r = work.run(Monitors.of(pm));
                    ui(self, () -> show.accept(r));
                    return Status.OK_STATUS;
                } catch (CancelledException | OperationCanceledException e) {
                    ui(self, () -> showMessage(name + " was cancelled.", false));
                    return Status.CANCEL_STATUS;
                } catch (TimeLimitException e) {
                    ui(self, () -> showMessage(e.getMessage(), true));
                    return Status.OK_STATUS;
                } catch (RuntimeException e) {
                    ui(self, () -> showMessage(name + " failed: " + e, true));
                    return Status.error(name + " failed", e);
                }
            }
        };
        j.setUser(user);
        job = j;
        j.schedule();
        return j;
    }

    private void ui(Job self, Runnable r) {
        if (!gone()) {
            root.getDisplay().asyncExec(() -> {
                if (!gone() && job == self) {
                    r.run();
                }
            });
        }
    }

    private boolean gone() {
        return root == null || root.isDisposed();
    }

    /** A composite with the status text on top and {@code body} filling the rest (for {@link #createContents}). */
    protected final Composite withStatus(Composite parent, Function<Composite, Control> body) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayout gl = Layouts.grid(1, 0, 0);
        gl.verticalSpacing = 2;
        c.setLayout(gl);
        status = new Text(c, SWT.READ_ONLY | SWT.WRAP | SWT.MULTI);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        body.apply(c).setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        return c;
    }

    /** The status text (empty without one). */
    public String getStatusText() {
        return status == null ? "" : status.getText();
    }

    /** The file shown (null before the first). */
    public IFile getFile() {
        return file;
    }

    /** Sets the file shown without reading it (views given a text directly). */
    protected void setFile(IFile f) {
        file = f;
    }

    /** What a view computes from a file's project-relative name, its text and a reader of the other files of its project. */
    @FunctionalInterface
    protected interface ProjectFileShow {
        Job show(String fileName, String text, Function<String, Optional<String>> reader);
    }

    /** Shows a workspace file with the given (possibly unsaved) text; other files are read from its project. */
    protected final Job showInProject(IFile f, String text, ProjectFileShow show) {
        setFile(f);
        return show.show(f.getProjectRelativePath().toString(), text, projectReader(f));
    }

    /** The job of the latest request (tests join it). */
    public Job getJob() {
        return job;
    }

    /** A tool bar action. */
    public static Action action(String text, Runnable r) {
        return new Action(text) {
            @Override
            public void run() {
                r.run();
            }
        };
    }

    /** A tool bar action that asks for a .png file and hands it to {@code export}. */
    protected final Action exportPngAction(String text, Consumer<File> export) {
        return action(text, () -> {
            FileDialog fd = new FileDialog(getSite().getShell(), SWT.SAVE);
            fd.setFilterExtensions(new String[] {"*.png"});
            fd.setOverwrite(true);
            String path = fd.open();
            if (path != null) {
                export.accept(new File(path));
            }
        });
    }

    /** Reads the other files of {@code f}'s project from the workspace (empty: missing or unreadable). */
    public static Function<String, Optional<String>> projectReader(IFile f) {
        return rel -> {
            IResource r = f.getProject().findMember(rel);
            if (r instanceof IFile other) {
                try {
                    return Optional.of(read(other));
                } catch (IOException | CoreException e) {
                    return Optional.empty();
                }
            }
            return Optional.empty();
        };
    }

    /** A workspace file's saved text (UTF-8). */
    public static String read(IFile f) throws IOException, CoreException {
        try (InputStream in = f.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Override
    public void setFocus() {
        if (!gone()) {
            root.setFocus();
        }
    }

    @Override
    public void dispose() {
        if (job != null) {
            job.cancel();
        }
        getSite().getPage().removePartListener(partListener);
        ResourcesPlugin.getWorkspace().removeResourceChangeListener(resourceListener);
        super.dispose();
    }
}
