package tessera.cli.lsp;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.ide.server.BuildManager;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.WorkspaceManager;
import org.eclipse.xtext.nodemodel.ICompositeNode;
import org.eclipse.xtext.resource.XtextResource;

import com.google.inject.Singleton;

/**
 * Xtext's workspace manager with {@link ClampedDocument}s: every open document (and the view of a file that is not
 * open) clamps positions to its text, so no request fails on a position outside the document (issue 22).
 */
@Singleton
public class TesseraWorkspaceManager extends WorkspaceManager {
    @Override
    public BuildManager.Buildable didOpen(URI uri, Integer version, String contents) {
        BuildManager.Buildable build = super.didOpen(uri, version, contents);
        getOpenDocuments().put(uri, new ClampedDocument(version, contents));
        return build;
    }

    /** The open document, or the text of a file in the workspace that is not open (empty when it did not parse). */
    @Override
    protected Document getDocument(XtextResource resource) {
        Document open = getOpenDocuments().get(resource.getURI());
        if (open != null) {
            return open;
        }
        ICompositeNode root = resource.getParseResult() == null ? null : resource.getParseResult().getRootNode();
        return new ClampedDocument(1, root == null ? "" : root.getText());
    }
}
