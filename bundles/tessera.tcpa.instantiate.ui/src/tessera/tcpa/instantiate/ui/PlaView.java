package tessera.tcpa.instantiate.ui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
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
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.Separator;
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
import tessera.ui.Monitors;

/**
 * Base of the instantiation views: follows the .pla file of the active editor (and its saves and the project's
 * settings), instantiates it in a background job with progress and cancel, and shows either the result or the
 * readable reason why there is none in the status text at the top.
 *
 * @param <T> what the job computes for the view
 */
abstract class PlaView<T> extends ViewPart {
    private Text status;
    private IFile file;
    private Job job;
    private T shown;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = editor.getEditorInput().getAdapter(IFile.class);
                if (f != null && "pla".equals(f.getFileExtension()) && !f.equals(file)) {
                    showFile(f);
                }
            }
        }
    };

    private final IResourceChangeListener resourceListener = (IResourceChangeEvent event) -> {
        IFile f = file;
        if (f == null || event.getDelta() == null || status == null || status.isDisposed()) {
            return;
        }
        IResourceDelta d = event.getDelta().findMember(f.getFullPath());
        IResourceDelta s = event.getDelta().findMember(f.getProject().getFullPath().append(Instantiation.SETTINGS_FILE));
        if (d != null && (d.getFlags() & IResourceDelta.CONTENT) != 0 || s != null) {
            status.getDisplay().asyncExec(() -> {
                if (!status.isDisposed()) {
                    showFile(f);
                }
            });
        }
    };

    @Override
    public final void createPartControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        GridLayout gl = new GridLayout(1, false);
        gl.marginWidth = 0;
        gl.marginHeight = 0;
        gl.verticalSpacing = 2;
        c.setLayout(gl);
        status = new Text(c, SWT.READ_ONLY | SWT.WRAP | SWT.MULTI);
        status.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        Control body = createBody(c);
        body.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        IToolBarManager tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(action("Show for Active Editor", this::showActiveEditor));
        tb.add(new Separator());
        contributeActions(tb);
        tb.add(new Separator());
        tb.add(action("Export PNG…", () -> {
            FileDialog fd = new FileDialog(status.getShell(), SWT.SAVE);
            fd.setFilterExtensions(new String[] {"*.png"});
            fd.setOverwrite(true);
            String path = fd.open();
            if (path != null) {
                exportPng(new File(path));
            }
        }));
        getSite().getPage().addPartListener(partListener);
        ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
        setStatus("Open a .pla file in an editor: " + what() + " for the project's tcpa.arch, tcpa.params and tcpa.pes.", false);
        showActiveEditor();
    }

    static Action action(String text, Runnable r) {
        return new Action(text) {
            @Override
            public void run() {
                r.run();
            }
        };
    }

    /** The view's content below the status text. */
    protected abstract Control createBody(Composite parent);

    /** More tool bar actions. */
    protected void contributeActions(IToolBarManager tb) {
    }

    /** "the processor classes, CFGs, programs and interconnect" — for the hint. */
    protected abstract String what();

    /** Background part: computes what the view shows (may throw CancelledException). */
    protected abstract T compute(Instantiation in, Monitor monitor);

    /** UI part: shows a computed result (also when {@code in} failed: then show the empty state). */
    protected abstract void display(T result);

    /** The error of a computed result, or null. */
    protected abstract String errorOf(T result);

    /** The status line of a successful result. */
    protected abstract String statusOf(T result);

    /** Exports the visible chart. */
    public abstract File exportPng(File file);

    /** Shows the active editor's .pla file, if any. */
    public void showActiveEditor() {
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : active.getEditorInput().getAdapter(IFile.class);
        if (f != null && "pla".equals(f.getFileExtension())) {
            String text = null;
            if (active instanceof ITextEditor te || active.getAdapter(ITextEditor.class) != null) {
                ITextEditor te = active instanceof ITextEditor t ? t : active.getAdapter(ITextEditor.class);
                var doc = te.getDocumentProvider().getDocument(te.getEditorInput());
                text = doc == null ? null : doc.get();
            }
            if (text != null) {
                show(f, text);
            } else {
                showFile(f);
            }
        }
    }

    /** Shows a saved workspace .pla file. */
    public void showFile(IFile f) {
        try {
            show(f, read(f));
        } catch (IOException | CoreException e) {
            setStatus("Cannot read " + f.getFullPath() + ": " + e.getMessage(), true);
        }
    }

    /** Shows a workspace .pla file with the given (possibly unsaved) text; other project files are read from the workspace. */
    public Job show(IFile f, String text) {
        file = f;
        return show(f.getProjectRelativePath().toString(), text, rel -> {
            IResource r = f.getProject().findMember(rel);
            if (r instanceof IFile other) {
                try {
                    return Optional.of(read(other));
                } catch (IOException | CoreException e) {
                    return Optional.empty();
                }
            }
            return Optional.empty();
        });
    }

    /** Instantiates a PLA text in a background job and shows the result (tests may call this without a workspace file). */
    public Job show(String fileName, String text, Function<String, Optional<String>> reader) {
        if (job != null) {
            job.cancel();
        }
        setStatus(fileName + ": instantiating …", false);
        Job j = new Job("Instantiation views of " + fileName) {
            @Override
            protected IStatus run(IProgressMonitor pm) {
                Job self = this;
                try {
                    Monitor m = Monitors.of(pm);
                    T r = compute(Instantiation.of(fileName, text, reader, m), m);
                    asyncUi(() -> {
                        if (job == self) {
                            shown = r;
                            String err = errorOf(r);
                            setStatus(err != null ? err : statusOf(r), err != null);
                            display(r);
                        }
                    });
                    return Status.OK_STATUS;
                } catch (CancelledException | OperationCanceledException e) {
                    asyncUi(() -> {
                        if (job == self) {
                            setStatus(fileName + ": canceled", false);
                        }
                    });
                    return Status.CANCEL_STATUS;
                }
            }
        };
        j.setUser(false);
        job = j;
        j.schedule();
        return j;
    }

    private void asyncUi(Runnable r) {
        if (status != null && !status.isDisposed()) {
            status.getDisplay().asyncExec(() -> {
                if (!status.isDisposed()) {
                    r.run();
                }
            });
        }
    }

    protected void setStatus(String text, boolean error) {
        status.setText(text);
        status.setForeground(status.getDisplay().getSystemColor(error ? SWT.COLOR_DARK_RED : SWT.COLOR_WIDGET_FOREGROUND));
        status.getParent().layout(true, true);
    }

    public String getStatusText() {
        return status.getText();
    }

    /** What is shown (null before the first result). */
    public T getShown() {
        return shown;
    }

    public IFile getFile() {
        return file;
    }

    /** The job of the latest request (tests join it). */
    public Job getJob() {
        return job;
    }

    private static String read(IFile f) throws IOException, CoreException {
        try (InputStream in = f.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
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
