package tessera.telamon.ui;

import java.util.Locale;

import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

import tessera.telamon.codegen.CodeGenerator;
import tessera.telamon.codegen.Extent;
import tessera.telamon.codegen.LaunchDescription;
import tessera.ui.Layouts;

/**
 * The code tabs of the Telamon view (seed 001 §4.4): the control-flow tree of Algorithm 2 beside its PTX (Fig. 4.4)
 * with the launch geometry, and the code with thread dimensions erased into thread nests and synchronisations
 * (Listing 4.7).
 */
final class CodeTabs {
    final Label launch, nestsSource;
    final Text tree, ptx, nests;

    CodeTabs(CTabFolder tabs) {
        Composite codeTab = new Composite(tabs, SWT.NONE);
        codeTab.setLayout(Layouts.grid(1, 2, 2));
        launch = new Label(codeTab, SWT.WRAP);
        launch.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        SashForm code = new SashForm(codeTab, SWT.HORIZONTAL);
        code.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        tree = mono(code);
        ptx = mono(code);
        code.setWeights(35, 65);
        Layouts.tab(tabs, "Control flow and PTX (Fig. 4.4)", codeTab);

        Composite nestTab = new Composite(tabs, SWT.NONE);
        nestTab.setLayout(Layouts.grid(1, 2, 2));
        nestsSource = new Label(nestTab, SWT.WRAP);
        nestsSource.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        nests = mono(nestTab);
        nests.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        Layouts.tab(tabs, "Thread nests (Listing 4.7)", nestTab);
    }

    private static Text mono(Composite parent) {
        Text t = new Text(parent, SWT.BORDER | SWT.READ_ONLY | SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL);
        t.setFont(JFaceResources.getTextFont());
        return t;
    }

    /** Shows the code (null: nothing loaded) or why there is none. */
    void show(TelamonSession.Code c) {
        CodeGenerator.Output out = c == null ? null : c.output();
        String why = c == null ? "" : c.message();
        if (out == null) {
            launch.setText(why);
            tree.setText("");
            ptx.setText("");
            nestsSource.setText(why);
            nests.setText("");
            return;
        }
        String source = "Code of " + c.source() + (why.isEmpty() ? "" : " (" + why + ")");
        launch.setText(source + "\n" + geometry(out.launch()));
        tree.setText("// control-flow tree (Algorithm 2)\n" + out.tree());
        ptx.setText(out.ptx());
        nestsSource.setText(source + ": thread dimensions erased into thread nests, with the synchronisations.");
        nests.setText(out.pseudoCode());
    }

    /** Grid, block and shared memory of a launch description. */
    static String geometry(LaunchDescription l) {
        String values = String.join(", ", l.grid().stream().map(e -> Long.toString(e.value())).toList());
        String formulas = String.join(", ", l.grid().stream().map(Extent::formula).toList());
        return String.format(Locale.ROOT, "Launch: grid (x, y, z) = (%s)%s · block = (%s) · %d B of shared memory · entry %s on %s",
                values, formulas.equals(values) ? "" : " = (" + formulas + ")",
                String.join(", ", l.block().stream().map(String::valueOf).toList()), l.sharedBytes(), l.entry(), l.target());
    }
}
