package tessera.tcpa.mapping.passes;

import java.util.function.Consumer;

import tessera.tcpa.mapping.MappingState;

/**
 * One step of seed 003 §5's symbolic mapping: reads the RDG/configuration built so far, adds its results.
 *
 * @param name for progress and listings, e.g. "tiling (§5.1)"
 * @param step the work of the pass, e.g. {@link Tiling#apply}
 */
public record MappingPass(String name, Consumer<MappingState> step) {
    public void apply(MappingState state) {
        step.accept(state);
    }
}
