package tessera.dspace.services;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;

/** Hover text from {@code ///} lines right before a statement or value (Telamon's doc comments, seed 001a §4.4 row 22). */
public class ExhDocumentationProvider implements IEObjectDocumentationProvider {
    @Override
    public String getDocumentation(EObject o) {
        ICompositeNode node = NodeModelUtils.getNode(o);
        if (node == null) {
            return null;
        }
        // walk the document's leaves backwards from the element's first token, collecting /// lines
        int start = node.getTotalOffset();
        for (ILeafNode l : node.getLeafNodes()) {
            if (!l.isHidden()) {
                start = l.getTotalOffset();
                break;
            }
        }
        List<ILeafNode> before = new ArrayList<>();
        for (ILeafNode l : node.getRootNode().getLeafNodes()) {
            if (l.getTotalOffset() >= start) {
                break;
            }
            before.add(l);
        }
        List<String> lines = new ArrayList<>();
        for (int i = before.size() - 1; i >= 0; i--) {
            ILeafNode l = before.get(i);
            String t = l.getText().trim();
            if (!l.isHidden()) {
                break;
            }
            if (t.startsWith("///")) {
                lines.add(0, t.substring(3).trim());
            } else if (!t.isEmpty()) {
                break;
            }
        }
        return lines.isEmpty() ? null : String.join("\n", lines);
    }
}
