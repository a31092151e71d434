package tessera.modsched.ui;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.part.ViewPart;

import tessera.core.Diagnostic;

/**
 * The "Modulo Schedule" view (Window > Show View > Tessera, or "Open MRT" on a .ddg file or a GCC SMS dump): an
 * {@link MrtPanel} on the file it was opened for.
 */
public class MrtView extends ViewPart {
    public static final String ID = "tessera.modsched.ui.mrtView";

    private MrtPanel panel;

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new FillLayout());
        panel = new MrtPanel(parent, SWT.NONE);
    }

    /** Shows a .ddg text or a GCC SMS dump ({@code *.sms}; name for messages and exports). */
    public List<Diagnostic> show(String fileName, String text) {
        setContentDescription(fileName);
        setPartName("Modulo Schedule: " + new java.io.File(fileName).getName());
        return panel.show(fileName, text);
    }

    public MrtPanel getPanel() {
        return panel;
    }

    @Override
    public void setFocus() {
        panel.getMrtCanvas().setFocus();
    }
}
