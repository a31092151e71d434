package tessera.pla.diagram;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

import tessera.diagram.Diagram;
import tessera.diagram.ExtensionDiagramProvider;
import tessera.pla.analysis.PlaAnalysis;
import tessera.pla.rdg.PlaCompiler;
import tessera.pla.rdg.PlaToRdg;
import tessera.rdg.Rdg;

/**
 * The RDG of a .pla file for Studio's diagram view and the CLI export (seed 003 Fig. 3); every node and edge links
 * to its equation or operand in the text and carries its §4 attributes as properties. Subclasses (or other
 * providers) may annotate the graph first: override {@link #decorate}.
 */
public class PlaDiagramProvider extends ExtensionDiagramProvider {
    public PlaDiagramProvider() {
        super(".pla");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        try {
            PlaCompiler.Compiled c = PlaCompiler.compile(PlaCompiler.newResourceSet(), fileName, text, false);
            if (c.model() == null || c.diagnostics().hasErrors()) {
                return List.of();
            }
            Map<EObject, EObject> trace = new HashMap<>();
            Rdg rdg = PlaToRdg.transform(PlaAnalysis.of(c.model()), fileName, trace);
            decorate(rdg, fileName, reader);
            Diagram d = RdgDiagrams.build(rdg, o -> source(trace.get(o)));
            return List.of(new Named("Reduced dependence graph", d));
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /** Hook for annotating the RDG before it is drawn (mapping results, ...); the default draws it as built. */
    protected void decorate(Rdg rdg, String fileName, Function<String, Optional<String>> reader) {
        // nothing: the plain §4 graph
    }

    /** The text range of a source element (null when unknown). */
    public static Diagram.SourceRange source(EObject o) {
        INode n = o == null ? null : NodeModelUtils.findActualNodeFor(o);
        return n == null ? null : new Diagram.SourceRange(n.getOffset(), n.getLength(), n.getStartLine());
    }
}
