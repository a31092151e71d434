package tessera.ui;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.ui.wizards.newresource.BasicNewProjectResourceWizard;

import tessera.builder.TesseraNature;
import tessera.core.pass.ProjectSettings;

/** File → New → Tessera Project: a project with the Tessera nature and a commented tessera.properties. */
public class NewTesseraProjectWizard extends BasicNewProjectResourceWizard {
    static final String SETTINGS = """
            # Tessera project settings, read by the builder, `tessera build` and `tessera demo`.
            # Results of the builder's passes go to gen/ (never edit them: they are rewritten on every build).
            # Keys of each research area are documented in docs/<area>.md of the Tessera distribution, e.g.
            # regdem.block=192
            # regdem.arch=sm_52
            """;

    @Override
    public void init(org.eclipse.ui.IWorkbench workbench, org.eclipse.jface.viewers.IStructuredSelection selection) {
        super.init(workbench, selection);
        setWindowTitle("New Tessera Project");
    }

    @Override
    public boolean performFinish() {
        if (!super.performFinish()) {
            return false;
        }
        IProject p = getNewProject();
        try {
            TesseraNature.setEnabled(p, true, null);
            IFile f = p.getFile(ProjectSettings.FILE);
            if (!f.exists()) {
                f.create(new ByteArrayInputStream(SETTINGS.getBytes(StandardCharsets.UTF_8)), true, null);
            }
            return true;
        } catch (CoreException e) {
            ErrorDialog.openError(getShell(), "New Tessera Project", "The project was created but not set up", e.getStatus());
            return false;
        }
    }
}
