package tessera.builder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;

/** The Tessera project nature: installs the {@link TesseraBuilder} on the project. */
public class TesseraNature implements IProjectNature {
    public static final String ID = "tessera.builder.tesseraNature";

    private IProject project;

    @Override
    public void configure() throws CoreException {
        IProjectDescription desc = project.getDescription();
        ICommand[] commands = desc.getBuildSpec();
        if (Arrays.stream(commands).anyMatch(c -> TesseraBuilder.ID.equals(c.getBuilderName()))) {
            return;
        }
        ICommand command = desc.newCommand();
        command.setBuilderName(TesseraBuilder.ID);
        List<ICommand> all = new ArrayList<>(Arrays.asList(commands));
        all.add(command);
        desc.setBuildSpec(all.toArray(ICommand[]::new));
        project.setDescription(desc, null);
    }

    @Override
    public void deconfigure() throws CoreException {
        IProjectDescription desc = project.getDescription();
        ICommand[] kept = Arrays.stream(desc.getBuildSpec()).filter(c -> !TesseraBuilder.ID.equals(c.getBuilderName()))
                .toArray(ICommand[]::new);
        desc.setBuildSpec(kept);
        project.setDescription(desc, null);
    }

    @Override
    public IProject getProject() {
        return project;
    }

    @Override
    public void setProject(IProject value) {
        this.project = value;
    }

    /** Adds or removes the nature (and so the builder). */
    public static void setEnabled(IProject project, boolean enabled, IProgressMonitor monitor) throws CoreException {
        IProjectDescription desc = project.getDescription();
        List<String> ids = new ArrayList<>(Arrays.asList(desc.getNatureIds()));
        if (enabled == ids.contains(ID)) {
            return;
        }
        if (enabled) {
            ids.add(ID);
        } else {
            ids.remove(ID);
        }
        desc.setNatureIds(ids.toArray(String[]::new));
        project.setDescription(desc, monitor);
    }

    public static boolean isEnabled(IProject project) {
        try {
            return project.isOpen() && project.hasNature(ID);
        } catch (CoreException e) {
            return false;
        }
    }
}
