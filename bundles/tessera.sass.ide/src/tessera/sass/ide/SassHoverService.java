package tessera.sass.ide;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.ide.server.hover.HoverService;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

import tessera.sass.lang.SassAnalysis;
import tessera.sass.lang.SassHovers;

/** Hover on a SASS line: the decoded control code, the instruction's class, registers read and written, its block. */
public class SassHoverService extends HoverService {
    @Override
    public Hover hover(Document document, XtextResource resource, HoverParams params, CancelIndicator cancel) {
        int offset = document.getOffSet(params.getPosition());
        SassHovers.Hover h = SassHovers.at(SassAnalysis.of(resource), offset);
        if (h == null) {
            return new Hover(java.util.List.of());
        }
        Hover out = new Hover(new MarkupContent(MarkupKind.MARKDOWN, h.markdown()));
        if (h.range().isPresent()) {
            out.setRange(new org.eclipse.lsp4j.Range(document.getPosition(h.range().offset()),
                    document.getPosition(h.range().end())));
        }
        return out;
    }
}
