package tessera.tcpa.pipeline;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;
import tessera.core.Monitor;
import tessera.pla.rdg.PlaCompiler;
import tessera.rdg.Rdg;
import tessera.tcpa.concrete.ConcreteConfiguration;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.mapping.SymbolicMapper;
import tessera.tcpa.symconf.SymbolicConfiguration;
import tessera.tcpa.tcpa.Architecture;

/**
 * The TCPA tool flow of seed 003 in one place, for the builder passes, the CLI commands, the Studio views and the
 * tests: settings ({@link TcpaSettings}) → architecture → PLA front end (§4, tessera.pla) → symbolic mapping (§5,
 * tessera.tcpa.mapping) → instantiation for loop bounds and a PE region (§6, tessera.tcpa.instantiate) → simulation
 * compared with the PLA interpreter ({@link Equivalence}, tessera.tcpa.sim). {@link #run} runs the whole chain for one
 * .pla of a project and takes the results of stages that already ran (a parsed PLA, a mapping) instead of redoing them.
 */
public final class TcpaPipeline {
    /** The PLA front end's result, the mapping result (null when the PLA has errors) and every diagnostic. */
    public record Compiled(PlaCompiler.Compiled pla, SymbolicMapper.Result mapping, Diagnostics diagnostics) {
        public boolean ok() {
            return mapping != null && mapping.ok();
        }
    }

    /** Where {@link #run} stopped; {@link #DONE} when every stage asked for ran (their results may still have errors). */
    public enum Stop {
        /** {@code tcpa.params}/{@code tcpa.pes} cannot be read. */
        BAD_PARAMETERS,
        /** {@code tcpa.params}/{@code tcpa.pes} are not set for the file. */
        NO_PARAMETERS,
        /** {@code tcpa.arch} names a missing or invalid architecture. */
        BAD_ARCHITECTURE,
        /** {@code tcpa.arch} is not set. */
        NO_ARCHITECTURE,
        /** The PLA has errors or the symbolic mapping failed. */
        MAPPING,
        /** The instantiation failed. */
        INSTANTIATION,
        DONE
    }

    /** How far {@link #run} goes. */
    public enum Until {
        MAPPING, INSTANTIATION, SIMULATION
    }

    /**
     * One .pla through the flow: the stages' results up to where it stopped ({@code null} beyond), {@code problem} the
     * diagnostic of a bad setting or architecture.
     */
    public record Run(TcpaSettings.Run parameters, Architecture arch, Compiled compiled, Instantiator.Result instantiated,
            Equivalence.Outcome check, Stop stop, Diagnostic problem) {
    }

    private TcpaPipeline() {
    }

    /**
     * Runs the flow on {@code file} (project-relative) with the project's {@code settings}; other project files (the
     * architecture) are read through {@code reader}. {@code parsed} and {@code mapped} are results of earlier stages on
     * the same text (the builder passes hand them down), used instead of parsing or mapping again.
     */
    public static Run run(String file, String text, Map<String, String> settings, Function<String, Optional<String>> reader,
            Optional<PlaCompiler.Compiled> parsed, Optional<Compiled> mapped, Until until, Monitor monitor) {
        TcpaSettings.Run parameters = null;
        if (until != Until.MAPPING) {
            Optional<TcpaSettings.Run> p;
            try {
                p = TcpaSettings.parameters(settings, file);
            } catch (IllegalArgumentException e) {
                return new Run(null, null, null, null, null, Stop.BAD_PARAMETERS, Diagnostic.error(tessera.core.pass.ProjectSettings.FILE, 1,
                        e.getMessage(), "write e.g. " + TcpaSettings.PARAMS + "=N=16,M=8 and " + TcpaSettings.PES + "=1x3"));
            }
            if (p.isEmpty()) {
                return new Run(null, null, null, null, null, Stop.NO_PARAMETERS, null);
            }
            parameters = p.get();
        }
        Optional<Architecture> arch;
        try {
            arch = TcpaSettings.architecture(settings, reader);
        } catch (DiagnosticException e) {
            return new Run(parameters, null, null, null, null, Stop.BAD_ARCHITECTURE, e.diagnostic());
        }
        if (arch.isEmpty()) {
            return new Run(parameters, null, null, null, null, Stop.NO_ARCHITECTURE, null);
        }
        Compiled c = mapped.orElseGet(() -> compile(parsed.orElseGet(() -> PlaCompiler.compile(file, text)), file, arch.get(),
                TcpaSettings.options(settings, file), monitor));
        if (!c.ok() || until == Until.MAPPING) {
            return new Run(parameters, arch.get(), c, null, null, c.ok() ? Stop.DONE : Stop.MAPPING, null);
        }
        Instantiator.Result r = instantiate(c.mapping().config(), arch.get(), parameters.parameters(), file, monitor);
        if (!r.ok() || until == Until.INSTANTIATION) {
            return new Run(parameters, arch.get(), c, r, null, r.ok() ? Stop.DONE : Stop.INSTANTIATION, null);
        }
        Equivalence.Outcome o = check(c.pla().rdg(), r.config(), parameters.parameters().bounds());
        return new Run(parameters, arch.get(), c, r, o, Stop.DONE, null);
    }

    /** Front end and symbolic mapping of PLA {@code text} onto {@code arch}. All problems come back as diagnostics. */
    public static Compiled compile(String file, String text, Architecture arch, MappingState.Options options, Monitor monitor) {
        return compile(PlaCompiler.compile(file, text), file, arch, options, monitor);
    }

    /** The symbolic mapping (seed 003 §5) of an already parsed PLA. */
    public static Compiled compile(PlaCompiler.Compiled pla, String file, Architecture arch, MappingState.Options options, Monitor monitor) {
        Diagnostics ds = new Diagnostics();
        ds.addAll(pla.diagnostics());
        if (!pla.ok()) {
            return new Compiled(pla, null, ds);
        }
        SymbolicMapper.Result r = SymbolicMapper.map(file, pla.rdg(), arch, options, monitor);
        ds.addAll(r.diagnostics());
        return new Compiled(pla, r, ds);
    }

    /** The instantiation (seed 003 §6) of a symbolic configuration for loop bounds and a PE region. */
    public static Instantiator.Result instantiate(SymbolicConfiguration sym, Architecture arch, Instantiator.Parameters parameters,
            String file, Monitor monitor) {
        return Instantiator.run(sym, arch, parameters, file, monitor);
    }

    /** The cycle-level simulation of {@code config} on random inputs (seed 1) compared with the interpreter of {@code rdg}. */
    public static Equivalence.Outcome check(Rdg rdg, ConcreteConfiguration config, Map<String, Long> bounds) {
        return Equivalence.check(rdg, config, bounds, 1);
    }
}
