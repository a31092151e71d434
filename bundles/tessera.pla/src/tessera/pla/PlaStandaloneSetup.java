package tessera.pla;

/** Initialization support for running the .pla language without Equinox extension registry. */
public class PlaStandaloneSetup extends PlaStandaloneSetupGenerated {
    public static void doSetup() {
        new PlaStandaloneSetup().createInjectorAndDoEMFRegistration();
    }
}
