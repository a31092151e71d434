package tessera.ddg.lang;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;

import tessera.ddg.ddg.Edge;
import tessera.ddg.ddg.Issue;
import tessera.ddg.ddg.Loop;
import tessera.ddg.ddg.Machine;
import tessera.ddg.ddg.Op;
import tessera.ddg.ddg.Resource;
import tessera.ddg.ddg.Use;

/** Hover texts: what a machine, resource, loop or operation is, with the defaults spelled out. */
public class DdgDocumentationProvider implements IEObjectDocumentationProvider {
    @Override
    public String getDocumentation(EObject o) {
        if (o instanceof Resource r) {
            return "resource **" + r.getName() + "**: " + r.getCount() + (r.getCount() == 1 ? " unit" : " units") + ", "
                    + (r.isBusy() ? "not pipelined, busy " + r.getCycles() + " cycles per operation" : "pipelined");
        }
        if (o instanceof Machine m) {
            List<Resource> rs = EcoreUtil2.typeSelect(m.getItems(), Resource.class);
            List<Issue> is = EcoreUtil2.typeSelect(m.getItems(), Issue.class);
            return "machine **" + m.getName() + "**: " + rs.stream().map(r -> r.getCount() + "×" + r.getName())
                    .collect(Collectors.joining(", ")) + (is.isEmpty() ? ", unlimited issue"
                            : ", issue width " + is.get(is.size() - 1).getWidth());
        }
        if (o instanceof Loop l) {
            long ops = l.getItems().stream().filter(Op.class::isInstance).count();
            long edges = l.getItems().stream().filter(Edge.class::isInstance).count();
            String m = l.getMachine() == null || l.getMachine().eIsProxy() ? "?" : l.getMachine().getName();
            return "loop **" + l.getName() + "** on machine " + m + ": " + ops + " operations, " + edges
                    + " dependences";
        }
        if (o instanceof Op op) {
            String res = op.getResource() == null || op.getResource().eIsProxy() ? "?" : op.getResource().getName();
            StringBuilder sb = new StringBuilder("operation **" + op.getName() + "** on " + res + ", latency "
                    + (op.isHasLatency() ? op.getLatency() : 1) + (op.isHasLatency() ? "" : " (default)"));
            if (!op.getUses().isEmpty()) {
                sb.append(", reserves ");
                sb.append(op.getUses().stream().map(DdgDocumentationProvider::use).collect(Collectors.joining(", ")));
            } else if (op.getResource() != null && !op.getResource().eIsProxy()) {
                int busy = op.getResource().isBusy() ? op.getResource().getCycles() : 1;
                sb.append(", reserves ").append(res).append("@0").append(busy > 1 ? ".." + (busy - 1) : "");
            }
            return sb.toString();
        }
        return null;
    }

    private static String use(Use u) {
        String r = u.getResource() == null || u.getResource().eIsProxy() ? "?" : u.getResource().getName();
        return r + "@" + u.getFrom() + (u.isRange() ? ".." + u.getTo() : "");
    }
}
