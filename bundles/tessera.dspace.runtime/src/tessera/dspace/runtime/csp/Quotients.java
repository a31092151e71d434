package tessera.dspace.runtime.csp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.dspace.runtime.Program.ChoiceInfo;
import tessera.dspace.runtime.ir.QuotientDecl;

/**
 * Seed 001a §3.8, quotient sets on a candidate: an object whose representative flag is fixed true joins the set; an
 * open flag is fixed true when no lower object can share the object's class, and a flag fixed false then fails.
 */
final class Quotients {
    private Quotients() {
    }

    /** Applies quotient set {@code q} once; true when a member was added or a representative flag fixed. */
    static boolean apply(Candidate c, QuotientDecl q) {
        boolean changed = false;
        ChoiceInfo repr = c.prog.choice(q.repr()), equiv = c.prog.choice(q.equiv());
        int qset = c.prog.setId(q.name()), itemSet = c.prog.setId(q.item().set().set());
        Map<String, Integer> b = new HashMap<>(); // the binding of the conditions, rebound per object
        List<Integer> params = new ArrayList<>();
        if (q.param() == null) {
            params.add(-1);
        } else {
            Kernel.Members pm = c.kernel.plain[c.prog.setId(q.param().set().set())];
            for (int i = 0; i < pm.size; i++) {
                params.add(pm.items[i]);
            }
        }
        for (int p : params) {
            Kernel.Members items = q.item().set().arg() != null ? c.kernel.members(itemSet, p) : c.kernel.plain[itemSet];
            if (items == null) {
                continue;
            }
            for (int i = 0; i < items.size && !c.failed; i++) {
                int x = items.items[i];
                if (x == p) {
                    continue;
                }
                int rv = Candidate.find(c.kernel, repr, p < 0 ? new int[] { x } : new int[] { p, x });
                if (rv < 0) {
                    continue;
                }
                rv >>= 1;
                if (c.dom[rv] == 2) {
                    Kernel.Members qm = c.kernel.members(qset, p);
                    if (qm == null || !qm.bits.get(x)) {
                        Triggers.addMember(c, qset, p, x);
                        changed = true;
                    }
                    continue;
                }
                if (c.dom[rv] != 3 && c.dom[rv] != 1) {
                    continue;
                }
                b.clear();
                if (p >= 0) {
                    b.put(q.param().name(), p);
                }
                b.put(q.item().name(), x);
                if (!Conditions.allTrue(c, q.conditions(), b)) {
                    continue;
                }
                boolean alone = true;
                for (int j = 0; j < items.size && alone; j++) {
                    int y = items.items[j];
                    if (y >= x || y == p) {
                        continue;
                    }
                    int e = Candidate.find(c.kernel, equiv, new int[] { y, x });
                    if (e >= 0 && (c.read(e) & q.equivMask()) == 0) {
                        continue; // y cannot share x's class: no need to read y's conditions
                    }
                    b.put(q.item().name(), y);
                    alone = Conditions.anyFalse(c, q.conditions(), b);
                    b.put(q.item().name(), x);
                }
                if (alone && c.dom[rv] == 1) {
                    // the flag was set FALSE (e.g. by a counter's limit) but no lower object can share x's class
                    c.fail("quotient " + q.name() + ": " + c.kernel.objects.get(x) + " is alone in its class, so it is a representative");
                    return changed;
                } else if (alone) {
                    c.setDomain(rv, 2, "quotient " + q.name());
                    changed = true;
                }
            }
        }
        return changed;
    }
}
