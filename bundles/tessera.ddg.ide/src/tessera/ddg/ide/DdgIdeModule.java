package tessera.ddg.ide;

import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

/** IDE services of the .ddg language (headless, LSP-ready): outline names; the rest are Xtext's defaults. */
public class DdgIdeModule extends AbstractDdgIdeModule {
    public Class<? extends DocumentSymbolMapper.DocumentSymbolNameProvider> bindDocumentSymbolMapper$DocumentSymbolNameProvider() {
        return DdgDocumentSymbolNameProvider.class;
    }
}
