package tessera.tcpa;

import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;

import tessera.tcpa.lang.TcpaLinkingDiagnosticMessageProvider;

/** Runtime services of the .tcpa language: messages for unknown FU types. */
public class TcpaRuntimeModule extends AbstractTcpaRuntimeModule {
    public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
        return TcpaLinkingDiagnosticMessageProvider.class;
    }
}
