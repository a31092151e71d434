package tessera.tcpa.mapping.passes;

import tessera.tcpa.mapping.MappingState;

/** One step of seed 003 §5's symbolic mapping: reads the RDG/configuration built so far, adds its results. */
public interface MappingPass {
    /** Name for progress and listings, e.g. "tiling (§5.1)". */
    String name();

    void apply(MappingState state);
}
