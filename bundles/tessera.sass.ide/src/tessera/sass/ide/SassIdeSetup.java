package tessera.sass.ide;

import org.eclipse.xtext.util.Modules2;

import com.google.inject.Guice;
import com.google.inject.Injector;

import tessera.sass.SassRuntimeModule;
import tessera.sass.SassStandaloneSetup;

/** Initialization support for running the .sass language with its IDE services (language server, editor bridge). */
public class SassIdeSetup extends SassStandaloneSetup {
    @Override
    public Injector createInjector() {
        return Guice.createInjector(Modules2.mixin(new SassRuntimeModule(), new SassIdeModule()));
    }
}
