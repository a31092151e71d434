package tessera.dspace.runtime;

import java.util.ArrayList;
import java.util.List;

import tessera.dspace.runtime.Program.Group;
import tessera.dspace.runtime.Program.Pattern;
import tessera.dspace.runtime.RuleGroups.Renamed;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.Space;

/**
 * Seed 001a §3.5, the DSL compiler: normalisation (merge literals on one instance, canonical argument order of
 * (anti)symmetric choices), one propagator per restricted variable, grouping of propagators with the same inputs,
 * truth tables over enum inputs and their if-trees. Space in, {@link Program} out; problems are DiagnosticExceptions.
 * {@link #compile} lists the stages in order, one class each, as telamon-gen's {@code process} does.
 */
public final class SpaceCompiler {
    private SpaceCompiler() {
    }

    /** Desugars and compiles a space. */
    public static Program compile(Space source) {
        Space s = Desugar.run(source); // sugar away; quotient sets become sets
        for (QuotientDecl q : s.quotients) {
            s.sets.put(q.name(), Desugar.quotientSet(q));
        }
        Program prog = new Program(s);
        Declarations decl = Declarations.declare(s, prog); // sets, choices, counters (telamon-gen: type_check)
        List<Rule> rules = ConstraintRules.of(decl); // normalise, one rule per target (constraint.rs)
        for (List<Renamed> group : RuleGroups.merge(rules)) { // group same-input rules (flat_filter::merge)
            prog.groups.add(TruthTable.of(prog, prog.groups.size(), group)); // table + if-tree (truth_table.rs)
        }
        watchers(prog); // which groups each choice wakes (telamon-gen: add_filter)
        return prog;
    }

    /** For every choice, the groups (and the pattern in them) that a change of one of its instances wakes. */
    private static void watchers(Program prog) {
        for (int i = 0; i < prog.choices.size(); i++) {
            prog.watchers.add(new ArrayList<>());
        }
        for (Group g : prog.groups) {
            prog.absorbing.add(Program.absorbing(g, prog.choices));
            prog.domainTables.add(Program.domainTable(g, prog.choices));
            prog.choiceTables.add(Program.choiceTable(g, prog.domainTables.get(g.id())));
            prog.cutInputs.add(Program.cutInputs(g, prog.absorbing.get(g.id()), prog.choices));
            for (Pattern p : Program.watchedPatterns(g, prog.choices)) {
                prog.watchers.get(p.choice()).add(new Program.Watch(g, p, Program.splitMasks(g, p, prog.choices)));
            }
        }
    }
}
