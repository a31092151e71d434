package tessera.dspace;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tessera.dspace.exh.BoolCondition;
import tessera.dspace.exh.Choice;
import tessera.dspace.exh.ChoiceInstance;
import tessera.dspace.exh.CmpCondition;
import tessera.dspace.exh.CodeCondition;
import tessera.dspace.exh.CodeValue;
import tessera.dspace.exh.Condition;
import tessera.dspace.exh.Constraint;
import tessera.dspace.exh.CounterChoice;
import tessera.dspace.exh.CounterKind;
import tessera.dspace.exh.CounterVisibility;
import tessera.dspace.exh.Disjunction;
import tessera.dspace.exh.EnumAlias;
import tessera.dspace.exh.EnumChoice;
import tessera.dspace.exh.EnumStmt;
import tessera.dspace.exh.EnumValue;
import tessera.dspace.exh.IntegerChoice;
import tessera.dspace.exh.InversePair;
import tessera.dspace.exh.IsCondition;
import tessera.dspace.exh.QuotientDef;
import tessera.dspace.exh.ReprChoice;
import tessera.dspace.exh.Require;
import tessera.dspace.exh.SetDef;
import tessera.dspace.exh.SetEntry;
import tessera.dspace.exh.SetLike;
import tessera.dspace.exh.SetRef;
import tessera.dspace.exh.Statement;
import tessera.dspace.exh.Symmetric;
import tessera.dspace.exh.Trigger;
import tessera.dspace.exh.ValueLike;
import tessera.dspace.exh.VarDef;
import tessera.dspace.runtime.ir.ChoiceDecl;
import tessera.dspace.runtime.ir.ChoiceInst;
import tessera.dspace.runtime.ir.Cond;
import tessera.dspace.runtime.ir.ConstraintDecl;
import tessera.dspace.runtime.ir.Op;
import tessera.dspace.runtime.ir.QuotientDecl;
import tessera.dspace.runtime.ir.SetDecl;
import tessera.dspace.runtime.ir.Space;
import tessera.dspace.runtime.ir.TriggerDecl;
import tessera.dspace.runtime.ir.VarDecl;

/**
 * Seed 001a §4.7: the Xtext model of a (linked, validated) specification and its includes → the decision-space IR.
 * Alias masks, value indices and the TRUE/FALSE values of representative choices are resolved here.
 */
public final class AstToSpace {
    private final Space space = new Space();

    private AstToSpace() {
    }

    /** Converts the statements of a file with its includes expanded ({@link tessera.dspace.scoping.ExhIncludes}). */
    public static Space convert(List<Statement> statements) {
        AstToSpace c = new AstToSpace();
        for (Statement st : statements) {
            c.statement(st);
        }
        return c.space;
    }

    public static String name(SetLike s) {
        return s instanceof SetDef d ? d.getName() : s instanceof QuotientDef q ? q.getName() : null;
    }

    private void statement(Statement st) {
        switch (st) {
            case SetDef s -> {
                Map<String, String> entries = new LinkedHashMap<>();
                for (SetEntry e : s.getEntries()) {
                    entries.put(e.getKey(), e.getCode());
                }
                List<String> disj = new ArrayList<>();
                for (SetLike d : s.getDisjoint()) {
                    disj.add(name(d));
                }
                space.set(new SetDecl(s.getName(), var(s.getParam()), ref(s.getSuperset()), disj, entries, false));
            }
            case QuotientDef q -> space.quotients.add(new QuotientDecl(q.getName(), var(q.getParam()), var(q.getItem()),
                    q.getRepr().getName(), conds(q.getConditions()), q.getEquiv().getName(),
                    mask(q.getEquiv(), q.getEquivValues().getValues())));
            case EnumChoice e -> space.choice(enumDecl(e));
            case IntegerChoice i -> space.choice(new ChoiceDecl.IntegerDecl(i.getName(), vars(i.getParams()), i.getUniverse()));
            case CounterChoice k -> space.choice(new ChoiceDecl.CounterDecl(k.getName(), vars(k.getParams()),
                    k.getVisibility() == CounterVisibility.HALF && isSet(k) ? ChoiceDecl.Visibility.HALF
                            : k.getVisibility() == CounterVisibility.INTERNAL && isSet(k) ? ChoiceDecl.Visibility.INTERNAL
                                    : ChoiceDecl.Visibility.FULL,
                    k.getKind() == CounterKind.MUL ? ChoiceDecl.CounterKind.MUL : ChoiceDecl.CounterKind.SUM, k.getBase(),
                    vars(k.getIterVars()), k.getValue() instanceof CodeValue cv ? cv.getCode() : null,
                    k.getValue() instanceof ChoiceInstance ci ? inst(ci) : null, conds(k.getConditions())));
            case Require r -> space.constraints.addAll(constraints(List.of(), r.getConstraint(), "require"));
            case Trigger t -> space.triggers.add(new TriggerDecl(vars(t.getVars()), t.getCode(), conds(t.getConditions()),
                    "trigger"));
            default -> {
            }
        }
    }

    /** Whether 'half'/'internal' was written (HALF is the enum's default value, so eIsSet cannot tell). */
    public static boolean isSet(CounterChoice k) {
        return !org.eclipse.xtext.nodemodel.util.NodeModelUtils
                .findNodesForFeature(k, tessera.dspace.exh.ExhPackage.Literals.COUNTER_CHOICE__VISIBILITY).isEmpty();
    }

