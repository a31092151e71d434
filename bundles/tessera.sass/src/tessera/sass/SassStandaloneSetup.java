package tessera.sass;

/** Initialization support for running the .sass language without Equinox extension registry. */
public class SassStandaloneSetup extends SassStandaloneSetupGenerated {
    public static void doSetup() {
        new SassStandaloneSetup().createInjectorAndDoEMFRegistration();
    }
}
