package tessera.kernel;

/** Initialization of the .kernel language without the Equinox extension registry (plain class path, tests, CLI). */
public class KernelStandaloneSetup extends KernelStandaloneSetupGenerated {

    public static void doSetup() {
        new KernelStandaloneSetup().createInjectorAndDoEMFRegistration();
    }
}
