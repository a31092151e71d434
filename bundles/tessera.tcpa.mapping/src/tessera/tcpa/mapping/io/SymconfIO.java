package tessera.tcpa.mapping.io;

import tessera.rdg.support.Xmi;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfPackage;

/** XMI save/load of a {@link SymbolicConfiguration} without a workspace (gen/tcpa.compile/NAME.symconf.xmi). */
public final class SymconfIO {
    private SymconfIO() {
    }

    public static byte[] toXmi(SymbolicConfiguration c) {
        return Xmi.toBytes(c, SymconfPackage.eINSTANCE, (c.getName() == null ? "symconf" : c.getName()) + ".symconf.xmi");
    }

    public static SymbolicConfiguration fromXmi(byte[] xmi) {
        return Xmi.fromBytes(xmi, SymconfPackage.eINSTANCE, "loaded.symconf.xmi", SymbolicConfiguration.class);
    }
}
