package tessera.sass.tests;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Injector;

import tessera.regdem.examples.Examples;
import tessera.sass.ide.SassIdeSetup;

/** Test support: the .sass language with its IDE services, called as the language server and the editor bridge do. */
final class Sass {
    static final Injector INJECTOR = new SassIdeSetup().createInjectorAndDoEMFRegistration();

    /** A highlighted position: offset, length, the last style id. */
    record Style(int offset, int length, String id) {
    }

    private Sass() {
    }

    static XtextResource load(String name, String text) {
        XtextResourceSet rs = INJECTOR.getInstance(XtextResourceSet.class);
        XtextResource r = (XtextResource) rs.createResource(URI.createURI("file:///test/" + name + ".sass"));
        try {
            r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Map.of());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return r;
    }

    static List<Issue> validate(XtextResource r) {
        return INJECTOR.getInstance(IResourceValidator.class).validate(r, CheckMode.ALL, CancelIndicator.NullImpl);
    }

    static List<Style> styles(XtextResource r) {
        List<Style> out = new ArrayList<>();
        INJECTOR.getInstance(ISemanticHighlightingCalculator.class).provideHighlightingFor(r,
                (off, len, ids) -> out.add(new Style(off, len, ids[ids.length - 1])), CancelIndicator.NullImpl);
        return out;
    }

    static List<DocumentSymbol> outline(XtextResource r, String text) {
        return INJECTOR.getInstance(HierarchicalDocumentSymbolService.class).getSymbols(new Document(1, text), r,
                new org.eclipse.lsp4j.DocumentSymbolParams(new TextDocumentIdentifier(r.getURI().toString())),
                CancelIndicator.NullImpl);
    }

    static String hover(XtextResource r, String text, int offset) {
        Document doc = new Document(1, text);
        var h = INJECTOR.getInstance(IHoverService.class).hover(doc, r,
                new HoverParams(new TextDocumentIdentifier(r.getURI().toString()), doc.getPosition(offset)),
                CancelIndicator.NullImpl);
        if (h == null || h.getContents() == null || !h.getContents().isRight()) {
            return "";
        }
        MarkupContent m = h.getContents().getRight();
        return m.getValue();
    }

    static final String MAXWELL_DUMP = Examples.cuobjdump("scale_sm52");

    static final String VOLTA_DUMP = Examples.cuobjdump("add_sm90");
}
