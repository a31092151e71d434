package tessera.kernel.ide;

import org.eclipse.xtext.util.Modules2;

import com.google.inject.Guice;
import com.google.inject.Injector;

import tessera.kernel.KernelRuntimeModule;
import tessera.kernel.KernelStandaloneSetup;

/** The .kernel language for the language server and the editor: runtime and IDE modules together. */
public class KernelIdeSetup extends KernelStandaloneSetup {

    @Override
    public Injector createInjector() {
        return Guice.createInjector(Modules2.mixin(new KernelRuntimeModule(), new KernelIdeModule()));
    }
}
