package tessera.tcpa.instantiate.ui;

import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;

import tessera.ui.ShowFileHandler;

/**
 * "Show TCPA Instantiation" / "Show TCPA Simulation" from the .pla editor's context menu or a selected .pla file: opens
 * the view (its id is the handler's data in plugin.xml) on that file, the editor's current text included.
 */
public class ShowViewHandler extends ShowFileHandler implements IExecutableExtension {
    private String viewId = InstantiationView.ID;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data) {
        if (data instanceof String s && !s.isBlank()) {
            viewId = s.trim();
        }
    }

    @Override
    protected void show(IWorkbenchPage page, IFile file, String text) throws PartInitException {
        PlaView<?> view = (PlaView<?>) page.showView(viewId);
        view.showText(file, text);
    }

    @Override
    protected ExecutionException failure(IFile file, Exception e) {
        return new ExecutionException("cannot show " + viewId + " for " + file.getFullPath() + ": " + e.getMessage(), e);
    }
}
