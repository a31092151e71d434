package tessera.dspace.runtime.oracle;

import java.util.ArrayList;
import java.util.List;

import org.sat4j.core.VecInt;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;

/**
 * The CNF the {@link SatOracle} builds: fresh SAT variables, clauses buffered until the encoding is complete, a literal
 * forced true and Tseitin conjunctions.
 */
final class Cnf {
    private int nextVar;
    private final List<int[]> clauses = new ArrayList<>();
    /** A literal forced true. */
    final int tru;

    Cnf() {
        tru = fresh();
        clause(tru);
    }

    int fresh() {
        return ++nextVar;
    }

    /** The highest SAT variable so far. */
    int maxVar() {
        return nextVar;
    }

    void clause(int... lits) {
        clauses.add(lits.clone()); // buffered: the solver is sized once the encoding is complete
    }

    void clause(List<Integer> lits) {
        clauses.add(lits.stream().mapToInt(Integer::intValue).toArray());
    }

    void exactlyOne(int[] lits) {
        clause(lits);
        for (int i = 0; i < lits.length; i++) {
            for (int j = i + 1; j < lits.length; j++) {
                clause(-lits[i], -lits[j]);
            }
        }
    }

    /** A literal equivalent to the conjunction ({@code tru} when empty). */
    int and(List<Integer> lits) {
        List<Integer> l = lits.stream().filter(x -> x != tru).distinct().toList();
        if (l.isEmpty()) {
            return tru;
        }
        if (l.size() == 1) {
            return l.get(0);
        }
        int a = fresh();
        int[] back = new int[l.size() + 1];
        back[0] = a;
        for (int i = 0; i < l.size(); i++) {
            clause(-a, l.get(i));
            back[i + 1] = -l.get(i);
        }
        clause(back);
        return a;
    }

    /** Sizes {@code solver} and hands it every clause; false when a clause contradicts the others (unsatisfiable). */
    boolean load(ISolver solver) {
        boolean ok = true;
        solver.newVar(nextVar + 1);
        solver.setExpectedNumberOfClauses(clauses.size());
        for (int[] c : clauses) {
            try {
                solver.addClause(new VecInt(c));
            } catch (ContradictionException e) {
                ok = false;
            }
        }
        clauses.clear();
        return ok;
    }
}
