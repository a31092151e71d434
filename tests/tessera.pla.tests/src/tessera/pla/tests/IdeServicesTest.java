package tessera.pla.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentPositionParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.ide.server.formatting.FormattingService;
import org.eclipse.xtext.ide.server.hover.HoverService;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolService;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

import tessera.pla.ide.PlaIdeSetup;
import tessera.pla.ide.PlaSemanticHighlightingCalculator;

/** The Xtext IDE services of the .pla language, called headlessly (as the language server / editor bridge does). */
class IdeServicesTest {
    static Injector injector;
    static final String BITEXT = Pla.example("bitext.pla");

    @BeforeAll
    static void setUp() {
        injector = new PlaIdeSetup().createInjectorAndDoEMFRegistration();
    }

    static XtextResource load(String text) throws Exception {
        XtextResourceSet rs = injector.getInstance(XtextResourceSet.class);
        XtextResource r = (XtextResource) rs.createResource(URI.createURI("file:///test/t.pla"));
        r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Map.of());
        return r;
    }

    static Position pos(String text, String marker, int delta) {
        int off = text.indexOf(marker) + delta;
        int line = 0, col = 0;
        for (int k = 0; k < off; k++) {
            if (text.charAt(k) == '\n') {
                line++;
                col = 0;
            } else {
                col++;
            }
        }
        return new Position(line, col);
    }

    @Test
    void formatterProducesCanonicalLayout() throws Exception {
        String messy = "param N,M where N>=1\nfor 0<=i<N,0<=j<M do\nS1:x[i,j]=a[i-1,j]  if i>=1&&j==0 ;\n  y[i,j]=add( x[i,j],b[ 2*j ] )\nend";
        XtextResource r = load(messy);
        Document doc = new Document(1, messy);
        List<? extends TextEdit> edits = injector.getInstance(FormattingService.class).format(doc, r, new org.eclipse.lsp4j.DocumentFormattingParams(), CancelIndicator.NullImpl);
        List<TextEdit> sorted = new ArrayList<>(edits);
        sorted.sort((a, b) -> Integer.compare(doc.getOffSet(b.getRange().getStart()), doc.getOffSet(a.getRange().getStart())));
        StringBuilder sb = new StringBuilder(messy);
        for (TextEdit e : sorted) {
            sb.replace(doc.getOffSet(e.getRange().getStart()), doc.getOffSet(e.getRange().getEnd()), e.getNewText());
        }
        String formatted = sb.toString();
        assertEquals("param N, M where N >= 1\nfor 0 <= i < N, 0 <= j < M do\n\tS1: x[i, j] = a[i - 1, j] if i >= 1 && j == 0;\n"
                + "\ty[i, j] = add(x[i, j], b[2 * j])\nend", formatted);
    }

    @Test
    void semanticHighlightingByVariableClass() throws Exception {
        XtextResource r = load(BITEXT);
        List<String> hits = new ArrayList<>();
        injector.getInstance(ISemanticHighlightingCalculator.class).provideHighlightingFor(r,
                (offset, length, ids) -> hits.add(BITEXT.substring(offset, offset + length) + "=" + String.join(",", ids)), CancelIndicator.NullImpl);
        assertTrue(hits.contains("in=" + PlaSemanticHighlightingCalculator.INPUT), hits.toString());
        assertTrue(hits.contains("bits=" + PlaSemanticHighlightingCalculator.OUTPUT), hits.toString());
        assertTrue(hits.contains("y=" + PlaSemanticHighlightingCalculator.INTERNAL), hits.toString());
        assertTrue(hits.contains("N=" + PlaSemanticHighlightingCalculator.PARAMETER), hits.toString());
        assertTrue(hits.contains("i=" + PlaSemanticHighlightingCalculator.INDEX), hits.toString());
        assertTrue(hits.contains("S3=" + PlaSemanticHighlightingCalculator.LABEL), hits.toString());
    }

    @Test
    void hoverShowsClassAndConditionSpace() throws Exception {
        XtextResource r = load(BITEXT);
        HoverService hover = injector.getInstance(HoverService.class);
        Document doc = new Document(1, BITEXT);
        String onY = hover.hover(doc, r, new HoverParams(new TextDocumentIdentifier("t.pla"), pos(BITEXT, "y[i-1]", 0)), CancelIndicator.NullImpl)
                .getContents().getRight().getValue();
        assertTrue(onY.startsWith("**y**: internal variable, 1-dimensional"), onY);
        assertTrue(onY.contains("defined by S3 { 0 <= i < N }"), onY);
        String onIn = hover.hover(doc, r, new HoverParams(new TextDocumentIdentifier("t.pla"), pos(BITEXT, "in[]", 0)), CancelIndicator.NullImpl)
                .getContents().getRight().getValue();
        assertTrue(onIn.startsWith("**in**: input variable, 0-dimensional"), onIn);
        String onS2 = hover.hover(doc, r, new HoverParams(new TextDocumentIdentifier("t.pla"), pos(BITEXT, "S2", 0)), CancelIndicator.NullImpl)
                .getContents().getRight().getValue();
        assertTrue(onS2.contains("**S2** defines x with [move]") && onS2.contains("condition space { 1 <= i < N }"), onS2);
    }

    @Test
    void outlineListsParametersIndicesAndEquations() throws Exception {
        XtextResource r = load(BITEXT);
        var symbols = injector.getInstance(HierarchicalDocumentSymbolService.class).getSymbols(r, CancelIndicator.NullImpl);
        List<String> names = new ArrayList<>();
        for (var s : symbols) {
            collect(s, names);
        }
        assertTrue(names.containsAll(List.of("N", "i", "S1: x", "S2: x", "S3: y", "S4: bits")), names.toString());
    }

    private static void collect(DocumentSymbol s, List<String> names) {
        names.add(s.getName());
        if (s.getChildren() != null) {
            s.getChildren().forEach(c -> collect(c, names));
        }
    }

    @Test
    void goToDefinitionOfAVariableJumpsToItsFirstDefinition() throws Exception {
        XtextResource r = load(BITEXT);
        Document doc = new Document(1, BITEXT);
        TextDocumentPositionParams p = new TextDocumentPositionParams(new TextDocumentIdentifier("t.pla"), pos(BITEXT, "x[i] shr", 0));
        List<? extends Location> locs = injector.getInstance(DocumentSymbolService.class).getDefinitions(doc, r,
                new org.eclipse.lsp4j.DefinitionParams(p.getTextDocument(), p.getPosition()), access(r), CancelIndicator.NullImpl);
        assertEquals(1, locs.size());
        assertEquals(pos(BITEXT, "x[i] = in[]", 0).getLine(), locs.get(0).getRange().getStart().getLine()); // S1's left-hand side
        TextDocumentPositionParams pn = new TextDocumentPositionParams(new TextDocumentIdentifier("t.pla"), pos(BITEXT, "i < N", 4));
        var toN = injector.getInstance(DocumentSymbolService.class).getDefinitions(doc, r,
                new org.eclipse.lsp4j.DefinitionParams(pn.getTextDocument(), pn.getPosition()), access(r), CancelIndicator.NullImpl);
        assertEquals(pos(BITEXT, "param N", 6), toN.get(0).getRange().getStart());
    }

    private static org.eclipse.xtext.findReferences.IReferenceFinder.IResourceAccess access(XtextResource r) {
        return new org.eclipse.xtext.findReferences.IReferenceFinder.IResourceAccess() {
            @Override
            public <R> R readOnly(URI uri, org.eclipse.xtext.util.concurrent.IUnitOfWork<R, org.eclipse.emf.ecore.resource.ResourceSet> work) {
                try {
                    return work.exec(r.getResourceSet());
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }
        };
    }

    @Test
    void contentAssistProposesVariablesOperationsIndicesAndParameters() throws Exception {
        String text = "param N\nfor 0 <= i < N do\n  x[i] = a[i]\n  y[i] = \n";
        XtextResource r = load(text);
        ContentAssistService ca = injector.getInstance(ContentAssistService.class);
        Document doc = new Document(1, text);
        List<CompletionItem> items = ca.createCompletionList(doc, r, new CompletionParams(new TextDocumentIdentifier("t.pla"),
                pos(text, "y[i] = ", 7)), CancelIndicator.NullImpl).getItems();
        List<String> labels = items.stream().map(CompletionItem::getLabel).collect(Collectors.toList());
        assertTrue(labels.containsAll(List.of("x", "a", "add", "mac", "select", "shr")), labels.toString());
        CompletionItem add = items.stream().filter(i -> i.getLabel().equals("add")).findFirst().orElseThrow();
        assertEquals("a + b", add.getDetail());
        String inIndex = "param N\nfor 0 <= i < N do\n  y[i] = a[]\n";
        List<String> idx = ca.createCompletionList(new Document(1, inIndex), load(inIndex), new CompletionParams(
                new TextDocumentIdentifier("t.pla"), pos(inIndex, "a[]", 2)), CancelIndicator.NullImpl).getItems().stream()
                .map(CompletionItem::getLabel).toList();
        assertTrue(idx.containsAll(List.of("i", "N")), idx.toString());
    }
}
