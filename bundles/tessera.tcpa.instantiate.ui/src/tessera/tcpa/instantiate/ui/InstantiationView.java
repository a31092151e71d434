package tessera.tcpa.instantiate.ui;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.jface.resource.JFaceResources;

import tessera.core.Monitor;
import tessera.tcpa.concrete.io.ProgramText;
import tessera.tcpa.concrete.ControlSignal;
import tessera.tcpa.concrete.FuProgram;
import tessera.ui.DiagramCanvas;
import tessera.ui.Layouts;

/**
 * The TCPA Instantiation view (seed 003 §6) of the active .pla: the processor classes over the PE region (Fig. 5),
 * per class and FU the kernel CFG (Figs. 6–7) beside its {@code instruction / branch} program (§6.3), and the concrete
 * interconnect with the I/O banks (Fig. 8).
 */
public class InstantiationView extends PlaView<Instantiation> {
    public static final String ID = "tessera.tcpa.instantiate.ui.instantiationView";
    public static final int CLASSES = 0;
    public static final int PROGRAMS = 1;
    public static final int INTERCONNECT = 2;

    private CTabFolder tabs;
    private ClassGrid grid;
    private Label classInfo;
    private Combo chooser;
    private DiagramCanvas cfgCanvas;
    private Text listing;
    private InterconnectCanvas interconnect;
    private Instantiation in;
    private final List<int[]> choices = new ArrayList<>(); // {class, fu index}

