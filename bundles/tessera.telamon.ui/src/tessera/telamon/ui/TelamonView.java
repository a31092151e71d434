package tessera.telamon.ui;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.pass.ProjectSettings;
import tessera.telamon.pipeline.TelamonPipeline;
import tessera.ui.EditorFileView;

/**
 * The Telamon view (seed 001 ch. 4 in Studio): follows the {@code .kernel} file of the active editor, builds its GPU
 * space with the project's {@code telamon.target} and {@code telamon.param.NAME} in a background job, applies the
 * decision list {@code NAME.decisions} beside it when there is one, and shows {@link TelamonPanel}. Saving the kernel,
 * its decision list or the settings recomputes.
 */
public class TelamonView extends EditorFileView {
    public static final String ID = "tessera.telamon.ui.telamonView";

    private TelamonPanel panel;

    @Override
    protected Control createContents(Composite parent) {
        panel = new TelamonPanel(parent, SWT.NONE);
        getViewSite().getActionBars().getToolBarManager().add(action("Recompute", () -> {
            if (getFile() != null) {
                showFile(getFile());
            }
        }));
        return panel;
    }

    @Override
    protected boolean accepts(IFile f) {
        return "kernel".equals(f.getFileExtension());
    }

    /** The kernel, the settings, or the decision list beside the kernel changed. */
    @Override
    protected boolean changes(IResourceDelta delta, IFile f) {
        IResourceDelta d = delta.findMember(f.getParent().getFullPath().append(decisionsName(f.getName())));
        return super.changes(delta, f) || d != null;
    }

    @Override
    protected void showMessage(String text, boolean error) {
        panel.showMessage(text, error);
    }

    @Override
    protected void showText(IFile f, String text) {
        showInProject(f, text, this::show);
    }

    /** {@code NAME.decisions} for {@code NAME.kernel} (same folder). */
    static String decisionsName(String kernelFile) {
        return kernelFile.replaceFirst("\\.[^./]*$", "") + ".decisions";
    }

    /**
     * Loads a kernel text (a project-relative name) in a background job; {@code reader} gives the project's other
     * files (tessera.properties, the decision list).
     */
    public Job show(String fileName, String text, Function<String, Optional<String>> reader) {
        TelamonPipeline.Settings settings;
        try {
            Map<String, String> props = ProjectSettings.parse(reader.apply(ProjectSettings.FILE).orElse(""));
            settings = TelamonPipeline.Settings.of(props);
        } catch (NumberFormatException e) {
            panel.setSession(null, "Cannot read tessera.properties: telamon.param.*: " + e.getMessage()
                    + " (write telamon.param.NAME=INTEGER)", true);
            return null;
        }
        String decisions = decisionsName(fileName);
        Optional<String> list = reader.apply(decisions);
        String name = TelamonSession.name(fileName);
        panel.setProjectFiles(reader); // the Search tab's log evaluator reads gen/telamon/NAME.search.jsonl
        panel.setSession(null, "Building the GPU space of " + name + " on " + settings.target()
                + (list.isPresent() ? " with " + TelamonSession.name(decisions) : "") + " …");
        return startJob("Telamon: " + name, false, m -> {
            Diagnostics diags = new Diagnostics();
            TelamonSession s = TelamonSession.load(fileName, text, decisions, list.orElse(null), settings, diags);
            return s == null ? new Loaded(null, problems(name, diags), true)
                    : new Loaded(s, s.listCode().message(), list.isPresent() && s.listCode().output() == null);
        }, r -> panel.setSession(r.session(), r.message(), r.error()));
    }

    /** What a load shows: the session (null: none) and the message, an error for a bad kernel or decision list. */
    private record Loaded(TelamonSession session, String message, boolean error) {
    }

    /** The first problems as "file:line:column: message (hint)" lines. */
    static String problems(String name, Diagnostics diags) {
        StringBuilder sb = new StringBuilder("Cannot build the GPU space of " + name + ":");
        int n = 0;
        for (Diagnostic d : diags) {
            if (d.isError() && n++ < 4) {
                sb.append("\n  ").append(TelamonSession.name(d.file())).append(d.line() > 0 ? ":" + d.line() : "")
                        .append(d.line() > 0 && d.column() > 0 ? ":" + d.column() : "").append(": ").append(d.message())
                        .append(d.hint() == null ? "" : " (" + d.hint() + ")");
            }
        }
        return sb.toString();
    }

    public TelamonPanel getPanel() {
        return panel;
    }
}
