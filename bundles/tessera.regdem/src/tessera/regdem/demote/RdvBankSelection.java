package tessera.regdem.demote;

import java.util.List;
import java.util.Map;

import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.sass.SassProgram;

/**
 * Seed 004 §3.4.1, first strategy: RDV is moved to the register bank (id mod 4) that holds most of the demoted
 * registers, so it inherits the bank nvcc had chosen for them (digest §3.8 item 1). The new number is the first
 * unused register of that bank at or above the old RDV.
 */
public final class RdvBankSelection {
    private RdvBankSelection() {
    }

    public record Result(SassProgram program, int rdv) {
    }

    public static Result run(SassProgram p, List<RegisterDemotion.Demoted> demoted, int rdv) {
        int[] count = new int[4];
        for (RegisterDemotion.Demoted d : demoted) {
            if (d.width() == 1) {
                count[d.register() % 4]++;
            }
        }
        int bank = 0;
        for (int b = 1; b < 4; b++) {
            if (count[b] > count[bank]) {
                bank = b;
            }
        }
        if (rdv < 0 || rdv % 4 == bank || demoted.stream().noneMatch(d -> d.width() == 1)) {
            return new Result(p, rdv);
        }
        var used = RegisterUnits.analyze(p).used();
        int n = (rdv + 3) / 4 * 4 + bank;
        while (n < rdv || used.get(n)) {
            n += 4;
        }
        if (n > 254) {
            return new Result(p, rdv);
        }
        return new Result(RegisterRenamer.rename(p, Map.of(rdv, n)), n);
    }
}
