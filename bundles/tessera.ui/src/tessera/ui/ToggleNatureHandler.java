package tessera.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.handlers.HandlerUtil;

import tessera.builder.TesseraNature;

/** Adds the Tessera nature to the selected projects, or removes it where present. */
public class ToggleNatureHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        if (HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection sel) {
            for (Object o : sel.toList()) {
                IProject p = Adapters.adapt(o, IProject.class);
                if (p != null && p.isOpen()) {
                    try {
                        TesseraNature.setEnabled(p, !TesseraNature.isEnabled(p), null);
                    } catch (CoreException e) {
                        throw new ExecutionException("cannot change the nature of " + p.getName(), e);
                    }
                }
            }
        }
        return null;
    }
}
