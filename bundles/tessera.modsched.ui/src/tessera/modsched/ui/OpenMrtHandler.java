package tessera.modsched.ui;

import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IFile;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;

import tessera.ui.ShowFileHandler;

/**
 * "Open MRT": shows the modulo schedule view for the selected .ddg file or GCC SMS dump ({@code *.sms}), or for the
 * file of the active editor (then the editor's current text, saved or not); {@link MrtPanel#show} reads either.
 */
public class OpenMrtHandler extends ShowFileHandler {
    @Override
    protected void show(IWorkbenchPage page, IFile file, String text) throws PartInitException {
        MrtView view = (MrtView) page.showView(MrtView.ID);
        view.show(file.getFullPath().toString(), text);
    }

    @Override
    protected ExecutionException failure(IFile file, Exception e) {
        return e instanceof PartInitException
                ? new ExecutionException("cannot open the modulo schedule view", e)
                : new ExecutionException("cannot read " + file.getFullPath(), e);
    }
}
