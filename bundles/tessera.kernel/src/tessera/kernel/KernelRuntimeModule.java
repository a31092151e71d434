package tessera.kernel;

import org.eclipse.xtext.conversion.IValueConverterService;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;
import org.eclipse.xtext.parser.antlr.ISyntaxErrorMessageProvider;

import tessera.kernel.lang.KernelDocumentationProvider;
import tessera.kernel.lang.KernelLinkingDiagnosticMessageProvider;
import tessera.kernel.lang.KernelSyntaxErrorMessageProvider;
import tessera.kernel.lang.KernelValueConverters;

/** Runtime services of the .kernel language: messages for unknown names and syntax errors, numbers, hover texts. */
public class KernelRuntimeModule extends AbstractKernelRuntimeModule {
    public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
        return KernelLinkingDiagnosticMessageProvider.class;
    }

    @Override
    public Class<? extends IValueConverterService> bindIValueConverterService() {
        return KernelValueConverters.class;
    }

    public Class<? extends ISyntaxErrorMessageProvider> bindISyntaxErrorMessageProvider() {
        return KernelSyntaxErrorMessageProvider.class;
    }

    public Class<? extends IEObjectDocumentationProvider> bindIEObjectDocumentationProvider() {
        return KernelDocumentationProvider.class;
    }

    /** At most 100 problems per file are kept, the rest counted (tessera.xtext.CappedResourceValidator). */
    public Class<? extends org.eclipse.xtext.validation.IResourceValidator> bindIResourceValidator() {
        return tessera.xtext.CappedResourceValidator.class;
    }
}
