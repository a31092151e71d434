package tessera.kernel.tests;

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
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
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

import tessera.kernel.ide.KernelIdeSetup;

/**
 * The language server Xtext builds from the registered languages (what {@code tessera lsp} runs over stdio), called
 * in-process: a .kernel file's problems are published on their line, document symbols answer.
 */
class LanguageServerTest {
    @Test
    @SuppressWarnings("deprecation")
    void languageServerServesKernels(@TempDir Path dir) throws Exception {
        new KernelIdeSetup().createInjectorAndDoEMFRegistration(); // as the CLI does through the ISetup service file
        String text = Files.readString(Kernels.example("scal")).replace("y = mul x, alpha in d", "y = mul x, alpha in q");
        Path file = dir.resolve("scal.kernel");
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
        init.setRootUri(dir.toUri().toString());
        TextDocumentClientCapabilities tc = new TextDocumentClientCapabilities();
        DocumentSymbolCapabilities ds = new DocumentSymbolCapabilities();
        ds.setHierarchicalDocumentSymbolSupport(true);
        tc.setDocumentSymbol(ds);
        ClientCapabilities caps = new ClientCapabilities();
        caps.setTextDocument(tc);
        init.setCapabilities(caps);
        ls.initialize(init).get(60, TimeUnit.SECONDS);
        ls.initialized(new InitializedParams());
        ls.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "kernel", 1, text)));

        List<Either<org.eclipse.lsp4j.SymbolInformation, DocumentSymbol>> symbols = ls.getTextDocumentService()
                .documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri))).get(60, TimeUnit.SECONDS);
        DocumentSymbol top = symbols.get(0).getRight();
        assertEquals("scal", top.getName());
        assertEquals(List.of("n", "alpha", "X", "Y", "d[n]", "x = load", "y = mul", "st_Y = store"),
                top.getChildren().stream().map(DocumentSymbol::getName).toList());

        long end = System.currentTimeMillis() + 60_000;
        while (published.values().stream().noneMatch(p -> !p.getDiagnostics().isEmpty()) && System.currentTimeMillis() < end) {
            Thread.sleep(50);
        }
        var diags = published.values().stream().flatMap(p -> p.getDiagnostics().stream()).toList();
        assertEquals(1, diags.size(), diags.toString());
        assertTrue(diags.get(0).getMessage().getLeft().startsWith("unknown dimension q"), diags.toString());
        int line = List.of(text.split("\n", -1)).indexOf("  y = mul x, alpha in q");
        assertEquals(line, diags.get(0).getRange().getStart().getLine());
        assertEquals("  y = mul x, alpha in ".length(), diags.get(0).getRange().getStart().getCharacter());
        ls.shutdown().get(30, TimeUnit.SECONDS);
    }
}