    private ChoiceDecl.EnumDecl enumDecl(EnumChoice e) {
        ChoiceDecl.EnumDecl.Builder b = ChoiceDecl.EnumDecl.builder(e.getName(), vars(e.getParams()).toArray(VarDecl[]::new));
        for (EnumStmt s : e.getStmts()) {
            if (s instanceof EnumValue v) {
                b.values(v.getName());
            }
        }
        for (EnumStmt s : e.getStmts()) {
            switch (s) {
                case EnumAlias a -> b.aliasMask(a.getName(), aliasMask(e, a, new HashSet<>()));
                case Symmetric x -> b.symmetric();
                case tessera.dspace.exh.Antisymmetric x -> {
                    b.antisymmetricOnly();
                    for (InversePair p : x.getPairs()) {
                        b.antisymmetric(p.getLhs().getName(), p.getRhs().getName());
                    }
                }
                default -> {
                }
            }
        }
        for (EnumStmt s : e.getStmts()) {
            List<Constraint> reqs = s instanceof EnumValue v ? v.getRequires() : s instanceof EnumAlias a ? a.getRequires() : List.of();
            String vname = s instanceof EnumValue v ? v.getName() : s instanceof EnumAlias a ? a.getName() : null;
            for (Constraint c : reqs) {
                for (ConstraintDecl k : constraints(List.of(), c, e.getName() + " value " + vname + " requires")) {
                    b.requires(vname, k);
                }
            }
        }
        return b.build();
    }

    private static long aliasMask(EnumChoice e, EnumAlias a, Set<EnumAlias> seen) {
        if (!seen.add(a)) {
            return 0;
        }
        long m = 0;
        for (ValueLike v : a.getValues()) {
            m |= v instanceof EnumAlias other ? aliasMask(e, other, seen) : valueBit(e, v);
        }
        return m;
    }

    private static long valueBit(EnumChoice e, ValueLike v) {
        int i = 0;
        for (EnumStmt s : e.getStmts()) {
            if (s instanceof EnumValue ev) {
                if (ev == v) {
                    return 1L << i;
                }
                i++;
            }
        }
        return 0;
    }

    /** Mask of a value set for a choice (enum values/aliases; TRUE/FALSE for representative choices). */
    static long mask(Choice c, List<ValueLike> values) {
        long m = 0;
        for (ValueLike v : values) {
            if (c instanceof EnumChoice e) {
                m |= v instanceof EnumAlias a ? aliasMask(e, a, new HashSet<>()) : valueBit(e, v);
            } else if (c instanceof ReprChoice && v instanceof EnumValue ev) {
                m |= "TRUE".equals(ev.getName()) ? 2 : 1;
            }
        }
        return m;
    }

    private List<ConstraintDecl> constraints(List<VarDecl> outer, Constraint c, String origin) {
        List<VarDecl> vs = new ArrayList<>(outer);
        vs.addAll(vars(c.getVars()));
        List<ConstraintDecl> r = new ArrayList<>();
        for (Disjunction d : c.getDisjunctions()) {
            r.add(new ConstraintDecl(vs, conds(d.getConditions()), origin + " at line " + line(d)));
        }
        return r;
    }

    static int line(org.eclipse.emf.ecore.EObject o) {
        var n = org.eclipse.xtext.nodemodel.util.NodeModelUtils.getNode(o);
        return n == null ? 0 : n.getStartLine();
    }

    private List<Cond> conds(List<Condition> cs) {
        List<Cond> r = new ArrayList<>();
        for (Condition c : cs) {
            r.add(cond(c));
        }
        return r;
    }

    static Cond cond(Condition c) {
        return switch (c) {
            case IsCondition is -> is.isNegated()
                    ? new Cond.IsNot(inst(is.getLhs()), mask(is.getLhs().getChoice(), is.getValues().getValues()))
                    : new Cond.Is(inst(is.getLhs()), mask(is.getLhs().getChoice(), is.getValues().getValues()));
            case CmpCondition cmp -> {
                Op op = switch (cmp.getOp()) {
                    case EQ, ASSIGN -> Op.EQ;
                    case NE -> Op.NE;
                    case LT -> Op.LT;
                    case GT -> Op.GT;
                    case LE -> Op.LE;
                    case GE -> Op.GE;
                };
                yield cmp.getRhsChoice() != null ? new Cond.Cmp(inst(cmp.getLhs()), op, inst(cmp.getRhsChoice()))
                        : new Cond.CmpCode(inst(cmp.getLhs()), op, cmp.getRhsCode());
            }
            case CodeCondition code -> new Cond.Code(code.getCode(), false);
            case BoolCondition b -> new Cond.Const("true".equals(b.getValue()));
            default -> throw new IllegalArgumentException("unexpected condition " + c);
        };
    }

    static ChoiceInst inst(ChoiceInstance ci) {
        List<String> args = new ArrayList<>();
        for (VarDef v : ci.getArgs()) {
            args.add(v.getName());
        }
        return new ChoiceInst(ci.getChoice().getName(), args);
    }

    private static List<VarDecl> vars(List<VarDef> vs) {
        List<VarDecl> r = new ArrayList<>();
        for (VarDef v : vs) {
            r.add(var(v));
        }
        return r;
    }

    static VarDecl var(VarDef v) {
        return v == null ? null : new VarDecl(v.getName(), ref(v.getSet()));
    }

    static tessera.dspace.runtime.ir.SetRef ref(SetRef r) {
        return r == null ? null
                : new tessera.dspace.runtime.ir.SetRef(name(r.getSet()), r.getArg() == null ? null : r.getArg().getName());
    }
}
