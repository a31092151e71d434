package tessera.palmed.ui;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;

import tessera.core.CancelledException;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
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
import tessera.ui.Monitors;

/**
 * The PALMED view: follows the {@code .portmap}/{@code .mapping(.json)} file of the active editor and shows its
 * mapping table (a port mapping as its dual). "Infer and compare" runs seed 000's inference (Algorithms 1–5) on the
 * simulated machine of the open {@code .portmap} as a background job with progress and cancel, then shows the
 * inferred mapping and the heatmap of its predictions (and llvm-mca's when installed) on random blocks against the
 * machine's exact throughput. The bipartite graph is in the Tessera Diagram view ({@link MappingDiagrams}).
 */
public class PalmedView extends ViewPart {
    public static final String ID = "tessera.palmed.ui.palmedView";
    /** Random blocks of the comparison run after an inference. */
    public static final int BLOCKS = 200;

    private PalmedPanel panel;
    private IFile file;
    private String fileName;
    private String text;
    private Job job;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = editor.getEditorInput().getAdapter(IFile.class);
                if (f != null && new MappingDiagrams().accepts(f.getName()) && !f.equals(file)) {
                    showFile(f);
                }
            }
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        panel = new PalmedPanel(parent, SWT.NONE);
        var tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(new Action("Infer and compare") {
            @Override
            public void run() {
                if (text != null) {
                    infer(fileName, text);
                }
            }
        });
        tb.add(new Action("Export heatmap PNG…") {
            @Override
            public void run() {
                FileDialog fd = new FileDialog(panel.getShell(), SWT.SAVE);
                fd.setFilterExtensions(new String[] {"*.png"});
                String path = fd.open();
                if (path != null) {
                    panel.exportHeatmap(new File(path));
                }
            }
        });
        getSite().getPage().addPartListener(partListener);
        IEditorPart active = getSite().getPage().getActiveEditor();
        IFile f = active == null ? null : active.getEditorInput().getAdapter(IFile.class);
        if (f != null && new MappingDiagrams().accepts(f.getName())) {
            showFile(f);
        }
    }

    public void showFile(IFile f) {
        file = f;
        try (InputStream in = f.getContents(true)) {
            show(f.getProjectRelativePath().toString(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException | CoreException e) {
            panel.showMessage("Cannot read " + f.getName() + ": " + e.getMessage());
        }
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
        if (job != null) {
            job.cancel();
        }
        Diagnostics d = new Diagnostics();
        PortMapping pm = name.endsWith(".portmap") ? PortMappingParser.parse(name, content, d) : null;
        if (pm == null || d.hasErrors()) {
            panel.showMessage(pm == null && !name.endsWith(".portmap")
                    ? "Inference needs a machine: open a .portmap file (the simulated ground truth)."
                    : d.toString().strip());
            return null;
        }
        panel.showMessage("PALMED: inferring the mapping of " + name + " …");
        Job j = new Job("PALMED inference of " + name) {
            @Override
            protected IStatus run(IProgressMonitor pmon) {
                Job self = this;
                try {
                    Monitor mon = Monitors.of(pmon);
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
                    LlvmMca mca = LlvmMca.skylake();
                    boolean x86 = pm.instructionNames().stream().allMatch(X86Renderer::renderable);
                    Comparison.Table t = Comparison.run(sim, r.mapping(), x86 && mca.unavailable() == null ? mca
                            : null, blocks, mon);
                    List<String> log = new ArrayList<>(r.log());
                    log.add(r.benchmarks() + " micro-benchmarks, " + r.millis() + " ms");
                    r.diagnostics().list().forEach(x -> log.add(x.format()));
                    if (!panel.isDisposed()) {
                        panel.getDisplay().asyncExec(() -> {
                            if (!panel.isDisposed() && job == self) {
                                panel.setMapping("inferred from " + name, r.mapping());
                                panel.setComparison(t);
                                panel.setLog(log);
                                panel.showMessage(String.format(java.util.Locale.ROOT, "inferred from %s: %d "
                                        + "resources, %d instructions; on %d random blocks: RMS error %.1f %%, "
                                        + "Kendall τ %.3f (reference: exact throughput of the port mapping)", name,
                                        r.mapping().resources().size(), r.mapping().instructions().size(), BLOCKS,
                                        100 * t.palmedError(), t.palmedTau()));
                            }
                        });
                    }
                    return Status.OK_STATUS;
                } catch (CancelledException | OperationCanceledException e) {
                    message("PALMED inference of " + name + " was cancelled.");
                    return Status.CANCEL_STATUS;
                } catch (TimeLimitException e) {
                    message(e.getMessage());
                    return Status.OK_STATUS;
                } catch (RuntimeException e) {
                    message("PALMED inference failed on " + name + ": " + e);
                    return Status.error("PALMED inference failed on " + name, e);
                }
            }
        };
        j.setUser(true);
        job = j;
        j.schedule();
        return j;
    }

    private void message(String m) {
        if (!panel.isDisposed()) {
            panel.getDisplay().asyncExec(() -> {
                if (!panel.isDisposed()) {
                    panel.showMessage(m);
                }
            });
        }
    }


    public PalmedPanel getPanel() {
        return panel;
    }

    @Override
    public void setFocus() {
        panel.setFocus();
    }

    @Override
    public void dispose() {
        if (job != null) {
            job.cancel();
        }
        getSite().getPage().removePartListener(partListener);
        super.dispose();
    }
}
