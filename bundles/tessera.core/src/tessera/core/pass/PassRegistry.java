package tessera.core.pass;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import tessera.core.ServiceFiles;

/** The passes known to this process, in run order. */
public final class PassRegistry {
    private final List<Pass> passes = new ArrayList<>();

    /** Every pass registered in a {@code META-INF/services/tessera.core.pass.Pass} file (see {@link ServiceFiles}). */
    public static PassRegistry discover() {
        PassRegistry r = new PassRegistry();
        ServiceFiles.load(Pass.class).forEach(r::register);
        return r;
    }

    public synchronized PassRegistry register(Pass pass) {
        if (passes.stream().noneMatch(p -> p.id().equals(pass.id()))) {
            passes.add(pass);
            passes.sort(Comparator.comparingInt(Pass::order).thenComparing(Pass::id));
        }
        return this;
    }

    public synchronized List<Pass> all() {
        return List.copyOf(passes);
    }

    public synchronized List<Pass> passesFor(String fileName) {
        return passes.stream().filter(p -> p.accepts(fileName)).toList();
    }
}
