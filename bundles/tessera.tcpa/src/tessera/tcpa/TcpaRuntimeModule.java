package tessera.tcpa;

import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;

import tessera.tcpa.lang.TcpaLinkingDiagnosticMessageProvider;

/** Runtime services of the .tcpa language: messages for unknown FU types. */
public class TcpaRuntimeModule extends AbstractTcpaRuntimeModule {
    public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
        return TcpaLinkingDiagnosticMessageProvider.class;
    }

    /** INT beyond 32 bits is a diagnostic at its position (issue 22), not a raw NumberFormatException message. */
    public Class<? extends org.eclipse.xtext.conversion.IValueConverterService> bindIValueConverterService() {
        return tessera.tcpa.lang.TcpaValueConverters.class;
    }

    /** At most 100 problems per file are kept, the rest counted (tessera.xtext.CappedResourceValidator). */
    public Class<? extends org.eclipse.xtext.validation.IResourceValidator> bindIResourceValidator() {
        return tessera.xtext.CappedResourceValidator.class;
    }
}
