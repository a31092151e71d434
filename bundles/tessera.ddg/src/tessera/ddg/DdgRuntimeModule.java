package tessera.ddg;

import org.eclipse.xtext.conversion.IValueConverterService;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;
import org.eclipse.xtext.parser.antlr.ISyntaxErrorMessageProvider;

import tessera.ddg.lang.DdgDocumentationProvider;
import tessera.ddg.lang.DdgLinkingDiagnosticMessageProvider;
import tessera.ddg.lang.DdgSyntaxErrorMessageProvider;
import tessera.ddg.lang.DdgValueConverters;

/** Runtime services of the .ddg language: messages of the engine's builders, signed numbers, hover texts. */
public class DdgRuntimeModule extends AbstractDdgRuntimeModule {
    public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
        return DdgLinkingDiagnosticMessageProvider.class;
    }

    @Override
    public Class<? extends IValueConverterService> bindIValueConverterService() {
        return DdgValueConverters.class;
    }

    public Class<? extends ISyntaxErrorMessageProvider> bindISyntaxErrorMessageProvider() {
        return DdgSyntaxErrorMessageProvider.class;
    }

    public Class<? extends IEObjectDocumentationProvider> bindIEObjectDocumentationProvider() {
        return DdgDocumentationProvider.class;
    }

    /** At most 100 problems per file are kept, the rest counted (tessera.xtext.CappedResourceValidator). */
    public Class<? extends org.eclipse.xtext.validation.IResourceValidator> bindIResourceValidator() {
        return tessera.xtext.CappedResourceValidator.class;
    }
}
