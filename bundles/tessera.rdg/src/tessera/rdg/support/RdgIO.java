package tessera.rdg.support;

import tessera.rdg.Rdg;
import tessera.rdg.RdgPackage;

/** XMI save/load of an {@link Rdg} without a workspace (standalone EMF registration of the package). */
public final class RdgIO {
    private RdgIO() {
    }

    /** The XMI text of the graph; the graph stays in (or joins) its own resource. */
    public static byte[] toXmi(Rdg rdg) {
        return Xmi.toBytes(rdg, RdgPackage.eINSTANCE, (rdg.getName() == null ? "rdg" : rdg.getName()) + ".rdg.xmi");
    }

    public static Rdg fromXmi(byte[] xmi) {
        return Xmi.fromBytes(xmi, RdgPackage.eINSTANCE, "loaded.rdg.xmi", Rdg.class);
    }
}
