package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.common.util.URI;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.contentassist.ContentAssistService;
import org.eclipse.xtext.ide.server.hover.IHoverService;
import org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

import tessera.ddg.ddg.DdgFile;
import tessera.ddg.ddg.Edge;
import tessera.ddg.ddg.Loop;
import tessera.ddg.ddg.Op;
import tessera.ddg.ide.DdgIdeSetup;
import tessera.modsched.examples.Examples;

/** What the editor bridge asks of the language (the same services `tessera lsp` serves): hover, outline, links. */
class IdeServicesTest {
    private static final Injector IDE = new DdgIdeSetup().createInjectorAndDoEMFRegistration();

    private static XtextResource load(String text) throws Exception {
        XtextResourceSet rs = IDE.getInstance(XtextResourceSet.class);
        XtextResource res = (XtextResource) rs.createResource(URI.createURI("mem:/motivating.ddg"));
        res.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), rs.getLoadOptions());
        return res;
    }

    @Test
    void referencesResolveToTheirDeclarations() throws Exception {
        String text = Examples.text("motivating.ddg");
        XtextResource res = load(text);
        Loop loop = (Loop) ((DdgFile) res.getContents().get(0)).getElements().get(1);
        assertEquals("fig2", loop.getMachine().getName());
        Edge e = (Edge) loop.getItems().stream().filter(Edge.class::isInstance).findFirst().orElseThrow();
        Op n1 = e.getFrom();
        assertEquals("n1", n1.getName());
        // go to definition lands on the op's declaration line and the resource's
        assertTrue(NodeModelUtils.findActualNodeFor(n1).getText().trim().startsWith("op n1 : load"));
        assertTrue(NodeModelUtils.findActualNodeFor(n1.getResource()).getText().trim().startsWith("resource load"));
    }

    @Test
    void hoverDescribesTheReferencedElement() throws Exception {
        String text = Examples.text("motivating.ddg");
        XtextResource res = load(text);
        Document doc = new Document(1, text);
        int at = text.indexOf("op n1 : load") + "op n1 : l".length();
        Hover h = IDE.getInstance(IHoverService.class).hover(doc, res,
                new HoverParams(new TextDocumentIdentifier("mem:/motivating.ddg"), doc.getPosition(at)),
                CancelIndicator.NullImpl);
        String md = h.getContents().getRight().getValue();
        assertTrue(md.contains("resource **load**: 1 unit, pipelined"), md);
        at = text.indexOf("edge n11 -> n12") + "edge n11 -> n1".length();
        h = IDE.getInstance(IHoverService.class).hover(doc, res,
                new HoverParams(new TextDocumentIdentifier("mem:/motivating.ddg"), doc.getPosition(at)),
                CancelIndicator.NullImpl);
        md = h.getContents().getRight().getValue();
        assertTrue(md.contains("operation **n12** on store, latency 1, reserves store@0"), md);
    }

    @Test
    void outlineListsMachinesResourcesLoopsAndOps() throws Exception {
        XtextResource res = load(Examples.text("recurrence.ddg"));
        List<DocumentSymbol> top = IDE.getInstance(HierarchicalDocumentSymbolService.class)
                .getSymbols(res, CancelIndicator.NullImpl);
        assertEquals(List.of("gp4", "recurrence"), top.stream().map(DocumentSymbol::getName).toList());
        assertEquals("fu", top.get(0).getChildren().get(0).getName());
        String ops = top.get(1).getChildren().stream().map(DocumentSymbol::getName).collect(Collectors.joining(" "));
        assertTrue(ops.startsWith("A : fu B : fu C : fu"), ops);
    }

    private static List<String> proposals(String text, int offset) throws Exception {
        XtextResource res = load(text);
        Document doc = new Document(1, text);
        CompletionParams p = new CompletionParams(new TextDocumentIdentifier("mem:/motivating.ddg"),
                doc.getPosition(offset));
        return IDE.getInstance(ContentAssistService.class).createCompletionList(doc, res, p, CancelIndicator.NullImpl)
                .getItems().stream().map(CompletionItem::getLabel).toList();
    }

    @Test
    void contentAssistProposesTheMachinesResourcesAndTheLoopsOps() throws Exception {
        String head = "machine m {\n  resource alu count 2\n  resource mul count 1 busy 2\n}\n";
        String text = head + "loop l machine m {\n  op a : alu\n  op b : ";
        List<String> r = proposals(text, text.length());
        assertTrue(r.containsAll(List.of("alu", "mul")), r.toString());
        text = head + "loop l machine m {\n  op a : alu\n  op b : mul\n  edge a -> ";
        r = proposals(text, text.length());
        assertTrue(r.containsAll(List.of("a", "b")) && !r.contains("alu"), r.toString());
        text = head + "loop l machine ";
        assertTrue(proposals(text, text.length()).contains("m"));
        text = head + "loop l machine m {\n  op a : alu ";
        r = proposals(text, text.length());
        assertTrue(r.containsAll(List.of("latency", "reserve")), r.toString());
    }
}
