package tessera.sass.ide;

import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;

/** IDE services of the .sass language: highlighting, outline by basic block, hover (headless, LSP-ready). */
public class SassIdeModule extends AbstractSassIdeModule {
    public Class<? extends ISemanticHighlightingCalculator> bindISemanticHighlightingCalculator() {
        return SassSemanticHighlightingCalculator.class;
    }

    public Class<? extends IHoverService> bindIHoverService() {
        return SassHoverService.class;
    }

    public Class<? extends HierarchicalDocumentSymbolService> bindHierarchicalDocumentSymbolService() {
        return SassDocumentSymbols.Hierarchical.class;
    }

    public Class<? extends DocumentSymbolService> bindDocumentSymbolService() {
        return SassDocumentSymbols.Flat.class;
    }
}
