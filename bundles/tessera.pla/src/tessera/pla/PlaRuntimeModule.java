package tessera.pla;

import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.linking.impl.LinkingDiagnosticMessageProvider;
import org.eclipse.xtext.linking.ILinkingDiagnosticMessageProvider;
import org.eclipse.xtext.resource.DerivedStateAwareResource;
import org.eclipse.xtext.resource.DerivedStateAwareResourceDescriptionManager;
import org.eclipse.xtext.resource.IDerivedStateComputer;
import org.eclipse.xtext.resource.ILocationInFileProvider;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.XtextResource;

import tessera.pla.lang.PlaDerivedStateComputer;
import tessera.pla.lang.PlaDocumentationProvider;
import tessera.pla.lang.PlaLinkingDiagnosticMessageProvider;
import tessera.pla.lang.PlaLocationInFileProvider;

/** Runtime services of the .pla language (seed 003 §4). */
public class PlaRuntimeModule extends AbstractPlaRuntimeModule {
    @Override
    public Class<? extends XtextResource> bindXtextResource() {
        return DerivedStateAwareResource.class;
    }

    public Class<? extends IDerivedStateComputer> bindIDerivedStateComputer() {
        return PlaDerivedStateComputer.class;
    }

    public Class<? extends IResourceDescription.Manager> bindIResourceDescription$Manager() {
        return DerivedStateAwareResourceDescriptionManager.class;
    }

    public Class<? extends ILinkingDiagnosticMessageProvider> bindILinkingDiagnosticMessageProvider() {
        return PlaLinkingDiagnosticMessageProvider.class;
    }

    public Class<? extends ILocationInFileProvider> bindILocationInFileProvider() {
        return PlaLocationInFileProvider.class;
    }

    public Class<? extends IEObjectDocumentationProvider> bindIEObjectDocumentationProvider() {
        return PlaDocumentationProvider.class;
    }

    /**
     * No EMF EObjectValidator pass over the AST: the parser guarantees its structure and the linker reports every
     * unresolved name, so those generic checks found nothing and cost ~15 % of validating a large file.
     */
    public void configureUseEObjectValidator(com.google.inject.Binder binder) {
        binder.bind(Boolean.class).annotatedWith(com.google.inject.name.Names.named(
                org.eclipse.xtext.validation.CompositeEValidator.USE_EOBJECT_VALIDATOR)).toInstance(Boolean.FALSE);
    }

    @SuppressWarnings("unused")
    private static final Class<?> KEEP = LinkingDiagnosticMessageProvider.class;

    /** A number beyond 32 bits is a diagnostic at its position (issue 22), not a raw NumberFormatException message. */
    public Class<? extends org.eclipse.xtext.conversion.IValueConverterService> bindIValueConverterService() {
        return tessera.pla.lang.PlaValueConverters.class;
    }

    /** At most 100 problems per file are kept, the rest counted (tessera.xtext.CappedResourceValidator). */
    public Class<? extends org.eclipse.xtext.validation.IResourceValidator> bindIResourceValidator() {
        return tessera.xtext.CappedResourceValidator.class;
    }
}
