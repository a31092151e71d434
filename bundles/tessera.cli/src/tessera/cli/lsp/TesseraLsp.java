package tessera.cli.lsp;

import java.util.concurrent.ExecutorService;

import org.eclipse.xtext.ide.server.LanguageServerImpl;
import org.eclipse.xtext.ide.server.ServerModule;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.resource.IResourceServiceProvider;

import com.google.inject.Module;
import com.google.inject.util.Modules;

/**
 * The Guice module of {@code tessera lsp}: Xtext's {@link ServerModule} with Tessera's language server (protocol
 * answers for any position and input), clamping workspace manager, languages from the ISetup service files and
 * large-stack worker threads. Tests start the server with this module, through the same {@code ServerLauncher}.
 */
public final class TesseraLsp {
    private TesseraLsp() {
    }

    public static Module module() {
        return Modules.override(new ServerModule()).with(binder -> {
            binder.bind(LanguageServerImpl.class).to(TesseraLanguageServer.class);
            binder.bind(WorkspaceManager.class).to(TesseraWorkspaceManager.class);
            binder.bind(IResourceServiceProvider.Registry.class).toProvider(TesseraLanguages.class);
            binder.bind(ExecutorService.class).toProvider(LargeStackExecutors.class);
        });
    }
}
