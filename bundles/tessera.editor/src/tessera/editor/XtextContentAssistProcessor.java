package tessera.editor;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.TextEdit;

/** Content assist from the language's ide proposal provider (Ctrl+Space). */
public class XtextContentAssistProcessor implements IContentAssistProcessor {
    @Override
    public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
        XtextSupport.Parsed p = EditorFiles.parse(viewer.getDocument());
        if (p == null) {
            return new ICompletionProposal[0];
        }
        return toProposals(p, XtextSupport.proposals(p, offset), offset).toArray(ICompletionProposal[]::new);
    }

    static List<ICompletionProposal> toProposals(XtextSupport.Parsed p, List<CompletionItem> items, int offset) {
        List<ICompletionProposal> out = new ArrayList<>();
        for (CompletionItem item : items) {
            String text = item.getInsertText() != null ? item.getInsertText() : item.getLabel();
            int start = offset;
            int length = 0;
            if (item.getTextEdit() != null && item.getTextEdit().isLeft()) {
                TextEdit te = item.getTextEdit().getLeft();
                text = te.getNewText();
                start = p.offset(te.getRange().getStart());
                length = p.offset(te.getRange().getEnd()) - start;
            }
            String display = item.getLabel() + (item.getDetail() == null || item.getDetail().isEmpty() ? ""
                    : " — " + item.getDetail());
            out.add(new CompletionProposal(text, start, length, text.length(), null, display, null,
                    item.getDocumentation() == null ? null : String.valueOf(item.getDocumentation().get())));
        }
        return out;
    }

    @Override
    public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
        return null;
    }

    @Override
    public char[] getCompletionProposalAutoActivationCharacters() {
        return new char[] {'.', '[', '('};
    }

    @Override
    public char[] getContextInformationAutoActivationCharacters() {
        return null;
    }

    @Override
    public String getErrorMessage() {
        return null;
    }

    @Override
    public IContextInformationValidator getContextInformationValidator() {
        return null;
    }
}
