package tessera.cli.lsp;

import java.util.HashSet;
import java.util.Set;

import org.apache.log4j.Logger;
import org.eclipse.xtext.ISetup;
import org.eclipse.xtext.resource.FileExtensionProvider;
import org.eclipse.xtext.resource.IResourceServiceProvider;
import org.eclipse.xtext.resource.impl.ResourceServiceProviderRegistryImpl;

import com.google.inject.Injector;
import com.google.inject.Provider;
import com.google.inject.Singleton;

import tessera.core.ServiceFiles;

/**
 * The languages {@code tessera lsp} serves: every {@code META-INF/services/org.eclipse.xtext.ISetup} (each language's
 * ide bundle), found through {@link ServiceFiles} so that it works on a class path and inside OSGi alike; a setup
 * listed twice is set up once.
 */
@Singleton
public class TesseraLanguages implements Provider<IResourceServiceProvider.Registry> {
    private static final Logger LOG = Logger.getLogger(TesseraLanguages.class);

    private IResourceServiceProvider.Registry registry;

    @Override
    public synchronized IResourceServiceProvider.Registry get() {
        if (registry == null) {
            registry = load();
        }
        return registry;
    }

    private static IResourceServiceProvider.Registry load() {
        ResourceServiceProviderRegistryImpl r = new ResourceServiceProviderRegistryImpl();
        Set<String> seen = new HashSet<>();
        for (ISetup setup : ServiceFiles.load(ISetup.class)) {
            if (!seen.add(setup.getClass().getName())) {
                continue;
            }
            Injector injector = setup.createInjectorAndDoEMFRegistration();
            IResourceServiceProvider services = injector.getInstance(IResourceServiceProvider.class);
            for (String ext : injector.getInstance(FileExtensionProvider.class).getFileExtensions()) {
                if (r.getExtensionToFactoryMap().containsKey(ext)) {
                    LOG.warn("two languages read ." + ext + "; " + setup.getClass().getName() + " is ignored for it");
                } else {
                    r.getExtensionToFactoryMap().put(ext, services);
                }
            }
        }
        return r;
    }
}
