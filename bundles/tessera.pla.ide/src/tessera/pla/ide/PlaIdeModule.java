package tessera.pla.ide;

import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

/** IDE services of the .pla language: semantic highlighting, content assist, outline names (headless, LSP-ready). */
public class PlaIdeModule extends AbstractPlaIdeModule {
    public Class<? extends ISemanticHighlightingCalculator> bindISemanticHighlightingCalculator() {
        return PlaSemanticHighlightingCalculator.class;
    }

    public Class<? extends IdeContentProposalProvider> bindIdeContentProposalProvider() {
        return PlaIdeContentProposalProvider.class;
    }

    public Class<? extends DocumentSymbolMapper.DocumentSymbolNameProvider> bindDocumentSymbolMapper$DocumentSymbolNameProvider() {
        return PlaDocumentSymbolNameProvider.class;
    }

    public Class<? extends DocumentSymbolMapper.DocumentSymbolKindProvider> bindDocumentSymbolMapper$DocumentSymbolKindProvider() {
        return PlaDocumentSymbolKindProvider.class;
    }
}
