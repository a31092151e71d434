package tessera.regdem.ui;

import java.io.IOException;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

import tessera.ui.EditorFileView;

/**
 * The RegDem view: follows the {@code .sass} file of the active editor and shows {@link RegdemPanel} for it, with
 * the launch settings of the project's {@code tessera.properties} ({@code regdem.block}, {@code regdem.smem},
 * {@code regdem.arch}, like the builder pass). The engine runs in a background job; saving the kernel or the settings
 * recomputes.
 */
public class RegdemView extends EditorFileView {
    public static final String ID = "tessera.regdem.ui.regdemView";

    private RegdemPanel panel;

    @Override
    protected Control createContents(Composite parent) {
        panel = new RegdemPanel(parent, SWT.NONE);
        var tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(exportPngAction("Export PNG…", panel::exportSelectedTab));
        tb.add(action("Recompute", () -> {
            if (getFile() != null) {
                showFile(getFile());
            }
        }));
        return panel;
    }

    @Override
    protected boolean accepts(IFile f) {
        return "sass".equals(f.getFileExtension());
    }

    @Override
    protected void showMessage(String text, boolean error) {
        panel.showMessage(text);
    }

    /** Analyses a workspace kernel (its text given) in the background, with the project's launch settings. */
    @Override
    protected void showText(IFile f, String text) {
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
        panel.showMessage("RegDem: analysing " + fileName + " (" + (launch.known() ? launch.threads()
                + " threads/block" : "no block size") + ") …");
        return startJob("RegDem analysis of " + fileName, false, m -> RegdemAnalysis.of(fileName, text, launch, m),
                panel::setAnalysis);
    }

    public RegdemPanel getPanel() {
        return panel;
    }
}
