package tessera.tcpa.mapping;

import java.util.List;

import org.eclipse.emf.ecore.util.EcoreUtil;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.core.TimeLimitException;
import tessera.rdg.Rdg;
import tessera.tcpa.mapping.passes.AccessMappings;
import tessera.tcpa.mapping.passes.MappingPass;
import tessera.tcpa.mapping.passes.PstGeneration;
import tessera.tcpa.mapping.passes.RegisterAllocation;
import tessera.tcpa.mapping.passes.Routing;
import tessera.tcpa.mapping.passes.SymbolicScheduling;
import tessera.tcpa.mapping.passes.Tiling;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.tcpa.Architecture;

/**
 * Seed 003 §5 / Fig. 1 symbolic mapping: tiling → symbolic modulo scheduling → routing → register allocation → PST →
 * access mappings. Routing precedes the naming of registers because a channel's ID/OD registers are the PE ports of
 * its route (§5.4). Stops at the first pass with errors. The input RDG is not changed: the result carries an
 * annotated, split copy (Fig. 3).
 */
public final class SymbolicMapper {
    /** The configuration (partial when a pass failed), the annotated RDG copy and all diagnostics. */
    public record Result(SymbolicConfiguration config, Rdg annotatedRdg, Diagnostics diagnostics) {
        public boolean ok() {
            return config != null && !diagnostics.hasErrors();
        }
    }

    public static final List<MappingPass> PASSES = List.of(
            new MappingPass("tiling (§5.1)", new Tiling()::apply),
            new MappingPass("symbolic modulo scheduling (§5.2)", new SymbolicScheduling()::apply),
            new MappingPass("propagation channel routing (§5.4)", new Routing()::apply),
            new MappingPass("register allocation (§5.3)", new RegisterAllocation()::apply),
            new MappingPass("polyhedral syntax tree (§5.5)", new PstGeneration()::apply),
            new MappingPass("access mappings (§5.6)", new AccessMappings()::apply));

    private SymbolicMapper() {
    }

    public static Result map(String file, Rdg rdg, Architecture arch, MappingState.Options options, Monitor monitor) {
        SymbolicConfiguration c = SymconfFactory.eINSTANCE.createSymbolicConfiguration();
        c.setName(rdg.getName());
        c.setSource(file);
        c.setArchitecture(arch.getName());
        MappingState s = new MappingState(file, EcoreUtil.copy(rdg), arch, options, c);
        monitor.begin("symbolic mapping of " + file, PASSES.size());
        for (MappingPass p : PASSES) {
            monitor.checkCanceled();
            monitor.subTask(p.name());
            try {
                p.apply(s);
            } catch (TimeLimitException e) {
                s.error(1, p.name() + " ran out of time: " + e.getMessage(), "raise the time limit (--time-limit S)");
            } catch (DiagnosticException e) {
                s.diagnostics.add(e.diagnostic().file() == null || e.diagnostic().file().isEmpty() ? e.diagnostic().withFile(file) : e.diagnostic());
            }
            monitor.worked(1);
            if (s.failed()) {
                break;
            }
        }
        return new Result(c, s.rdg, s.diagnostics);
    }

    /** For messages: "file:line: error: ..." of every diagnostic. */
    public static String format(Diagnostics ds) {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : ds) {
            sb.append(d.format()).append('\n');
        }
        return sb.toString();
    }
}
