package tessera.pla.ide;

import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.GrammarUtil;
import org.eclipse.xtext.Keyword;
import org.eclipse.xtext.RuleCall;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;

import tessera.rdg.interp.Ops;

/**
 * Content assist: variables, parameters and indices come from the scopes (cross-references); operation keywords
 * carry their semantics as description (seed 003 §3.2 PE operations); punctuation is not proposed.
 */
public class PlaIdeContentProposalProvider extends IdeContentProposalProvider {
    /** Operation names are keywords of the datatype rules FunctionOp/InfixOp, which the follow set does not expand. */
    @Override
    protected void _createProposals(Assignment assignment, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        if (assignment.getTerminal() instanceof RuleCall rc && rc.getRule() != null
                && ("FunctionOp".equals(rc.getRule().getName()) || "InfixOp".equals(rc.getRule().getName()))) {
            for (Keyword k : GrammarUtil.containedKeywords(rc.getRule())) {
                _createProposals(k, context, acceptor);
            }
            return;
        }
        super._createProposals(assignment, context, acceptor);
    }

    @Override
    protected void _createProposals(Keyword keyword, ContentAssistContext context, IIdeContentProposalAcceptor acceptor) {
        String v = keyword.getValue();
        if (v.isEmpty()) {
            return;
        }
        var op = Ops.lookup(v).orElse(null);
        if (op == null) {
            super._createProposals(keyword, context, acceptor);
            return;
        }
        if (!getProposalCreator().isValidProposal(v, context.getPrefix(), context)) {
            return;
        }
        ContentAssistEntry e = getProposalCreator().createProposal(v, context);
        if (e != null) {
            e.setKind(ContentAssistEntry.KIND_FUNCTION);
            e.setDescription(op.description());
            acceptor.accept(e, getProposalPriorities().getKeywordPriority(keyword.getValue(), e));
        }
    }
}
