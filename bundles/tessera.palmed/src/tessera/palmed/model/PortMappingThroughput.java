package tessera.palmed.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * Seed 000 App. A Def. A.2/A.4, exact throughput of a disjunctive port mapping: the LP
 * min T s.t. Σ_{p∈ports(v)} x_{v,p} = σ_v, Σ_v x_{v,p} ≤ T, x ≥ 0 (digest §3.9), solved with ojAlgo.
 * σ_v is the load of a term: μOPs × 1 cycle, or the busy cycles of a non-pipelined unit (issue 21 item 5), so the
 * optimum is max over port sets J of load(J)/|J|. With an issue width W the front-end constraint T ≥ (Σ μOPs)/W is
 * added, counting each instruction's {@link PortMapping#uopCount} μOPs.
 */
public final class PortMappingThroughput {
    private PortMappingThroughput() {
    }

    /** Cycles per iteration t(K) of kernel K on the port mapping. */
    public static double cycles(PortMapping pm, Kernel k) {
        ExpressionsBasedModel model = new ExpressionsBasedModel();
        Variable t = model.addVariable("T").lower(0).weight(1);
        Map<String, Expression> portLoad = new LinkedHashMap<>();
        for (String p : pm.ports()) {
            Expression e = model.addExpression("port_" + p).upper(0);
            e.set(t, -1);
            portLoad.put(p, e);
        }
        int totalUops = 0;
        int v = 0;
        for (Map.Entry<String, Integer> en : k.counts().entrySet()) {
            totalUops += pm.uopCount(en.getKey()) * en.getValue();
            for (Uop u : pm.uops(en.getKey())) {
                int demand = u.count() * en.getValue();
                Expression flow = model.addExpression("uop_" + v).level(demand);
                List<Variable> xs = new ArrayList<>();
                for (String p : u.ports()) {
                    Variable x = model.addVariable("x_" + v + "_" + p).lower(0);
                    flow.set(x, 1);
                    portLoad.get(p).set(x, 1);
                    xs.add(x);
                }
                v++;
            }
        }
        if (pm.issueWidth() > 0) {
            t.lower((double) totalUops / pm.issueWidth());
        }
        Optimisation.Result r = model.minimise();
        if (!r.getState().isOptimal() && !r.getState().isFeasible()) {
            throw new IllegalStateException("throughput LP failed (" + r.getState() + ") on kernel " + k);
        }
        return r.getValue();
    }

    /** IPC = |K| / t(K) (Def. A.4). */
    public static double ipc(PortMapping pm, Kernel k) {
        return k.size() / cycles(pm, k);
    }
}
