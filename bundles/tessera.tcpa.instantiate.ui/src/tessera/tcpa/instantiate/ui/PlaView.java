package tessera.tcpa.instantiate.ui;

import java.io.File;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;

import tessera.core.Monitor;
import tessera.ui.EditorFileView;

/**
 * Base of the instantiation views: follows the .pla file of the active editor (and its saves and the project's
 * settings), instantiates it in a background job with progress and cancel, and shows either the result or the
 * readable reason why there is none in the status text at the top.
 *
 * @param <T> what the job computes for the view
 */
abstract class PlaView<T> extends EditorFileView {
    private T shown;

    @Override
    protected final Control createContents(Composite parent) {
        Composite c = withStatus(parent, this::createBody);
        IToolBarManager tb = getViewSite().getActionBars().getToolBarManager();
        tb.add(action("Show for Active Editor", this::showActiveEditor));
        tb.add(new Separator());
        contributeActions(tb);
        tb.add(new Separator());
        tb.add(exportPngAction("Export PNG…", this::exportPng));
        return c;
    }

    @Override
    protected void opened() {
        showMessage("Open a .pla file in an editor: " + what() + " for the project's tcpa.arch, tcpa.params and tcpa.pes.", false);
        showActiveEditor();
    }

    @Override
    protected boolean accepts(IFile f) {
        return "pla".equals(f.getFileExtension());
    }

    /** The view's content below the status text. */
    protected abstract Control createBody(Composite parent);

    /** More tool bar actions. */
    protected void contributeActions(IToolBarManager tb) {
    }

    /** "the processor classes, CFGs, programs and interconnect" — for the hint. */
    protected abstract String what();

    /** Background part: computes what the view shows (may throw CancelledException). */
    protected abstract T compute(Instantiation in, Monitor monitor);

    /** UI part: shows a computed result (also when {@code in} failed: then show the empty state). */
    protected abstract void display(T result);

    /** The error of a computed result, or null. */
    protected abstract String errorOf(T result);

    /** The status line of a successful result. */
    protected abstract String statusOf(T result);

    /** Exports the visible chart. */
    public abstract File exportPng(File file);

    @Override
    protected void showText(IFile f, String text) {
        showInProject(f, text, this::show);
    }


    /** Instantiates a PLA text in a background job and shows the result (tests may call this without a workspace file). */
    public Job show(String fileName, String text, Function<String, Optional<String>> reader) {
        showMessage(fileName + ": instantiating …", false);
        return startJob("Instantiation views of " + fileName, false, m -> compute(Instantiation.of(fileName, text, reader, m), m), r -> {
            shown = r;
            String err = errorOf(r);
            showMessage(err != null ? err : statusOf(r), err != null);
            display(r);
        });
    }

    /** What is shown (null before the first result). */
    public T getShown() {
        return shown;
    }
}
