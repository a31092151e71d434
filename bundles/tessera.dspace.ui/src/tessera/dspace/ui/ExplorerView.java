package tessera.dspace.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.ui.EditorFileView;

/**
 * The Candidate Explorer view: follows the {@code .exh} file of the active editor, instantiates it on the JSON
 * instance next to it ({@code NAME.json} or {@code NAME-*.json}; the view menu lists the others) in a background
 * job, and shows {@link ExplorerPanel}. Saving the space or the instance reloads it.
 */
public class ExplorerView extends EditorFileView {
    public static final String ID = "tessera.dspace.ui.explorerView";

    private ExplorerPanel panel;
    private Path instance;

    @Override
    protected boolean accepts(IFile f) {
        return "exh".equals(f.getFileExtension());
    }

    /** Any space or instance of the project changed: the shown space may include or use it. */
    @Override
    protected boolean changes(IResourceDelta delta, IFile f) {
        boolean[] changed = { false };
        try {
            delta.accept(d -> {
                String ext = d.getResource().getFileExtension();
                changed[0] |= d.getResource().getType() == IResource.FILE
                        && ("exh".equals(ext) || "json".equals(ext)) && d.getResource().getProject().equals(f.getProject());
                return true;
            });
        } catch (CoreException e) {
            return false;
        }
        return changed[0];
    }

    /** Reloads what was shown when the change happened, unless the view moved on meanwhile. */
    @Override
    protected Runnable reloader(IFile f) {
        Path inst = instance;
        return () -> {
            if (Objects.equals(inst, instance)) {
                showFile(f, inst);
            }
        };
    }

    @Override
    protected Control createContents(Composite parent) {
        panel = new ExplorerPanel(parent, SWT.NONE);
        IMenuManager menu = getViewSite().getActionBars().getMenuManager();
        menu.setRemoveAllWhenShown(true);
        menu.addMenuListener(m -> {
            IFile file = getFile();
            if (file == null || file.getLocation() == null) {
                return;
            }
            for (Path p : ExplorerSession.instancesFor(file.getLocation().toFile().toPath())) {
                Action a = new Action("Instance: " + p.getFileName(), IAction.AS_RADIO_BUTTON) {
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
        getViewSite().getActionBars().getToolBarManager().add(action("Reload", () -> {
            if (getFile() != null) {
                showFile(getFile(), instance);
            }
        }));
        return panel;
    }

    @Override
    public void showFile(IFile f) {
        showFile(f, null);
    }

    /** The space is read from its local file (its includes and instances lie next to it): the editor text is not used. */
    @Override
    protected void showText(IFile f, String text) {
        showFile(f, null);
    }

    @Override
    protected void showMessage(String text, boolean error) {
        panel.setSession(null, text);
    }

    /** Loads a workspace space with {@code inst} (null: the first instance next to it) in the background. */
    public Job showFile(IFile f, Path inst) {
        setFile(f);
        if (f.getLocation() == null) {
            panel.setSession(null, "Cannot explore " + f.getName() + ": it is not a local file");
            return null;
        }
        Path exh = f.getLocation().toFile().toPath();
        List<Path> all = ExplorerSession.instancesFor(exh);
        instance = inst != null ? inst : all.isEmpty() ? null : all.get(0);
        Path chosen = instance;
        panel.setSession(null, "Compiling " + f.getName() + (chosen == null ? "" : " on " + chosen.getFileName()) + " …");
        return startJob("Candidate explorer: " + f.getName(), false, m -> {
            Diagnostics diags = new Diagnostics();
            Optional<ExplorerSession> s = ExplorerSession.load(exh, chosen, diags, m);
            return new Loaded(s.orElse(null), s.isPresent() ? "" : problems(f.getName(), diags));
        }, r -> panel.setSession(r.session(), r.message()));
    }

    /** What a load shows: the session, or null and the problems. */
    private record Loaded(ExplorerSession session, String message) {
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
}
