package tessera.editor;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.jface.text.IDocument;

/** Finds the file behind a document, so the bridge can pick the file's language. */
final class EditorFiles {
    private EditorFiles() {
    }

    /** The file-system URI string of the document's file (includes resolve against it), or null. */
    static String pathOf(IDocument doc) {
        if (doc == null) {
            return null;
        }
        ITextFileBuffer b = FileBuffers.getTextFileBufferManager().getTextFileBuffer(doc);
        if (b == null) {
            return null;
        }
        try {
            if (b.getFileStore() != null) {
                return b.getFileStore().toURI().toString();
            }
        } catch (RuntimeException e) {
            // fall back to the buffer location
        }
        return b.getLocation() == null ? null : b.getLocation().toString();
    }

    /** Parses the document if a Tessera language reads its file. */
    static XtextSupport.Parsed parse(IDocument doc) {
        String path = pathOf(doc);
        if (path == null || !XtextSupport.supports(path)) {
            return null;
        }
        return XtextSupport.parse(path, doc.get());
    }
}
