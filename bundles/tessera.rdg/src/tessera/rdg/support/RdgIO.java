package tessera.rdg.support;

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

import tessera.rdg.Rdg;
import tessera.rdg.RdgPackage;

/** XMI save/load of an {@link Rdg} without a workspace (standalone EMF registration of the package). */
public final class RdgIO {
    private RdgIO() {
    }

    private static ResourceSet resourceSet() {
        ResourceSet rs = new ResourceSetImpl();
        rs.getResourceFactoryRegistry().getExtensionToFactoryMap().put("*", new XMIResourceFactoryImpl());
        rs.getPackageRegistry().put(RdgPackage.eNS_URI, RdgPackage.eINSTANCE);
        EPackage.Registry.INSTANCE.putIfAbsent(RdgPackage.eNS_URI, RdgPackage.eINSTANCE);
        return rs;
    }

    /** The XMI text of the graph; the graph stays in (or joins) its own resource. */
    public static byte[] toXmi(Rdg rdg) {
        Resource r = rdg.eResource();
        if (r == null) {
            r = resourceSet().createResource(URI.createURI("memory:/" + (rdg.getName() == null ? "rdg" : rdg.getName()) + ".rdg.xmi"));
            r.getContents().add(rdg);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            r.save(out, Map.of(XMLResource.OPTION_ENCODING, "UTF-8"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static Rdg fromXmi(byte[] xmi) {
        Resource r = resourceSet().createResource(URI.createURI("memory:/loaded.rdg.xmi"));
        try {
            r.load(new ByteArrayInputStream(xmi), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return (Rdg) r.getContents().get(0);
    }
}
