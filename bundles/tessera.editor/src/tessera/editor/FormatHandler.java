package tessera.editor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;

/** Formats the whole Tessera file in the active editor with the language's formatter (Ctrl+Shift+F). */
public class FormatHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) {
        if (HandlerUtil.getActiveEditor(event) instanceof ITextEditor editor) {
            format(editor.getDocumentProvider().getDocument(editor.getEditorInput()));
        }
        return null;
    }

    /** Applies the formatter's edits, last first, so earlier offsets stay valid. */
    public static boolean format(IDocument doc) {
        XtextSupport.Parsed p = EditorFiles.parse(doc);
        if (p == null) {
            return false;
        }
        List<TextEdit> edits = new ArrayList<>(XtextSupport.format(p));
        edits.sort(Comparator.comparingInt((TextEdit e) -> p.offset(e.getRange().getStart())).reversed());
        try {
            for (TextEdit e : edits) {
                int s = p.offset(e.getRange().getStart());
                int end = p.offset(e.getRange().getEnd());
                doc.replace(s, end - s, e.getNewText());
            }
        } catch (BadLocationException e) {
            return false;
        }
        return !edits.isEmpty();
    }
}
