package tessera.editor;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.TerminalRule;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.findReferences.IReferenceFinder;
import org.eclipse.xtext.ISetup;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.Issue;

import tessera.core.ServiceFiles;

/**
 * The UI-independent half of the editor bridge: parses a document with its language's Xtext injector and answers
 * the questions an editor asks (styles, problems, proposals, hover, definitions, symbols, formatting) through the
 * services of {@code org.eclipse.xtext.ide} — the same ones {@code tessera lsp} serves. Languages are found through
 * {@code META-INF/services/org.eclipse.xtext.ISetup}, like the language server does.
 */
public final class XtextSupport {
    /** A coloured range: {@code style} is a highlighting style id (keyword, comment, string, number, or semantic). */
    public record StyledRange(int offset, int length, String style) {
    }

    /** A parsed document: the resource, the ide-server view of the text, the language's services. */
    public record Parsed(String path, String text, XtextResource resource, Document document,
            IResourceServiceProvider services) {
        public int offset(Position p) {
            return document.getOffSet(p);
        }

        public Position position(int offset) {
            return document.getPosition(offset);
        }
    }

    private static volatile boolean loaded;
    private static final Map<String, Parsed> CACHE = new ConcurrentHashMap<>();

    private XtextSupport() {
    }

    private static void ensureLoaded() {
        if (!loaded) {
            synchronized (XtextSupport.class) {
                if (!loaded) {
                    for (ISetup s : ServiceFiles.load(ISetup.class)) {
                        s.createInjectorAndDoEMFRegistration();
                    }
                    loaded = true;
                }
            }
        }
    }

    /** The services of the language for a file, or null when no Tessera language reads it. */
    public static IResourceServiceProvider services(String path) {
        ensureLoaded();
        return IResourceServiceProvider.Registry.INSTANCE.getResourceServiceProvider(uri(path));
    }

    public static boolean supports(String path) {
        return path != null && services(path) != null;
    }

    static URI uri(String path) {
        return path.contains(":/") ? URI.createURI(path) : URI.createFileURI(path);
    }

    /** Parses (and links) a document; the last result per path is reused while the text is unchanged. */
    public static Parsed parse(String path, String text) {
        Parsed cached = CACHE.get(path);
        if (cached != null && cached.text().equals(text)) {
            return cached;
        }
        IResourceServiceProvider sp = services(path);
        if (sp == null) {
            return null;
        }
        XtextResourceSet rs = sp.get(XtextResourceSet.class);
        XtextResource res = (XtextResource) rs.createResource(uri(path));
        try {
            res.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), rs.getLoadOptions());
        } catch (IOException e) {
            return null;
        }
        Parsed p = new Parsed(path, text, res, new Document(1, text), sp);
        CACHE.put(path, p);
        return p;
    }

    /** Lexical styles from the node model plus the language's semantic highlighting, in document order. */
    public static List<StyledRange> styles(Parsed p) {
        List<StyledRange> out = new ArrayList<>();
        if (p.resource().getParseResult() == null) {
            return out;
        }
        for (ILeafNode leaf : p.resource().getParseResult().getRootNode().getLeafNodes()) {
            EObject ge = leaf.getGrammarElement();
            if (ge instanceof RuleCall rc) {
                ge = rc.getRule();
            }
            String style = null;
            if (ge instanceof Keyword k && !k.getValue().isEmpty() && Character.isLetter(k.getValue().charAt(0))) {
                style = "keyword";
            } else if (ge instanceof TerminalRule tr) {
                String n = tr.getName();
                if (n.contains("COMMENT")) {
                    style = "comment";
                } else if (n.contains("STRING")) {
                    style = "string";
                } else if (n.equals("INT") || n.contains("NUMBER") || n.contains("HEX")) {
                    style = "number";
                }
            }
            if (style != null && leaf.getLength() > 0) {
                out.add(new StyledRange(leaf.getOffset(), leaf.getLength(), style));
            }
        }
        ISemanticHighlightingCalculator calc = p.services().get(ISemanticHighlightingCalculator.class);
        if (calc != null) {
            calc.provideHighlightingFor(p.resource(), (offset, length, ids) -> {
                if (ids.length > 0 && length > 0) {
                    out.add(new StyledRange(offset, length, ids[ids.length - 1]));
                }
            }, CancelIndicator.NullImpl);
        }
        return out;
    }

    /** Syntax, linking and validation problems. */
    public static List<Issue> validate(Parsed p) {
        return p.services().getResourceValidator().validate(p.resource(), CheckMode.ALL, CancelIndicator.NullImpl);
    }

    public static List<CompletionItem> proposals(Parsed p, int offset) {
        ContentAssistService cas = p.services().get(ContentAssistService.class);
        CompletionParams params = new CompletionParams(id(p), p.position(offset));
        return cas.createCompletionList(p.document(), p.resource(), params, CancelIndicator.NullImpl).getItems();
    }

    /** Hover text (Markdown as the language server would send it), or "" . */
    public static String hover(Parsed p, int offset) {
        IHoverService hs = p.services().get(IHoverService.class);
        Hover h = hs.hover(p.document(), p.resource(), new HoverParams(id(p), p.position(offset)),
                CancelIndicator.NullImpl);
        if (h == null || h.getContents() == null) {
            return "";
        }
        if (h.getContents().isRight()) {
            return h.getContents().getRight().getValue();
        }
        StringBuilder sb = new StringBuilder();
        for (var e : h.getContents().getLeft()) {
            sb.append(e.isLeft() ? e.getLeft() : e.getRight().getValue()).append('\n');
        }
        return sb.toString().trim();
    }

    public static List<? extends Location> definitions(Parsed p, int offset) {
        DocumentSymbolService ds = p.services().get(DocumentSymbolService.class);
        IReferenceFinder.IResourceAccess access = new IReferenceFinder.IResourceAccess() {
            @Override
            public <R> R readOnly(URI targetURI, org.eclipse.xtext.util.concurrent.IUnitOfWork<R, org.eclipse.emf.ecore.resource.ResourceSet> work) {
                try {
                    return work.exec(p.resource().getResourceSet());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        return ds.getDefinitions(p.resource(), offset, access, CancelIndicator.NullImpl);
    }

    /** The outline: hierarchical document symbols. */
    public static List<DocumentSymbol> symbols(Parsed p) {
        HierarchicalDocumentSymbolService hs = p.services().get(HierarchicalDocumentSymbolService.class);
        return hs.getSymbols(p.resource(), CancelIndicator.NullImpl);
    }

    /** Edits that format the whole document (empty when the language has no formatter). */
    public static List<? extends TextEdit> format(Parsed p) {
        FormattingService fs = p.services().get(FormattingService.class);
        if (fs == null) {
            return List.of();
        }
        DocumentFormattingParams params = new DocumentFormattingParams(id(p), new FormattingOptions(4, true));
        return fs.format(p.document(), p.resource(), params, CancelIndicator.NullImpl);
    }

    /** Applies LSP text edits to a string (used by tests and by the format handler's preview). */
    public static String apply(Parsed p, List<? extends TextEdit> edits) {
        return p.document().applyChanges(edits).getContents();
    }

    private static TextDocumentIdentifier id(Parsed p) {
        return new TextDocumentIdentifier(p.resource().getURI().toString());
    }
}
