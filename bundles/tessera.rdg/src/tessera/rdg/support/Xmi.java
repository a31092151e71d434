package tessera.rdg.support;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;

/** Standalone (workspace-free) XMI I/O shared by Tessera's EMF models: RDG, symbolic and concrete configurations. */
public final class Xmi {
    private Xmi() {
    }

    /** A resource set reading and writing XMI for every extension, with {@code pkg} registered (also globally). */
    public static ResourceSet resourceSet(EPackage pkg) {
        ResourceSet rs = new ResourceSetImpl();
        rs.getResourceFactoryRegistry().getExtensionToFactoryMap().put("*", new XMIResourceFactoryImpl());
        rs.getPackageRegistry().put(pkg.getNsURI(), pkg);
        EPackage.Registry.INSTANCE.putIfAbsent(pkg.getNsURI(), pkg);
        return rs;
    }

    /** The UTF-8 XMI text of {@code root}; a root without a resource joins a fresh one at {@code memoryName}. */
    public static byte[] toBytes(EObject root, EPackage pkg, String memoryName) {
        Resource r = root.eResource();
        if (r == null) {
            r = resourceSet(pkg).createResource(URI.createURI("memory:/" + memoryName));
            r.getContents().add(root);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            r.save(out, Map.of(XMLResource.OPTION_ENCODING, "UTF-8"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The root object of XMI text written by {@link #toBytes}. */
    public static <T extends EObject> T fromBytes(byte[] xmi, EPackage pkg, String memoryName, Class<T> type) {
        Resource r = resourceSet(pkg).createResource(URI.createURI("memory:/" + memoryName));
        try {
            r.load(new ByteArrayInputStream(xmi), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return type.cast(r.getContents().get(0));
    }
}
