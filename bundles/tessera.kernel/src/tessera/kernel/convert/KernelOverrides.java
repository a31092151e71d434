package tessera.kernel.convert;

import java.util.Map;

import org.eclipse.emf.common.notify.impl.AdapterImpl;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * The instance values that replace those of a file's parameters and sizes ({@code n=64}), attached to its resource so
 * that validation and conversion see the same values.
 */
public final class KernelOverrides extends AdapterImpl {
    private final Map<String, Long> values;

    private KernelOverrides(Map<String, Long> values) {
        this.values = Map.copyOf(values);
    }

    /** Attaches {@code values} to {@code res}, replacing earlier ones. */
    public static void set(Resource res, Map<String, Long> values) {
        res.eAdapters().removeIf(a -> a instanceof KernelOverrides);
        if (values != null && !values.isEmpty()) {
            res.eAdapters().add(new KernelOverrides(values));
        }
    }

    /** The values attached to {@code res} (empty when none). */
    public static Map<String, Long> of(Resource res) {
        if (res != null) {
            for (Object a : res.eAdapters()) {
                if (a instanceof KernelOverrides o) {
                    return o.values;
                }
            }
        }
        return Map.of();
    }

    @Override
    public boolean isAdapterForType(Object type) {
        return type == KernelOverrides.class;
    }
}
