package tessera.dspace.runtime.ir;

import java.util.List;

/** Seed 001a §3.4 {@code trigger}: fires the snippet once per binding whose conjunction is entailed. */
public record TriggerDecl(List<VarDecl> vars, String code, List<Cond> conditions, String origin) {
}
