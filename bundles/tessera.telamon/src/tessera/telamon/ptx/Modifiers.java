package tessera.telamon.ptx;

import java.util.ArrayList;
import java.util.List;

import tessera.telamon.ptx.Insn.Cmp;
import tessera.telamon.ptx.Insn.Mode;
import tessera.telamon.ptx.Insn.Round;
import tessera.telamon.ptx.Insn.Space;

/** The modifiers of one opcode word ({@code ld.global.v4.f32}), sorted by kind. */
final class Modifiers {
    final List<PtxType> types = new ArrayList<>();
    Space space = Space.NONE;
    int vector = 1;
    Round round = Round.NONE;
    Cmp cmp = Cmp.NONE;
    Mode mode = Mode.NONE;
    boolean sat;
    boolean ftz;
    /** Accepted modifiers without effect on the result (cache operators, {@code .uni}, {@code .sync}, {@code .to}). */
    final List<String> other = new ArrayList<>();
}
