package tessera.tcpa.mapping.passes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.util.EcoreUtil;

import tessera.core.poly.PolySet;
import tessera.rdg.ConstantEdge;
import tessera.rdg.ConstantNode;
import tessera.rdg.DependenceEdge;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.Node;
import tessera.rdg.OperandEdge;
import tessera.rdg.OperationNode;
import tessera.rdg.OutputEdge;
import tessera.rdg.support.Annotations;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.Operation;
import tessera.tcpa.symconf.SymconfFactory;

/**
 * Seed 003 §5.1: LSGP tiling I = P·K + J with symbolic tile sizes p and counts t, at most two distributed dims
 * (t = 1 elsewhere), allocation matrix Φ, embedded condition spaces 𝓘*[v], and edge splitting: an edge with d ≠ 0
 * becomes one edge per θ ∈ Θ(d) with δ = Φθ (§5.3 first step). The RDG is changed the same way (split edges
 * annotated {@code delta}/{@code splitOf}) so that the diagram shows Fig. 3.
 */
public final class Tiling {
    private static final SymconfFactory F = SymconfFactory.eINSTANCE;

    public void apply(MappingState s) {
        List<String> idx = s.rdg.getIndices();
        int n = idx.size();
        List<Integer> dist = new ArrayList<>();
        if (s.options.distribute().isEmpty()) {
            for (int x = 0; x < Math.min(2, n); x++) {
                dist.add(x);
            }
        } else {
            for (String name : s.options.distribute()) {
                int x = idx.indexOf(name);
                if (x < 0) {
                    s.error(1, "cannot distribute '" + name + "': the loop indices are " + idx, "name loop indices of the PLA's 'for' header");
                    return;
                }
                if (!dist.contains(x)) {
                    dist.add(x);
                }
            }
        }
        if (dist.size() > 2) {
            s.error(1, "more than two distributed dimensions " + s.options.distribute()
                    + ": a TCPA region is a 2-D PE array (seed 003 §5.1, at most t_r and t_c differ from 1)",
                    "distribute at most two loop indices, e.g. --distribute " + idx.get(0) + (n > 1 ? "," + idx.get(1) : ""));
            return;
        }
        tessera.tcpa.symconf.Tiling t = F.createTiling();
        Set<String> taken = new HashSet<>(idx);
        taken.addAll(s.rdg.getParameters());
        for (int x = 0; x < n; x++) {
            String suffix = n == 1 ? "" : "_" + idx.get(x);
            t.getIndices().add(idx.get(x));
            t.getIntraIndices().add(fresh("j" + suffix, taken));
            t.getInterIndices().add(fresh("k" + suffix, taken));
            t.getTileSizes().add(fresh("p" + suffix, taken));
            t.getTileCounts().add(dist.contains(x) ? fresh("t" + suffix, taken) : "1");
        }
        t.getDistributed().addAll(dist);
        // Φ: pe(K) = (k_r, k_c) in (row, col) order like Fig. 4 and the router (P6); a single distributed dim runs along a row
        List<Integer> rowCol = dist.size() == 2 ? dist : java.util.Arrays.asList(-1, dist.isEmpty() ? -1 : dist.get(0));
        for (int row = 0; row < 2; row++) {
            for (int c = 0; c < n; c++) {
                t.getPhi().add(rowCol.get(row) == c ? 1 : 0);
            }
        }
        s.config.setTiling(t);
        s.config.getParameters().addAll(s.rdg.getParameters());
        s.config.getParameters().addAll(t.getTileSizes());
        t.getTileCounts().stream().filter(c -> !c.equals("1")).forEach(s.config.getParameters()::add);
        s.config.setParameterContext(s.rdg.getParameterContext());
        s.config.setIterationSpace(s.rdg.getIterationSpace());

        for (Node node : s.rdg.getNodes()) {
            if (node instanceof OperationNode v) {
                Operation o = F.createOperation();
                o.setId(v.getId());
                o.setLabel(v.getLabel());
                o.setVariable(v.getVariable());
                o.setOp(v.getOp());
                o.setLine(v.getLine());
                o.setConditionSpace(v.getConditionSpace());
                PolySet tiled = PolySet.of(Domains.tiled(t, v.getConditionSpace()));
                o.setTiledSpace(tiled);
                Annotations.setSet(v, Annotations.Keys.TILED_SPACE, tiled.text());
                s.config.getOperations().add(o);
            }
        }
        for (Edge e : List.copyOf(s.rdg.getEdges())) {
            split(s, t, e);
        }
        s.config.getEdges().forEach(e -> Domains.edgeDomains(s.config, e));
    }

    private static String fresh(String base, Set<String> taken) {
        String r = base;
        while (!taken.add(r)) {
            r = r + "_";
        }
        return r;
    }

    private static void split(MappingState s, tessera.tcpa.symconf.Tiling t, Edge e) {
        DataEdge de = F.createDataEdge();
        de.setId(e.getId());
        de.setRdgEdge(e.getId());
        de.setSource(e.getSource().getId());
        de.setTarget(e.getTarget().getId());
        if (e instanceof OperandEdge oe) {
            de.setPos(oe.getPos());
        }
        int n = t.getIndices().size();
        if (e instanceof DependenceEdge dep) {
            de.setKind(EdgeKind.DEPENDENCE);
            de.setVariable(((OperationNode) e.getSource()).getVariable());
            int[] d = dep.getD().stream().mapToInt(Integer::intValue).toArray();
            dep.getD().forEach(de.getD()::add);
            if (java.util.Arrays.stream(d).allMatch(v -> v == 0)) {
                for (int x = 0; x < n; x++) {
                    de.getTheta().add(0);
                }
                de.getDelta().addAll(List.of(0, 0));
                s.config.getEdges().add(de);
                return;
            }
            List<int[]> thetas = Domains.thetas(d, t.getDistributed());
            int i = 1;
            for (int[] th : thetas) {
                DataEdge c = EcoreUtil.copy(de);
                c.setId(e.getId() + "." + i);
                for (int v : th) {
                    c.getTheta().add(v);
                }
                int[] delta = Domains.delta(t, th);
                c.getDelta().addAll(List.of(delta[0], delta[1]));
                s.config.getEdges().add(c);
                // the RDG gets the split copies (Fig. 3: e4¹, e4² dashed with δ)
                DependenceEdge copy = EcoreUtil.copy(dep);
                copy.setId(c.getId());
                copy.setSource(dep.getSource());
                copy.setTarget(dep.getTarget());
                Annotations.setInts(copy, Annotations.Keys.DELTA, delta[0], delta[1]);
                Annotations.setString(copy, Annotations.Keys.SPLIT_OF, e.getId());
                s.rdg.getEdges().add(s.rdg.getEdges().indexOf(dep) + i, copy);
                i++;
            }
            dep.setSource(null);
            dep.setTarget(null);
            s.rdg.getEdges().remove(dep);
            return;
        }
        if (e instanceof InputEdge in) {
            de.setKind(EdgeKind.INPUT);
            de.setVariable(in.getVariable());
            in.getD().forEach(de.getD()::add);
        } else if (e instanceof OutputEdge out) {
            de.setKind(EdgeKind.OUTPUT);
            de.setVariable(out.getVariable());
            out.getD().forEach(de.getD()::add);
        } else if (e instanceof ConstantEdge) {
            de.setKind(EdgeKind.CONSTANT);
            de.setConstant(((ConstantNode) e.getSource()).getValue());
        }
        s.config.getEdges().add(de);
    }
}
