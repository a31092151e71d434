package tessera.ui;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.part.ViewPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.properties.IPropertySheetEntry;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;
import org.eclipse.ui.views.properties.PropertySheetPage;
import org.eclipse.ui.views.properties.PropertySheetSorter;

import tessera.core.ServiceFiles;
import tessera.diagram.Diagram;
import tessera.diagram.DiagramProvider;

/**
 * Shows the diagrams of the file in the active editor (RDG, routing, schedules...), from every registered
 * {@link DiagramProvider}; redraws when the file is saved. Selecting an element publishes its model object, shows
 * its {@link Diagram.Node#properties properties} in the Properties view and selects its {@link Diagram.SourceRange source
 * range} in the file's text editor; moving the caret in that editor selects the element under it.
 */
public class DiagramView extends ViewPart implements ISelectionProvider {
    public static final String ID = "tessera.ui.diagramView";

    private DiagramCanvas canvas;
    private Combo chooser;
    private Label status;
    private IFile file;
    private List<DiagramProvider.Named> diagrams = List.of();
    private final List<ISelectionChangedListener> listeners = new ArrayList<>();
    private ISelection selection = StructuredSelection.EMPTY;

    private final IPartListener2 partListener = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference ref) {
            if (ref.getPart(false) instanceof IEditorPart editor) {
                IFile f = editor.getEditorInput().getAdapter(IFile.class);
                if (f != null && !f.equals(file)) {
                    showFile(f);
                }
            }
        }
    };

    private final ISelectionListener editorSelectionListener = (part, sel) -> {
        if (part instanceof IEditorPart editor && sel instanceof ITextSelection ts && file != null
                && file.equals(editor.getEditorInput().getAdapter(IFile.class))) {
            showSourceOffset(ts.getOffset());
        }
    };

    private final IResourceChangeListener resourceListener = (IResourceChangeEvent event) -> {
        IFile f = file;
        if (f == null || event.getDelta() == null) {
            return;
        }
        IResourceDelta d = event.getDelta().findMember(f.getFullPath());
        if (d != null && (d.getFlags() & IResourceDelta.CONTENT) != 0 && canvas != null && !canvas.isDisposed()) {
            canvas.getDisplay().asyncExec(() -> showFile(f));
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(Layouts.grid(2, 0, 0));
        chooser = new Combo(c, SWT.READ_ONLY);
        chooser.setLayoutData(new GridData(SWT.LEFT, SWT.CENTER, false, false));
        chooser.addListener(SWT.Selection, e -> showIndex(chooser.getSelectionIndex()));
        status = new Label(c, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        canvas = new DiagramCanvas(c, SWT.BORDER);
        canvas.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true, 2, 1));
        canvas.addSelectionListener(o -> {
            selection = o == null ? StructuredSelection.EMPTY : new StructuredSelection(o);
            fireSelection();
            canvas.setHighlighted(java.util.Set.of());
            revealInEditor(o);
        });
        getSite().setSelectionProvider(this);
        contributeActions(getViewSite().getActionBars().getToolBarManager());
        getSite().getPage().addPartListener(partListener);
        getSite().getPage().addPostSelectionListener(editorSelectionListener);
        ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
        IEditorPart active = getSite().getPage().getActiveEditor();
        if (active != null && active.getEditorInput().getAdapter(IFile.class) != null) {
            showFile(active.getEditorInput().getAdapter(IFile.class));
        } else {
            status.setText("Open a Tessera file to see its diagrams");
        }
    }

    private void contributeActions(IToolBarManager tb) {
        tb.add(action("Zoom In", () -> canvas.zoomAt(1.25, canvas.getSize().x / 2, canvas.getSize().y / 2)));
        tb.add(action("Zoom Out", () -> canvas.zoomAt(0.8, canvas.getSize().x / 2, canvas.getSize().y / 2)));
        tb.add(action("Fit", canvas::fit));
        tb.add(action("Export PNG…", () -> export("*.png")));
        tb.add(action("Export SVG…", () -> export("*.svg")));
        tb.add(action("Export DOT…", () -> export("*.dot")));
    }

    private static Action action(String text, Runnable r) {
        return new Action(text) {
            @Override
            public void run() {
                r.run();
            }
        };
    }

    private void export(String ext) {
        FileDialog fd = new FileDialog(canvas.getShell(), SWT.SAVE);
        fd.setFilterExtensions(new String[] {ext});
        fd.setOverwrite(true);
        String path = fd.open();
        if (path == null) {
            return;
        }
        try {
            if (ext.endsWith("svg")) {
                canvas.exportSvg(new File(path));
            } else if (ext.endsWith("dot")) {
                canvas.exportDot(new File(path));
            } else {
                canvas.exportPng(new File(path));
            }
        } catch (IOException e) {
            status.setText("Export failed: " + e.getMessage());
        }
    }

    /** Shows the diagrams of a workspace file. */
    public void showFile(IFile f) {
        file = f;
        String text;
        try (var in = f.getContents(true)) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException | CoreException e) {
            status.setText("Cannot read " + f.getName());
            return;
        }
        show(f.getProjectRelativePath().toString(), text, rel -> {
            IResource r = f.getProject().findMember(rel);
            if (r instanceof IFile other) {
                try (var in = other.getContents(true)) {
                    return Optional.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                } catch (IOException | CoreException e) {
                    return Optional.empty();
                }
            }
            return Optional.empty();
        });
    }

    /** Shows the diagrams the providers make of a file's text (also used by tests without a workspace). */
    public void show(String fileName, String text, Function<String, Optional<String>> reader) {
        List<DiagramProvider.Named> all = new ArrayList<>();
        for (DiagramProvider p : ServiceFiles.load(DiagramProvider.class)) {
            if (p.accepts(fileName)) {
                try {
                    all.addAll(p.diagrams(fileName, text, reader));
                } catch (RuntimeException e) {
                    status.setText("Cannot draw " + fileName + ": " + e.getMessage());
                }
            }
        }
        int keep = chooser.getSelectionIndex();
        diagrams = all;
        chooser.setItems(all.stream().map(DiagramProvider.Named::name).toArray(String[]::new));
        chooser.getParent().layout(true);
        if (all.isEmpty()) {
            canvas.setDiagram(null);
            status.setText(fileName + ": no diagram (see the Problems view if the file has errors)");
        } else {
            showIndex(keep >= 0 && keep < all.size() ? keep : 0);
        }
    }

    private void showIndex(int i) {
        if (i < 0 || i >= diagrams.size()) {
            return;
        }
        chooser.select(i);
        canvas.setDiagram(diagrams.get(i).diagram());
        status.setText(diagrams.get(i).name());
    }

    public DiagramCanvas getCanvas() {
        return canvas;
    }

    /** The file shown, or null. */
    public IFile getFile() {
        return file;
    }

    private void fireSelection() {
        SelectionChangedEvent ev = new SelectionChangedEvent(this, selection);
        listeners.forEach(l -> l.selectionChanged(ev));
    }

    /** The open text editor of the shown file, or null. */
    public ITextEditor textEditor() {
        if (file == null) {
            return null;
        }
        for (IEditorReference ref : getSite().getPage().getEditorReferences()) {
            IEditorPart ed = ref.getEditor(false);
            if (ed != null && file.equals(ed.getEditorInput().getAdapter(IFile.class))) {
                ITextEditor te = ed instanceof ITextEditor t ? t : ed.getAdapter(ITextEditor.class);
                if (te != null) {
                    return te;
                }
            }
        }
        return null;
    }

    /** Diagram → text: selects the source range of the element showing {@code key} in the file's open editor. */
    public void revealInEditor(Object key) {
        Diagram d = canvas.getDiagram();
        Object el = d == null ? null : d.elementOf(key);
        Diagram.SourceRange src = el instanceof Diagram.Node n ? n.sourceRange : el instanceof Diagram.Edge e ? e.sourceRange : null;
        ITextEditor te = src == null ? null : textEditor();
        if (te != null) {
            getSite().getPage().bringToTop(te);
            te.selectAndReveal(src.offset(), src.length());
        }
    }

    /**
     * Text → diagram: selects the innermost node whose source range contains {@code offset} and highlights the
     * edges of the innermost smaller range inside it (e.g. the operand under the caret); returns the node's key.
     */
    public Object showSourceOffset(int offset) {
        Diagram d = canvas.getDiagram();
        if (d == null) {
            return null;
        }
        List<Diagram.Node> nodes = d.nodesAt(offset);
        Diagram.Node n = nodes.isEmpty() ? null : nodes.get(0);
        int limit = n == null ? Integer.MAX_VALUE : n.sourceRange.length();
        List<Diagram.Edge> edges = d.edgesAt(offset);
        java.util.Set<Object> hi = new java.util.HashSet<>();
        if (!edges.isEmpty() && edges.get(0).sourceRange.length() < limit) {
            int len = edges.get(0).sourceRange.length();
            edges.stream().filter(e -> e.sourceRange.length() == len).forEach(e -> hi.add(DiagramCanvas.key(e)));
        }
        Object key = n == null ? null : DiagramCanvas.key(n);
        canvas.select(key, false);
        canvas.setHighlighted(hi);
        if (key != null) {
            canvas.reveal(key);
        }
        selection = key == null ? StructuredSelection.EMPTY : new StructuredSelection(key);
        fireSelection();
        return key;
    }

    /** The Properties view's rows for the element showing {@code key} (null when the diagram has no such element). */
    public IPropertySource propertySource(Object key) {
        Diagram d = canvas == null ? null : canvas.getDiagram();
        Object el = d == null ? null : d.elementOf(key);
        java.util.Map<String, String> rows = new java.util.LinkedHashMap<>();
        if (el instanceof Diagram.Node n) {
            rows.put("id", n.id);
            rows.putAll(n.properties.isEmpty() ? java.util.Map.of("text", String.join(" / ", n.lines)) : n.properties);
        } else if (el instanceof Diagram.Edge e) {
            rows.put("id", e.id);
            rows.put("from → to", e.source.id + " → " + e.target.id);
            rows.putAll(e.properties.isEmpty() ? java.util.Map.of("label", e.label) : e.properties);
        } else {
            return null;
        }
        return new RowsPropertySource(rows);
    }

    /** Read-only name → value rows, in their order. */
    private record RowsPropertySource(java.util.Map<String, String> rows) implements IPropertySource {
        @Override
        public Object getEditableValue() {
            return null;
        }

        @Override
        public org.eclipse.ui.views.properties.IPropertyDescriptor[] getPropertyDescriptors() {
            return rows.keySet().stream().map(k -> new PropertyDescriptor(k, k))
                    .toArray(org.eclipse.ui.views.properties.IPropertyDescriptor[]::new);
        }

        @Override
        public Object getPropertyValue(Object id) {
            return rows.get(id);
        }

        @Override
        public boolean isPropertySet(Object id) {
            return false;
        }

        @Override
        public void resetPropertyValue(Object id) {
            // read-only
        }

        @Override
        public void setPropertyValue(Object id, Object value) {
            // read-only
        }
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IPropertySheetPage.class) {
            PropertySheetPage page = new PropertySheetPage() {
                {
                    setSorter(new PropertySheetSorter() {
                        @Override
                        public void sort(IPropertySheetEntry[] entries) {
                            // keep the provider's order (id first, then the model's rows)
                        }
                    });
                }
            };
            page.setPropertySourceProvider(this::propertySource);
            return adapter.cast(page);
        }
        return super.getAdapter(adapter);
    }

    @Override
    public void setFocus() {
        canvas.setFocus();
    }

    @Override
    public void dispose() {
        getSite().getPage().removePartListener(partListener);
        getSite().getPage().removePostSelectionListener(editorSelectionListener);
        ResourcesPlugin.getWorkspace().removeResourceChangeListener(resourceListener);
        super.dispose();
    }

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener l) {
        listeners.add(l);
    }

    @Override
    public ISelection getSelection() {
        return selection;
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener l) {
        listeners.remove(l);
    }

    @Override
    public void setSelection(ISelection s) {
        selection = s;
        Object o = s instanceof StructuredSelection ss ? ss.getFirstElement() : null;
        canvas.select(o, false);
    }
}
