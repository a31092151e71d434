package tessera.palmed.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.palmed.infer.InferenceOptions;
import tessera.palmed.infer.Palmed;
import tessera.palmed.machine.SimulatedMachine;
import tessera.palmed.machine.X86Renderer;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.PortMapping;
import tessera.palmed.model.PortMappingParser;
import tessera.palmed.model.ResourceMapping;
import tessera.palmed.predict.Comparison;
import tessera.palmed.predict.LlvmMca;
import tessera.ui.EditorFileView;

/**
 * The PALMED view: follows the {@code .portmap}/{@code .mapping(.json)} file of the active editor and shows its
 * mapping table (a port mapping as its dual). "Infer and compare" runs seed 000's inference (Algorithms 1–5) on the
 * simulated machine of the open {@code .portmap} as a background job with progress and cancel, then shows the
 * inferred mapping and the heatmap of its predictions (and llvm-mca's when installed) on random blocks against the
 * machine's exact throughput. The bipartite graph is in the Tessera Diagram view ({@link MappingDiagrams}).
 */
public class PalmedView extends EditorFileView {
    public static final String ID = "tessera.palmed.ui.palmedView";
    /** Random blocks of the comparison run after an inference. */
    public static final int BLOCKS = 200;

    private PalmedPanel panel;
    private String fileName;
    private String text;

    @Override
    protected boolean accepts(IFile f) {
        return new MappingDiagrams().accepts(f.getName());
    }

    @Override
    protected void showMessage(String message, boolean error) {
        panel.showMessage(message);
    }

    @Override
    protected Control createContents(Composite parent) {
        panel = new PalmedPanel(parent, SWT.NONE);
        var tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(action("Infer and compare", () -> {
            if (text != null) {
                infer(fileName, text);
            }
        }));
        tb.add(exportPngAction("Export heatmap PNG…", panel::exportHeatmap));
        return panel;
    }

    @Override
    protected void showText(IFile f, String content) {
        show(f.getProjectRelativePath().toString(), content);
    }

    /** Shows a file's mapping (a port mapping's dual); problems go to the status line with file and line. */
    public void show(String name, String content) {
        fileName = name;
        text = content;
        Diagnostics d = new Diagnostics();
        ResourceMapping m = MappingDiagrams.load(name, content, d);
        if (m == null) {
            panel.showMessage(d.toString().strip() + "\nFix the file and save to see its mapping.");
            return;
        }
        panel.setMapping(name + (name.endsWith(".portmap") ? " (dual of the port mapping)" : ""), m);
    }

    /** Infers the mapping of a {@code .portmap}'s simulated machine in a job, then compares on random blocks. */
    public Job infer(String name, String content) {
        Diagnostics d = new Diagnostics();
        PortMapping pm = name.endsWith(".portmap") ? PortMappingParser.parse(name, content, d) : null;
        if (pm == null || d.hasErrors()) {
            panel.showMessage(pm == null && !name.endsWith(".portmap")
                    ? "Inference needs a machine: open a .portmap file (the simulated ground truth)."
                    : d.toString().strip());
            return null;
        }
        panel.showMessage("PALMED: inferring the mapping of " + name + " …");
        return startJob("PALMED inference of " + name, true, mon -> Inferred.run(pm, mon), r -> {
            panel.setMapping("inferred from " + name, r.palmed().mapping());
            panel.setComparison(r.table());
            panel.setLog(r.log());
            panel.showMessage(String.format(java.util.Locale.ROOT, "inferred from %s: %d "
                    + "resources, %d instructions; on %d random blocks: RMS error %.1f %%, "
                    + "Kendall τ %.3f (reference: exact throughput of the port mapping)", name,
                    r.palmed().mapping().resources().size(), r.palmed().mapping().instructions().size(), BLOCKS,
                    100 * r.table().palmedError(), r.table().palmedTau()));
        });
    }

    /** What an inference job computes: the inferred mapping, its comparison on random blocks, the log lines. */
    private record Inferred(Palmed.Result palmed, Comparison.Table table, List<String> log) {
        static Inferred run(PortMapping pm, Monitor mon) {
            SimulatedMachine sim = new SimulatedMachine(pm);
            // n of Algo 1 (paper: not given): 8, fewer on tiny machines (the toy example's 5 of 6)
            int n = Math.min(8, Math.max(2, pm.instructions().size() - 1));
            Palmed.Result r = Palmed.infer(sim, pm.instructionNames(),
                    InferenceOptions.defaults().withBasicSetSize(n), mon);
            Random rnd = new Random(2022);
            List<Kernel> blocks = new ArrayList<>();
            for (int i = 0; i < BLOCKS; i++) {
                blocks.add(Comparison.randomBlock(rnd, r.mapping().instructions()));
            }
            LlvmMca mca = LlvmMca.forMachine(pm.name());
            boolean x86 = pm.instructionNames().stream().allMatch(X86Renderer::renderable);
            Comparison.Table t = Comparison.run(sim, r.mapping(), x86 && mca.unavailable() == null ? mca
                    : null, blocks, mon);
            List<String> log = new ArrayList<>(r.log());
            log.add(r.benchmarks() + " micro-benchmarks, " + r.millis() + " ms");
            r.diagnostics().list().forEach(x -> log.add(x.format()));
            return new Inferred(r, t, log);
        }
    }

    public PalmedPanel getPanel() {
        return panel;
    }
}
