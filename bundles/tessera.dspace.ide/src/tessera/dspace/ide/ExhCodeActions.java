package tessera.dspace.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.xtext.ide.server.codeActions.ICodeActionService2;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;

import com.google.inject.Inject;

/**
 * Quick fixes of the digest §4.6 checks (LSP code actions): an issue whose data starts with a replacement text (e.g.
 * {@code '='} in a condition → {@code '=='}) offers "Replace with …" on its range.
 */
public class ExhCodeActions implements ICodeActionService2 {
    @Inject
    private IResourceValidator validator;

    @Override
    public List<Either<Command, CodeAction>> getCodeActions(Options o) {
        if (o.getResource() != null && o.getDocument() != null) {
            return actions(o, o.getResource(), o.getDocument());
        }
        // the server passes neither resource nor document: read them (we are inside its read request already)
        return o.getLanguageServerAccess().doSyncRead(o.getURI(), ctx -> actions(o, ctx.getResource(), ctx.getDocument()));
    }

    private List<Either<Command, CodeAction>> actions(Options o, org.eclipse.emf.ecore.resource.Resource resource,
            org.eclipse.xtext.ide.server.Document doc) {
        List<Either<Command, CodeAction>> r = new ArrayList<>();
        Range asked = o.getCodeActionParams().getRange();
        for (Issue i : validator.validate(resource, CheckMode.ALL, o.getCancelIndicator())) {
            String[] data = i.getData();
            if (data == null || data.length == 0 || data[0] == null || data[0].isEmpty() || i.getOffset() == null) {
                continue;
            }
            Range range = new Range(doc.getPosition(i.getOffset()), doc.getPosition(i.getOffset() + i.getLength()));
            if (before(range.getEnd(), asked.getStart()) || before(asked.getEnd(), range.getStart())) {
                continue;
            }
            CodeAction a = new CodeAction("Replace with '" + data[0] + "'");
            a.setKind(CodeActionKind.QuickFix);
            a.setEdit(new WorkspaceEdit(Map.of(o.getURI(), List.of(new TextEdit(range, data[0])))));
            r.add(Either.forRight(a));
        }
        return r;
    }

    private static boolean before(Position a, Position b) {
        return a.getLine() < b.getLine() || a.getLine() == b.getLine() && a.getCharacter() < b.getCharacter();
    }
}
