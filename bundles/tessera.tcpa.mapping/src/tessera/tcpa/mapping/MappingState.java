package tessera.tcpa.mapping;

import java.util.List;
import java.util.Map;

import tessera.core.Deadline;
import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.core.poly.TiledSet;
import tessera.rdg.OperationNode;
import tessera.rdg.Rdg;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * What the §5 passes read and write: the RDG (annotated in place with the mapping results, docs/pla.md keys), the
 * architecture, the options and the symbolic configuration under construction, plus the diagnostics found so far.
 */
public final class MappingState {
    /**
     * Mapping options: the dims to distribute onto the PE grid (index names, at most two; default the first two),
     * concrete tile sizes to check against the schedule (p name → value; empty = none) and the solver time limit.
     */
    public record Options(List<String> distribute, Map<String, Long> tileSizes, Deadline deadline) {
        public static Options defaults() {
            return new Options(List.of(), Map.of(), Deadline.never());
        }
    }

    public final String file;
    public final Rdg rdg;
    public final Architecture arch;
    public final Options options;
    public final SymbolicConfiguration config;
    public final Diagnostics diagnostics = new Diagnostics();

    public MappingState(String file, Rdg rdg, Architecture arch, Options options, SymbolicConfiguration config) {
        this.file = file;
        this.rdg = rdg;
        this.arch = arch;
        this.options = options;
        this.config = config;
    }

    public void error(int line, String message, String hint) {
        diagnostics.add(Diagnostic.error(file, Math.max(line, 1), message, hint));
    }

    public void warning(int line, String message, String hint) {
        diagnostics.add(Diagnostic.warning(file, Math.max(line, 1), message, hint));
    }

    public boolean failed() {
        return diagnostics.hasErrors();
    }

    public TiledSet.Embedding embedding() {
        return Domains.embedding(config.getTiling());
    }

    public Operation operation(String id) {
        return config.getOperations().stream().filter(o -> o.getId().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no operation " + id));
    }

    public OperationNode node(String id) {
        return (OperationNode) rdg.getNodes().stream().filter(n -> n.getId().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no node " + id));
    }

    /** The line of the equation of an operation (for diagnostics), 1 if unknown. */
    public int line(String opId) {
        return config.getOperations().stream().filter(o -> o.getId().equals(opId)).mapToInt(Operation::getLine).findFirst().orElse(1);
    }

    public static Map<String, Long> none() {
        return Map.of();
    }
}
