package tessera.tcpa.mapping.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;

import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfPackage;

/** XMI save/load of a {@link SymbolicConfiguration} without a workspace (gen/tcpa.compile/NAME.symconf.xmi). */
public final class SymconfIO {
    private SymconfIO() {
    }

    private static ResourceSet resourceSet() {
        ResourceSet rs = new ResourceSetImpl();
        rs.getResourceFactoryRegistry().getExtensionToFactoryMap().put("*", new XMIResourceFactoryImpl());
        rs.getPackageRegistry().put(SymconfPackage.eNS_URI, SymconfPackage.eINSTANCE);
        EPackage.Registry.INSTANCE.putIfAbsent(SymconfPackage.eNS_URI, SymconfPackage.eINSTANCE);
        return rs;
    }

    public static byte[] toXmi(SymbolicConfiguration c) {
        Resource r = c.eResource();
        if (r == null) {
            r = resourceSet().createResource(URI.createURI("memory:/" + (c.getName() == null ? "symconf" : c.getName()) + ".symconf.xmi"));
            r.getContents().add(c);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            r.save(out, Map.of(XMLResource.OPTION_ENCODING, "UTF-8"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static SymbolicConfiguration fromXmi(byte[] xmi) {
        Resource r = resourceSet().createResource(URI.createURI("memory:/loaded.symconf.xmi"));
        try {
            r.load(new ByteArrayInputStream(xmi), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return (SymbolicConfiguration) r.getContents().get(0);
    }
}
