package tessera.core;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** The OSGi half of {@link ServiceFiles}; only touched when org.osgi.framework is wired. */
final class OsgiServiceFiles {
    private OsgiServiceFiles() {
    }

    static boolean available() {
        try {
            Class.forName("org.osgi.framework.FrameworkUtil", false, ServiceFiles.class.getClassLoader());
            return FrameworkUtil.getBundle(ServiceFiles.class) != null;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    static <T> List<T> load(Class<T> type) {
        Bundle self = FrameworkUtil.getBundle(ServiceFiles.class);
        if (self == null || self.getBundleContext() == null) {
            return null;
        }
        List<T> result = new ArrayList<>();
        String entry = "META-INF/services/" + type.getName();
        for (Bundle b : self.getBundleContext().getBundles()) {
            if ((b.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) == 0) {
                continue;
            }
            URL url = b.getEntry(entry);
            if (url == null) {
                continue;
            }
            try {
                for (String name : ServiceFiles.parse(url)) {
                    Object o = b.loadClass(name).getDeclaredConstructor().newInstance();
                    result.add(type.cast(o));
                }
            } catch (Exception | LinkageError e) {
                System.err.println("tessera: cannot load a service from bundle " + b.getSymbolicName() + ": " + e);
            }
        }
        return result;
    }
}
