package tessera.kernel.ide;

import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;

/** IDE services of the .kernel language (headless, LSP-ready): outline names; the rest are Xtext's defaults. */
public class KernelIdeModule extends AbstractKernelIdeModule {
    public Class<? extends DocumentSymbolMapper.DocumentSymbolNameProvider> bindDocumentSymbolMapper$DocumentSymbolNameProvider() {
        return KernelDocumentSymbolNameProvider.class;
    }
}
