package tessera.cli.tests;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DocumentSymbolCapabilities;
import org.eclipse.lsp4j.FoldingRangeCapabilities;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.RenameCapabilities;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentClientCapabilities;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.LaunchArgs;
import org.eclipse.xtext.ide.server.ServerLauncher;
import org.eclipse.xtext.resource.IResourceServiceProvider;

import com.google.inject.Guice;
import com.google.inject.Injector;

import tessera.cli.lsp.TesseraLanguageServer;
import tessera.cli.lsp.TesseraLanguages;
import tessera.cli.lsp.TesseraLsp;

/**
 * {@code tessera lsp} in-process: the server is started by Xtext's {@link ServerLauncher} with {@link TesseraLsp}'s
 * module (what the command runs) on a pair of pipes, and an lsp4j client talks JSON-RPC to it over them.
 */
final class LspSession implements AutoCloseable {
    final LanguageServer server;
    final TesseraLanguageServer impl;
    final InitializeResult init;
    final Set<String> extensions;
    /** The last diagnostics published per document URI. */
    final Map<String, PublishDiagnosticsParams> diagnostics = new ConcurrentHashMap<>();
    /** Every diagnostics notification, for range checks. */
    final List<PublishDiagnosticsParams> published = new CopyOnWriteArrayList<>();
    private final OutputStream toServer;
    private final Thread serverThread;

    private LspSession(LanguageServer server, TesseraLanguageServer impl, InitializeResult init, Set<String> extensions,
            OutputStream toServer, Thread serverThread) {
        this.server = server;
        this.impl = impl;
        this.init = init;
        this.extensions = extensions;
        this.toServer = toServer;
        this.serverThread = serverThread;
    }

    /** Starts the server on pipes and initializes it for {@code root}; {@code prepareRename}: the client supports it. */
    static LspSession start(Path root, boolean prepareRename) throws Exception {
        boolean before = Boolean.getBoolean("tessera.lsp.baseline");
        Injector injector = Guice.createInjector(before ? baseline() : TesseraLsp.module());
        LanguageServerImpl any = injector.getInstance(LanguageServerImpl.class);
        TesseraLanguageServer impl = any instanceof TesseraLanguageServer t ? t : null;
        Set<String> extensions = new TreeSet<>(
                injector.getInstance(IResourceServiceProvider.Registry.class).getExtensionToFactoryMap().keySet());
        Pipe up = Pipe.open();
        Pipe down = Pipe.open();
        LaunchArgs args = new LaunchArgs();
        args.setIn(Channels.newInputStream(up.source()));
        args.setOut(Channels.newOutputStream(down.sink()));
        args.setValidate(true); // as 'tessera lsp' without --no-validate
        ServerLauncher launcher = injector.getInstance(ServerLauncher.class);
        Thread th = new Thread(() -> launcher.start(args), "lsp-server");
        th.setDaemon(true);
        th.start();

        OutputStream toServer = Channels.newOutputStream(up.sink());
        InputStream fromServer = Channels.newInputStream(down.source());
        Client client = new Client();
        Launcher<LanguageServer> l = LSPLauncher.createClientLauncher(client, fromServer, toServer);
        l.startListening();
        LanguageServer server = l.getRemoteProxy();

        InitializeParams ip = new InitializeParams();
        ip.setRootUri(root.toUri().toString());
        TextDocumentClientCapabilities tc = new TextDocumentClientCapabilities();
        DocumentSymbolCapabilities ds = new DocumentSymbolCapabilities();
        ds.setHierarchicalDocumentSymbolSupport(true);
        tc.setDocumentSymbol(ds);
        RenameCapabilities rc = new RenameCapabilities();
        rc.setPrepareSupport(prepareRename);
        tc.setRename(rc);
        tc.setFoldingRange(new FoldingRangeCapabilities());
        ClientCapabilities caps = new ClientCapabilities();
        caps.setTextDocument(tc);
        ip.setCapabilities(caps);
        InitializeResult init = server.initialize(ip).get(60, TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
        LspSession s = new LspSession(server, impl, init, extensions, toServer, th);
        client.session = s;
        return s;
    }

    /** -Dtessera.lsp.baseline=true: Xtext's server as before issue 22 (the languages found as tessera lsp finds them). */
    private static com.google.inject.Module baseline() {
        return com.google.inject.util.Modules.override(new org.eclipse.xtext.ide.server.ServerModule()).with(
                b -> b.bind(IResourceServiceProvider.Registry.class).toProvider(TesseraLanguages.class));
    }

    @Override
    public void close() throws Exception {
        try {
            server.shutdown().get(10, TimeUnit.SECONDS); // no 'exit': Xtext's exit handler would end the JVM
        } finally {
            toServer.close(); // end of input: the server's listener stops
            serverThread.join(100);
        }
    }

    /** The client side: records diagnostics, answers the rest with nothing. */
    private static final class Client implements LanguageClient {
        volatile LspSession session;

        @Override
        public void telemetryEvent(Object object) {
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams p) {
            LspSession s = session;
            if (s != null) {
                s.diagnostics.put(p.getUri(), p);
                s.published.add(p);
            }
        }

        @Override
        public void showMessage(MessageParams messageParams) {
        }

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams message) {
        }
    }
}
