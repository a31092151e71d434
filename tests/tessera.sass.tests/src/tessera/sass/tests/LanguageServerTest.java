package tessera.sass.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolCapabilities;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.inject.Guice;

import tessera.regdem.examples.Examples;

/**
 * The language server Xtext builds from the registered languages (what {@code tessera lsp} runs over stdio), called
 * in-process: diagnostics are published for an opened .sass file, hover and document symbols answer.
 */
class LanguageServerTest {
    @Test
    @SuppressWarnings("deprecation")
    void languageServerServesSass(@TempDir Path dir) throws Exception {
        Sass.INJECTOR.getClass(); // registers the language (as the CLI does through the ISetup service file)
        String text = Examples.text("divergent").replace("MOV R5, RZ;", "MOV R300, RZ;");
        Path file = dir.resolve("divergent.sass");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        String uri = file.toUri().toString();

        Map<String, PublishDiagnosticsParams> published = new ConcurrentHashMap<>();
        LanguageClient client = (LanguageClient) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {LanguageClient.class}, (proxy, m, args) -> {
                    if (m.getName().equals("publishDiagnostics")) {
                        PublishDiagnosticsParams p = (PublishDiagnosticsParams) args[0];
                        published.put(p.getUri(), p);
                    }
                    return m.getReturnType() == CompletableFuture.class ? CompletableFuture.completedFuture(null) : null;
                });
        LanguageServerImpl ls = Guice.createInjector(new ServerModule()).getInstance(LanguageServerImpl.class);
        ls.connect(client);
        InitializeParams init = new InitializeParams();
        init.setRootUri(dir.toUri().toString()); // the root the Xtext workspace manager reads
        TextDocumentClientCapabilities tc = new TextDocumentClientCapabilities();
        DocumentSymbolCapabilities ds = new DocumentSymbolCapabilities();
        ds.setHierarchicalDocumentSymbolSupport(true);
        tc.setDocumentSymbol(ds);
        ClientCapabilities caps = new ClientCapabilities();
        caps.setTextDocument(tc);
        init.setCapabilities(caps);
        ls.initialize(init).get(60, TimeUnit.SECONDS);
        ls.initialized(new InitializedParams());
        ls.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "sass", 1, text)));

        TextDocumentIdentifier id = new TextDocumentIdentifier(uri);
        int line = List.of(text.split("\n", -1)).indexOf(text.lines().filter(l -> l.contains("XMAD")).findFirst().orElseThrow());
        Hover h = ls.getTextDocumentService().hover(new HoverParams(id, new Position(line, 2))).get(60, TimeUnit.SECONDS);
        String md = h.getContents().getRight().getValue();
        assertTrue(md.startsWith("**XMAD**: class X32") && md.contains("control `03:-:-:-:6`: waits on barriers 1,2"), md);

        List<Either<org.eclipse.lsp4j.SymbolInformation, DocumentSymbol>> symbols = ls.getTextDocumentService()
                .documentSymbol(new DocumentSymbolParams(id)).get(60, TimeUnit.SECONDS);
        List<String> names = symbols.stream().map(e -> e.getRight().getName()).toList();
        assertEquals("kernel divergent", names.get(0));
        assertTrue(names.contains("B5 ELOOP"), names.toString());

        long end = System.currentTimeMillis() + 60_000;
        while (published.values().stream().noneMatch(p -> !p.getDiagnostics().isEmpty()) && System.currentTimeMillis() < end) {
            Thread.sleep(50);
        }
        var diags = published.values().stream().flatMap(p -> p.getDiagnostics().stream()).toList();
        assertEquals(1, diags.size(), diags.toString());
        String msg = diags.get(0).getMessage().getLeft();
        assertTrue(msg.startsWith("register number out of range: R300"), msg);
        assertEquals(List.of(text.split("\n", -1)).indexOf(text.lines().filter(l -> l.contains("R300")).findFirst().orElseThrow()),
                diags.get(0).getRange().getStart().getLine());
        ls.shutdown().get(30, TimeUnit.SECONDS);
    }
}
