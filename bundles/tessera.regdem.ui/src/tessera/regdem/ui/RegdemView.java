package tessera.regdem.ui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
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
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;

import tessera.core.CancelledException;
import tessera.ui.Monitors;

/**
 * The RegDem view: follows the {@code .sass} file of the active editor and shows {@link RegdemPanel} for it, with
 * the launch settings of the project's {@code tessera.properties} ({@code regdem.block}, {@code regdem.smem},
 * {@code regdem.arch}, like the builder pass). The engine runs in a background job; saving the kernel or the settings
 * recomputes.
 */
public class RegdemView extends ViewPart {
    public static final String ID = "tessera.regdem.ui.regdemView";

    private RegdemPanel panel;
    private IFile file;
    private Job job;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = editor.getEditorInput().getAdapter(IFile.class);
                if (f != null && "sass".equals(f.getFileExtension()) && !f.equals(file)) {
                    showFile(f);
                }
            }
        }
    };

    private final IResourceChangeListener resourceListener = (IResourceChangeEvent event) -> {
        IFile f = file;
        if (f == null || event.getDelta() == null || panel == null || panel.isDisposed()) {
            return;
        }
        IResourceDelta d = event.getDelta().findMember(f.getFullPath());
        IResourceDelta s = event.getDelta().findMember(f.getProject().getFullPath().append(
                LaunchSettings.SETTINGS_FILE));
        if (d != null && (d.getFlags() & IResourceDelta.CONTENT) != 0 || s != null) {
            panel.getDisplay().asyncExec(() -> showFile(f));
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        panel = new RegdemPanel(parent, SWT.NONE);
        var tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(new Action("Export PNG…") {
            @Override
            public void run() {
                export();
            }
        });
        tb.add(new Action("Recompute") {
            @Override
            public void run() {
                if (file != null) {
                    showFile(file);
                }
            }
        });
        getSite().getPage().addPartListener(partListener);
        ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : active.getEditorInput().getAdapter(IFile.class);
        if (f != null && "sass".equals(f.getFileExtension())) {
            showFile(f);
        }
    }

    private void export() {
        FileDialog fd = new FileDialog(panel.getShell(), SWT.SAVE);
        fd.setFilterExtensions(new String[] {"*.png"});
        fd.setOverwrite(true);
        String path = fd.open();
        if (path != null) {
            panel.exportSelectedTab(new File(path));
        }
    }

    /** Analyses a workspace kernel in the background and shows it. */
    public void showFile(IFile f) {
        file = f;
        String text;
        try {
            text = read(f);
        } catch (IOException | CoreException e) {
            panel.showMessage("Cannot read " + f.getName() + ": " + e.getMessage());
            return;
        }
        Optional<String> props;
        IFile pf = f.getProject().getFile(LaunchSettings.SETTINGS_FILE);
        try {
            props = pf.exists() ? Optional.of(read(pf)) : Optional.empty();
        } catch (IOException | CoreException e) {
            props = Optional.empty();
        }
        String name = f.getProjectRelativePath().toString();
        LaunchSettings launch = LaunchSettings.of(LaunchSettings.parseProperties(props), name, text);
        show(name, text, launch);
    }

    /** Analyses a kernel text in a background job and shows it (tests call this without a workspace). */
    public Job show(String fileName, String text, LaunchSettings launch) {
        if (job != null) {
            job.cancel();
        }
        panel.showMessage("RegDem: analysing " + fileName + " (" + (launch.known() ? launch.threads()
                + " threads/block" : "no block size") + ") …");
        Job j = new Job("RegDem analysis of " + fileName) {
            @Override
            protected IStatus run(IProgressMonitor pm) {
                Job self = this;
                try {
                    RegdemAnalysis a = RegdemAnalysis.of(fileName, text, launch, Monitors.of(pm));
                    if (!panel.isDisposed()) {
                        panel.getDisplay().asyncExec(() -> {
                            if (!panel.isDisposed() && job == self) {
                                panel.setAnalysis(a);
                            }
                        });
                    }
                    return Status.OK_STATUS;
                } catch (CancelledException | OperationCanceledException e) {
                    return Status.CANCEL_STATUS;
                } catch (RuntimeException e) {
                    if (!panel.isDisposed()) {
                        panel.getDisplay().asyncExec(() -> panel.showMessage("RegDem failed on " + fileName + ": "
                                + e));
                    }
                    return Status.error("RegDem failed on " + fileName, e);
                }
            }
        };
        j.setUser(false);
        job = j;
        j.schedule();
        return j;
    }


    private static String read(IFile f) throws IOException, CoreException {
        try (InputStream in = f.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    public RegdemPanel getPanel() {
        return panel;
    }

    @Override
    public void setFocus() {
        panel.setFocus();
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
