package tessera.kernel.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

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
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

import tessera.kernel.KernelLoader;
import tessera.kernel.ide.KernelIdeSetup;

/** What the editor bridge and `tessera lsp` ask of the language: outline, hover, content assist, formatting. */
class IdeServicesTest {
    private static final Injector IDE = new KernelIdeSetup().createInjectorAndDoEMFRegistration();
    private static final String URI_TEXT = "mem:/scal.kernel";

    private static XtextResource load(String text) throws Exception {
        XtextResourceSet rs = IDE.getInstance(XtextResourceSet.class);
        XtextResource res = (XtextResource) rs.createResource(URI.createURI(URI_TEXT));
        res.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), rs.getLoadOptions());
        return res;
    }

    private static String scal() throws Exception {
        return Files.readString(Kernels.example("scal"));
    }

    @Test
    void documentSymbolsListTheDeclarations() throws Exception {
        XtextResource res = load(Files.readString(Kernels.example("matmul_256")));
        List<DocumentSymbol> top = IDE.getInstance(HierarchicalDocumentSymbolService.class).getSymbols(res,
                CancelIndicator.NullImpl);
        assertEquals(List.of("matmul_256"), top.stream().map(DocumentSymbol::getName).toList());
        List<String> names = top.get(0).getChildren().stream().map(DocumentSymbol::getName).toList();
        assertEquals(List.of("m", "n", "k", "A", "B", "C", "m_a[m]", "k_a[k]", "a = load", "k_b same as k_a", "n_b[n]",
                "b = load", "m_i same as m_a", "n_i same as n_b", "acc0 = mov", "m_r same as m_i", "n_r same as n_i",
                "k_r same as k_a", "acc = mad", "m_c same as m_r", "n_c same as n_r", "st_C = store"), names);
        XtextResource named = load("kernel k\n  dim d[8] tiles {2} named d_o, d_i\nend\n");
        DocumentSymbol d = IDE.getInstance(HierarchicalDocumentSymbolService.class).getSymbols(named,
                CancelIndicator.NullImpl).get(0).getChildren().get(0);
        assertEquals("d[8]", d.getName());
        assertEquals(List.of("d_o", "d_i"), d.getChildren().stream().map(DocumentSymbol::getName).toList());
    }

    private static String hover(String text, int at) throws Exception {
        XtextResource res = load(text);
        Document doc = new Document(1, text);
        Hover h = IDE.getInstance(IHoverService.class).hover(doc, res,
                new HoverParams(new TextDocumentIdentifier(URI_TEXT), doc.getPosition(at)), CancelIndicator.NullImpl);
        return h.getContents().getRight().getValue();
    }

    @Test
    void hoverShowsWhatTheKernelDerives() throws Exception {
        String text = scal();
        String md = hover(text, text.indexOf("load X[d]") + "load X[".length());
        assertTrue(md.contains("logical dimension **d** of size n = 1024 (dynamic): d0 (dynamic: size / factor), "
                + "d1 ∈ {1, 2, 4, 8}, d2 ∈ {1, 2, 4, 8}; strip-mining factors {1, 2, 4, 8, 16}"), md);
        md = hover(text, text.indexOf("mul x,") + "mul ".length());
        assertTrue(md.contains("instruction **x** of type f32, iterated over d0 × d1 × d2"), md);
        md = hover(text, text.indexOf("x, alpha") + "x, a".length());
        assertTrue(md.contains("parameter **alpha**: f32, known at launch only"), md);
    }

    private static List<String> proposals(String text) throws Exception {
        XtextResource res = load(text);
        Document doc = new Document(1, text);
        CompletionParams p = new CompletionParams(new TextDocumentIdentifier(URI_TEXT), doc.getPosition(text.length()));
        return IDE.getInstance(ContentAssistService.class).createCompletionList(doc, res, p, CancelIndicator.NullImpl)
                .getItems().stream().map(CompletionItem::getLabel).toList();
    }

    @Test
    void contentAssistProposesDimensionsValuesAndArrays() throws Exception {
        String head = "kernel k\n  param n: i32 = 64\n  array X: f32[n]\n  dim d[n] tiles {2} {4}\n";
        List<String> r = proposals(head + "  x = load X[d] in ");
        assertTrue(r.containsAll(List.of("d", "d0", "d1", "d2")) && !r.contains("X") && !r.contains("n"), r.toString());
        r = proposals(head + "  x = load X[d] in d\n  y = mul x, ");
        assertTrue(r.containsAll(List.of("x", "n")) && !r.contains("d0"), r.toString());
        r = proposals(head + "  x = load ");
        assertTrue(r.contains("X") && !r.contains("d"), r.toString());
    }

    @Test
    void formatterLaysOutOneDeclarationPerLine() throws Exception {
        String messy = "kernel   s param n : i32=1024 param alpha:f32\narray X :f32 [ n ]  array Y: f32[n]\n"
                + "dim d [n] tiles { 1,2 } 2 .. 8 factors {2, 4}\n\n\n x=load X[ 2 * d -1 ] in d\n"
                + "z :f32=mov -1.5 in d y = mul x , alpha in d store y->Y[d] in d end";
        String expected = """
                kernel s
                  param n: i32 = 1024
                  param alpha: f32
                  array X: f32[n]
                  array Y: f32[n]
                  dim d[n] tiles {1, 2} 2..8 factors {2, 4}

                  x = load X[2*d - 1] in d
                  z: f32 = mov -1.5 in d
                  y = mul x, alpha in d
                  store y -> Y[d] in d
                end
                """;
        assertEquals(expected, KernelLoader.format(messy, "  "));
        assertEquals(expected, KernelLoader.format(expected, "  "));
        String scal = scal(); // comments stay where they are
        assertEquals(scal, KernelLoader.format(scal, "  "));
    }
}
