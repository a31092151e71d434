package tessera.modsched.analysis;

import tessera.modsched.model.Loop;

/** Seed 002 §2: MII = max(RecMII, ResMII), the lower bound on II every scheduler starts from. */
public record Mii(ResMII resMII, RecMII recMII) {
    public static Mii compute(Loop loop) {
        return new Mii(ResMII.compute(loop), RecMII.compute(loop));
    }

    public int value() {
        return Math.max(1, Math.max(resMII.value(), recMII.value()));
    }
}
