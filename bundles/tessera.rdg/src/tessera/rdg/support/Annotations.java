package tessera.rdg.support;

import java.util.List;
import java.util.Optional;

import org.eclipse.emf.ecore.EObject;

import tessera.core.poly.PolySet;
import tessera.rdg.Annotated;
import tessera.rdg.Annotation;
import tessera.rdg.IntAnnotation;
import tessera.rdg.IntListAnnotation;
import tessera.rdg.RdgFactory;
import tessera.rdg.ReferenceAnnotation;
import tessera.rdg.SetAnnotation;
import tessera.rdg.StringAnnotation;
import tessera.rdg.StringListAnnotation;

/**
 * Seed 003 §4 annotations f[v] ← z on RDG nodes and edges as typed key/value entries. Later passes write their results
 * here under the keys listed in {@link Keys} (one entry per key; setting a key replaces the old entry).
 */
public final class Annotations {
    /** Conventional keys of the symbolic-mapping passes (seed 003 §5); see docs/pla.md. */
    public static final class Keys {
        public static final String TAU = "tau";            // IntAnnotation: start offset τ[v]
        public static final String FU = "fu";              // StringAnnotation: functional unit fu[v]
        public static final String MNEMONIC = "mnemo";     // StringAnnotation: instruction mnemo[v]
        public static final String LATENCY = "latency";    // IntAnnotation: l[v]
        public static final String DELTA = "delta";        // IntListAnnotation: processor displacement δ[e]
        public static final String REGS = "regs";          // StringListAnnotation: registers of an edge
        public static final String REG_READ = "reg.read";  // StringAnnotation
        public static final String REG_WRITE = "reg.write";// StringAnnotation
        public static final String ROUTE = "route";        // StringListAnnotation: propagation channel ρ[e]
        public static final String SPLIT_OF = "splitOf";   // StringAnnotation: id of the edge a split edge came from
        public static final String TILED_SPACE = "space.tiled"; // SetAnnotation: 𝓘*[v]

        private Keys() {
        }
    }

    private Annotations() {
    }

    public static Optional<Annotation> get(Annotated owner, String key) {
        for (Annotation a : owner.getAnnotations()) {
            if (key.equals(a.getKey())) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }

    public static void remove(Annotated owner, String key) {
        owner.getAnnotations().removeIf(a -> key.equals(a.getKey()));
    }

    private static <T extends Annotation> T put(Annotated owner, T a, String key) {
        remove(owner, key);
        a.setKey(key);
        owner.getAnnotations().add(a);
        return a;
    }

    public static void setInt(Annotated owner, String key, long value) {
        put(owner, RdgFactory.eINSTANCE.createIntAnnotation(), key).setValue(value);
    }

    public static Optional<Long> getInt(Annotated owner, String key) {
        return get(owner, key).filter(IntAnnotation.class::isInstance).map(a -> ((IntAnnotation) a).getValue());
    }

    public static void setInts(Annotated owner, String key, long... values) {
        IntListAnnotation a = put(owner, RdgFactory.eINSTANCE.createIntListAnnotation(), key);
        for (long v : values) {
            a.getValues().add(v);
        }
    }

    public static Optional<long[]> getInts(Annotated owner, String key) {
        return get(owner, key).filter(IntListAnnotation.class::isInstance)
                .map(a -> ((IntListAnnotation) a).getValues().stream().mapToLong(Long::longValue).toArray());
    }

    public static void setString(Annotated owner, String key, String value) {
        put(owner, RdgFactory.eINSTANCE.createStringAnnotation(), key).setValue(value);
    }

    public static Optional<String> getString(Annotated owner, String key) {
        return get(owner, key).filter(StringAnnotation.class::isInstance).map(a -> ((StringAnnotation) a).getValue());
    }

    public static void setStrings(Annotated owner, String key, List<String> values) {
        put(owner, RdgFactory.eINSTANCE.createStringListAnnotation(), key).getValues().addAll(values);
    }

    public static Optional<List<String>> getStrings(Annotated owner, String key) {
        return get(owner, key).filter(StringListAnnotation.class::isInstance)
                .map(a -> List.copyOf(((StringListAnnotation) a).getValues()));
    }

    /** A set in tessera.core.poly syntax, e.g. {@code [N] -> { [i] : 0 <= i < N }}. */
    public static void setSet(Annotated owner, String key, String polySet) {
        put(owner, RdgFactory.eINSTANCE.createSetAnnotation(), key).setSet(PolySet.valueOf(polySet));
    }

    public static Optional<String> getSet(Annotated owner, String key) {
        return get(owner, key).filter(SetAnnotation.class::isInstance).map(a -> ((SetAnnotation) a).getSet().text());
    }

    public static void setReferences(Annotated owner, String key, List<? extends EObject> targets) {
        put(owner, RdgFactory.eINSTANCE.createReferenceAnnotation(), key).getTargets().addAll(targets);
    }

    public static Optional<List<EObject>> getReferences(Annotated owner, String key) {
        return get(owner, key).filter(ReferenceAnnotation.class::isInstance)
                .map(a -> List.copyOf(((ReferenceAnnotation) a).getTargets()));
    }

    /** The value of any annotation as text (lists comma-separated; references by id), for display. */
    public static String text(Annotation a) {
        if (a instanceof IntAnnotation i) {
            return String.valueOf(i.getValue());
        } else if (a instanceof IntListAnnotation l) {
            return l.getValues().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ", "(", ")"));
        } else if (a instanceof StringAnnotation s) {
            return String.valueOf(s.getValue());
        } else if (a instanceof StringListAnnotation l) {
            return String.join(", ", l.getValues());
        } else if (a instanceof SetAnnotation s) {
            return String.valueOf(s.getSet());
        } else if (a instanceof ReferenceAnnotation r) {
            return r.getTargets().stream().map(t -> t instanceof tessera.rdg.Node n ? n.getId()
                    : t instanceof tessera.rdg.Edge e ? e.getId() : String.valueOf(t)).collect(java.util.stream.Collectors.joining(", "));
        }
        return a.eClass().getName();
    }
}