    @Override
    protected Control createBody(Composite parent) {
        tabs = new CTabFolder(parent, SWT.BOTTOM | SWT.FLAT);
        Composite classes = new Composite(tabs, SWT.NONE);
        classes.setLayout(new GridLayout(1, false));
        grid = new ClassGrid(classes);
        grid.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        classInfo = new Label(classes, SWT.WRAP);
        classInfo.setLayoutData(new GridData(SWT.FILL, SWT.BOTTOM, true, false));
        classInfo.setText("Click a PE to select its processor class.");
        grid.addClassListener(this::classSelected);
        Layouts.tab(tabs, "Processor classes", classes);

        Composite programs = new Composite(tabs, SWT.NONE);
        programs.setLayout(new GridLayout(2, false));
        new Label(programs, SWT.NONE).setText("Class / FU:");
        chooser = new Combo(programs, SWT.READ_ONLY);
        chooser.setLayoutData(new GridData(SWT.LEFT, SWT.CENTER, false, false));
        chooser.addListener(SWT.Selection, e -> showChoice(chooser.getSelectionIndex()));
        SashForm sash = new SashForm(programs, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        cfgCanvas = new DiagramCanvas(sash, SWT.BORDER);
        listing = new Text(sash, SWT.MULTI | SWT.READ_ONLY | SWT.WRAP | SWT.V_SCROLL | SWT.BORDER);
        Font mono = JFaceResources.getTextFont();
        listing.setFont(mono);
        sash.setWeights(58, 42);
        cfgCanvas.addSelectionListener(o -> revealBlock(o instanceof String label ? label : null));
        Layouts.tab(tabs, "Kernel CFG and program", programs);

        interconnect = new InterconnectCanvas(tabs);
        Layouts.tab(tabs, "Interconnect", interconnect);
        tabs.setSelection(0);
        return tabs;
    }

    @Override
    protected String what() {
        return "its processor classes, kernel CFGs, programs and interconnect";
    }

    @Override
    protected Instantiation compute(Instantiation in, Monitor monitor) {
        return in;
    }

    @Override
    protected String errorOf(Instantiation r) {
        return r.error();
    }

    @Override
    protected String statusOf(Instantiation r) {
        var c = r.config();
        return r.headline() + ": " + c.getProcessorClasses().size() + " processor class(es), " + c.getControlSignals().size()
                + " control signal(s), " + c.getBanks().size() + " I/O bank(s); π = " + c.getPi() + ", λ^J = " + c.getLambdaJ() + ", λ^K = "
                + c.getLambdaK() + ", tile " + c.getTileSizes();
    }

    @Override
    protected void display(Instantiation r) {
        in = r.ok() ? r : null;
        String empty = r.ok() ? PaintCanvas.HINT : "No instantiation: see the message above.";
        grid.setEmptyMessage(empty);
        interconnect.setEmptyMessage(empty);
        grid.setInstantiation(in);
        interconnect.setInstantiation(in);
        choices.clear();
        List<String> items = new ArrayList<>();
        if (in != null) {
            for (int c = 0; c < in.classes().size(); c++) {
                List<String> fus = new ArrayList<>(in.classes().get(c).cfgs().keySet());
                for (int f = 0; f < fus.size(); f++) {
                    choices.add(new int[] {c, f});
                    items.add(in.classes().get(c).name() + " / " + fus.get(f));
                }
            }
        }
        chooser.setItems(items.toArray(String[]::new));
        chooser.getParent().layout(true);
        if (items.isEmpty()) {
            cfgCanvas.setDiagram(null);
            listing.setText(r.ok() ? "" : r.error());
            classInfo.setText(r.ok() ? "" : "No instantiation: see the message above.");
        } else {
            showChoice(0);
            classInfo.setText("Click a PE to select its processor class.");
        }
    }

    private void classSelected(int c) {
        if (in == null || c < 0) {
            return;
        }
        classInfo.setText("Selected " + grid.legend(c));
        classInfo.getParent().layout(true);
        for (int i = 0; i < choices.size(); i++) {
            if (choices.get(i)[0] == c) {
                showChoice(i);
                return;
            }
        }
    }

    /** Shows the CFG and program of choice {@code i} of the class/FU combo. */
    public void showChoice(int i) {
        if (in == null || i < 0 || i >= choices.size()) {
            return;
        }
        chooser.select(i);
        int c = choices.get(i)[0];
        String fu = new ArrayList<>(in.classes().get(c).cfgs().keySet()).get(choices.get(i)[1]);
        cfgCanvas.setDiagram(KernelCfgDiagrams.diagram(in, c, fu));
        listing.setText(listingText(in, c, fu));
        if (grid.getSelectedClass() != c) {
            grid.select(c);
        }
    }

    /** The §6.3 listing of one class/FU with the one-domains of the control signals it reads. */
    static String listingText(Instantiation in, int c, String fu) {
        FuProgram prog = in.program(c, fu);
        StringBuilder sb = new StringBuilder();
        sb.append("// ").append(in.classes().get(c).name()).append(" / ").append(fu).append(": ")
                .append(prog == null ? 0 : prog.getInstructions().size()).append(" instructions, ").append(in.config().getPi())
                .append(" per kernel (π)\n");
        if (prog != null) {
            sb.append(ProgramText.print(prog, ""));
            List<String> used = new ArrayList<>();
            prog.getInstructions().forEach(x -> x.getBranch().getSignals().forEach(s -> {
                if (!used.contains(s)) {
                    used.add(s);
                }
            }));
            for (ControlSignal s : in.config().getControlSignals()) {
                if (used.contains(s.getName())) {
                    sb.append("// ").append(s.getName()).append(" = 1 in ").append(s.getOneDomain()).append('\n');
                }
            }
        }
        return sb.toString();
    }

    /** Selects the listing lines of the kernel labelled {@code label} (a CFG node was clicked). */
    private void revealBlock(String label) {
        if (label == null) {
            return;
        }
        String[] lines = listing.getText().split("\n", -1);
        int offset = 0;
        int start = -1;
        int end = -1;
        for (String l : lines) {
            String t = l.trim();
            boolean labelled = t.matches("[A-Za-z_][A-Za-z0-9_]*:.*");
            if (start >= 0 && (labelled || t.startsWith("//"))) {
                end = offset;
                break;
            }
            if (start < 0 && t.startsWith(label + ":")) {
                start = offset;
            }
            offset += l.length() + 1;
        }
        if (start >= 0) {
            listing.setSelection(start, end < 0 ? offset : end - 1);
            listing.showSelection();
        }
    }

    @Override
    public File exportPng(File file) {
        return switch (tabs.getSelectionIndex()) {
            case CLASSES -> grid.exportPng(file);
            case INTERCONNECT -> interconnect.exportPng(file);
            default -> {
                cfgCanvas.exportPng(file);
                yield file;
            }
        };
    }

    public void selectTab(int i) {
        tabs.setSelection(i);
    }

    /** The class/FU combo's entries ("P1 / alu0", …). */
    public String[] getChoices() {
        return chooser.getItems();
    }

    public DiagramCanvas getCfgCanvas() {
        return cfgCanvas;
    }

    public String getListing() {
        return listing.getText();
    }

    public Instantiation getInstantiation() {
        return in;
    }

    /** Selects the class of the PE at (row, col) as a click would. */
    public void clickPe(int row, int col) {
        var p = in.config().getProcessors().stream().filter(x -> x.getRow() == row && x.getCol() == col).findFirst().orElseThrow();
        grid.select(in.classIndex(p.getProcessorClass()));
        classSelected(grid.getSelectedClass());
    }

    public String getClassInfo() {
        return classInfo.getText();
    }

    public List<String> getConnections() {
        return interconnect.connections();
    }

    @Override
    public void setFocus() {
        tabs.setFocus();
    }
}
