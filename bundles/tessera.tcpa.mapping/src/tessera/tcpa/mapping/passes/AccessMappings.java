package tessera.tcpa.mapping.passes;

import java.util.List;
import java.util.Map;

import tessera.core.poly.PolySet;
import tessera.core.poly.IntegerSet;
import tessera.core.poly.TiledSet;
import tessera.rdg.Edge;
import tessera.rdg.InputEdge;
import tessera.rdg.Matrix;
import tessera.rdg.OutputEdge;
import tessera.tcpa.mapping.Domains;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.symconf.AccessMapping;
import tessera.tcpa.symconf.DataEdge;
import tessera.tcpa.symconf.EdgeKind;
import tessera.tcpa.symconf.SymconfFactory;
import tessera.tcpa.symconf.Tiling;

/**
 * Seed 003 §5.6 access mappings a = (reg, x, α = (Q, d), 𝓐) for every input and output edge. Convention (P8): 𝓐 is
 * the tiled condition space of the adjacent operation node (I/O nodes have none); α keeps Eq. (1)'s −d (P7).
 * I/O reached by interior PEs of a 2-D region needs runtime bank routing (P26): a warning "not at the border".
 */
public final class AccessMappings {
    public void apply(MappingState s) {
        Tiling t = s.config.getTiling();
        List<Map<String, Long>> samples = tessera.tcpa.mapping.Instances.sample(s.config, 4);
        for (DataEdge e : s.config.getEdges()) {
            if (e.getKind() != EdgeKind.INPUT && e.getKind() != EdgeKind.OUTPUT) {
                continue;
            }
            boolean input = e.getKind() == EdgeKind.INPUT;
            Edge re = s.rdg.getEdges().stream().filter(x -> x.getId().equals(e.getRdgEdge())).findFirst().orElseThrow();
            Matrix q = re instanceof InputEdge in ? in.getQ() : ((OutputEdge) re).getQ();
            AccessMapping a = SymconfFactory.eINSTANCE.createAccessMapping();
            a.setEdge(e.getId());
            a.setInput(input);
            a.setRegister(input ? e.getRegRead() : e.getRegWrite());
            a.setVariable(e.getVariable());
            a.setQRows(q == null ? 0 : q.getRows());
            if (q != null) {
                a.getQ().addAll(q.getEntries());
            }
            a.getD().addAll(e.getD());
            String opId = input ? e.getTarget() : e.getSource();
            TiledSet space = Domains.tiled(t, s.operation(opId).getConditionSpace());
            a.setAccessSpace(PolySet.of(space));
            boolean interior = reachesInterior(t, space, samples);
            a.setBorder(interior ? "interior" : "border");
            if (interior) {
                s.warning(s.line(opId), "I/O not at the border: " + (input ? "input " : "output ") + e.getVariable()
                        + " is accessed by interior PEs of the region, so its banks need runtime routing (seed 003 §6.4, P26)",
                        "let only the first/last tiles of a distributed index touch " + e.getVariable()
                                + " (e.g. propagate it from the border through the array)");
            }
            s.config.getAccessMappings().add(a);
        }
    }

    /** With two distributed dims, interior PEs are 1 ≤ k_r ≤ t_r − 2 and 1 ≤ k_c ≤ t_c − 2; decided on the samples. */
    static boolean reachesInterior(Tiling t, TiledSet space, List<Map<String, Long>> samples) {
        if (t.getDistributed().size() < 2) {
            return false; // a 1-D PE row: every PE touches a border buffer (Fig. 8)
        }
        StringBuilder sb = new StringBuilder();
        for (int x : t.getDistributed()) {
            String k = t.getInterIndices().get(x);
            sb.append(sb.length() > 0 ? " and " : "").append("1 <= ").append(k).append(" <= ").append(t.getTileCounts().get(x)).append(" - 2");
        }
        IntegerSet interior = IntegerSet.parse(sb.toString(), Domains.embedding(t).localSpace().dims());
        for (Map<String, Long> i : samples) {
            if (!space.concretize(i).intersect(interior.fix(i)).isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
