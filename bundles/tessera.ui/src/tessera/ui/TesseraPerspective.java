package tessera.ui;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/** The Tessera perspective: projects left, editors centre, diagram and outline right, problems and console below. */
public class TesseraPerspective implements IPerspectiveFactory {
    public static final String ID = "tessera.ui.perspective";
    public static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";
    public static final String CONSOLE = "org.eclipse.ui.console.ConsoleView";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editors = layout.getEditorArea();
        IFolderLayout left = layout.createFolder("tessera.left", IPageLayout.LEFT, 0.2f, editors);
        left.addView(PROJECT_EXPLORER);
        IFolderLayout right = layout.createFolder("tessera.right", IPageLayout.RIGHT, 0.55f, editors);
        right.addView(DiagramView.ID);
        right.addView(IPageLayout.ID_OUTLINE);
        IFolderLayout bottom = layout.createFolder("tessera.bottom", IPageLayout.BOTTOM, 0.72f, editors);
        bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
        bottom.addView(CONSOLE);
        bottom.addView(IPageLayout.ID_PROP_SHEET);
        layout.addShowViewShortcut(DiagramView.ID);
        layout.addShowViewShortcut(PROJECT_EXPLORER);
        layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
        layout.addShowViewShortcut(IPageLayout.ID_OUTLINE);
        layout.addShowViewShortcut(IPageLayout.ID_PROP_SHEET);
        layout.addNewWizardShortcut("tessera.ui.newProject");
        layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.project");
        layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.folder");
        layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.file");
    }
}
