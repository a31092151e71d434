package tessera.dspace.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.ui.Monitors;

/**
 * The Candidate Explorer view: follows the {@code .exh} file of the active editor, instantiates it on the JSON
 * instance next to it ({@code NAME.json} or {@code NAME-*.json}; the view menu lists the others) in a background
 * job, and shows {@link ExplorerPanel}. Saving the space or the instance reloads it.
 */
public class ExplorerView extends ViewPart {
    public static final String ID = "tessera.dspace.ui.explorerView";

    private ExplorerPanel panel;
    private IFile file;
    private Path instance;
    private Job job;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = editor.getEditorInput().getAdapter(IFile.class);
                if (f != null && "exh".equals(f.getFileExtension()) && !f.equals(file)) {
                    showFile(f, null);
                }
            }
        }
    };

    private final IResourceChangeListener resourceListener = (IResourceChangeEvent event) -> {
        IFile f = file;
        if (f == null || event.getDelta() == null || panel == null || panel.isDisposed()) {
            return;
        }
        boolean[] changed = { false };
        try {
            event.getDelta().accept(d -> {
                String ext = d.getResource().getFileExtension();
                changed[0] |= d.getResource().getType() == org.eclipse.core.resources.IResource.FILE
                        && ("exh".equals(ext) || "json".equals(ext)) && d.getResource().getProject().equals(f.getProject());
                return true;
            });
        } catch (org.eclipse.core.runtime.CoreException e) {
            return;
        }
        Path inst = instance;
        if (changed[0]) { // reload what was shown when the change happened, unless the view moved on meanwhile
            panel.getDisplay().asyncExec(() -> {
                if (f.equals(file) && java.util.Objects.equals(inst, instance) && !panel.isDisposed()) {
                    showFile(f, inst);
                }
            });
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        panel = new ExplorerPanel(parent, SWT.NONE);
        IMenuManager menu = getViewSite().getActionBars().getMenuManager();
        menu.setRemoveAllWhenShown(true);
        menu.addMenuListener(m -> {
            if (file == null || file.getLocation() == null) {
                return;
            }
            for (Path p : ExplorerSession.instancesFor(file.getLocation().toFile().toPath())) {
                Action a = new Action("Instance: " + p.getFileName(), org.eclipse.jface.action.IAction.AS_RADIO_BUTTON) {
                    @Override
                    public void run() {
                        showFile(file, p);
                    }
                };
                a.setChecked(p.equals(instance));
                m.add(a);
            }
        });
        menu.add(new Action("(open a .exh file)") {
        });
        getViewSite().getActionBars().getToolBarManager().add(new Action("Reload") {
            @Override
            public void run() {
                if (file != null) {
                    showFile(file, instance);
                }
            }
        });
        getSite().getPage().addPartListener(partListener);
        ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : active.getEditorInput().getAdapter(IFile.class);
        if (f != null && "exh".equals(f.getFileExtension())) {
            showFile(f, null);
        }
    }

    /** Loads a workspace space with {@code inst} (null: the first instance next to it) in the background. */
    public Job showFile(IFile f, Path inst) {
        file = f;
        if (f.getLocation() == null) {
            panel.setSession(null, "Cannot explore " + f.getName() + ": it is not a local file");
            return null;
        }
        Path exh = f.getLocation().toFile().toPath();
        List<Path> all = ExplorerSession.instancesFor(exh);
        instance = inst != null ? inst : all.isEmpty() ? null : all.get(0);
        if (job != null) {
            job.cancel();
        }
        Path chosen = instance;
        panel.setSession(null, "Compiling " + f.getName() + (chosen == null ? "" : " on " + chosen.getFileName()) + " …");
        Job j = new Job("Candidate explorer: " + f.getName()) {
            @Override
            protected IStatus run(IProgressMonitor pm) {
                Job self = this;
                Diagnostics diags = new Diagnostics();
                Optional<ExplorerSession> s;
                try {
                    s = ExplorerSession.load(exh, chosen, diags, Monitors.of(pm));
                } catch (CancelledException e) {
                    return Status.CANCEL_STATUS;
                }
                String msg = s.isPresent() ? "" : problems(f.getName(), diags);
                if (!panel.isDisposed()) {
                    panel.getDisplay().asyncExec(() -> {
                        if (!panel.isDisposed() && job == self) {
                            panel.setSession(s.orElse(null), msg);
                        }
                    });
                }
                return Status.OK_STATUS;
            }
        };
        j.setUser(false);
        job = j;
        j.schedule();
        return j;
    }

    /** The first problems as "file:line: message (hint)" lines (the Problems view has all of them after a build). */
    static String problems(String name, Diagnostics diags) {
        StringBuilder sb = new StringBuilder("Cannot explore " + name + ":");
        int n = 0;
        for (Diagnostic d : diags) {
            if (d.isError() && n++ < 4) {
                sb.append("\n  ").append(d.file().replaceFirst(".*/", "")).append(d.line() > 0 ? ":" + d.line() : "").append(": ")
                        .append(d.message()).append(d.hint() == null ? "" : " (" + d.hint() + ")");
            }
        }
        return sb.toString();
    }


    public ExplorerPanel getPanel() {
        return panel;
    }

    public Job getJob() {
        return job;
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
