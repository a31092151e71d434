package tessera.core;

/** The product version, shown by {@code tessera --version} and the Studio about text. */
public final class Version {
    public static final String VERSION = "0.1.0";

    private Version() {
    }
}
