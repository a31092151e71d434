package tessera.pla.ide;

import org.eclipse.xtext.util.Modules2;

import com.google.inject.Guice;
import com.google.inject.Injector;

import tessera.pla.PlaRuntimeModule;
import tessera.pla.PlaStandaloneSetup;

/** Initialization support for running the .pla language with its IDE services (language server, editor bridge). */
public class PlaIdeSetup extends PlaStandaloneSetup {
    @Override
    public Injector createInjector() {
        return Guice.createInjector(Modules2.mixin(new PlaRuntimeModule(), new PlaIdeModule()));
    }
}
