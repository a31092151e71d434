package tessera.regdem.predict;

import java.util.List;

import tessera.regdem.sass.SassProgram;

/**
 * One code variant of seed 004 §4 (digest §4.3 Variant): its settings, register count, occupancy, shared memory
 * (static + added dynamic), predicted stalls and the occupancy-adjusted score the selection minimises.
 */
public record Variant(String name, int demote, String strategy, boolean avoidConflict, boolean swapSpillReg,
        boolean optAccess, int registers, double occupancy, long sharedBytes, long dynamicSharedBytes, double stall,
        double adjusted, int instCount, int dpCount, boolean chosen, SassProgram program, List<String> notes) {

    public Variant withScore(double adj, boolean isChosen) {
        return new Variant(name, demote, strategy, avoidConflict, swapSpillReg, optAccess, registers, occupancy,
                sharedBytes, dynamicSharedBytes, stall, adj, instCount, dpCount, isChosen, program, notes);
    }
}
