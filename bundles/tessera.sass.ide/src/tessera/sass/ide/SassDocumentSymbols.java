package tessera.sass.ide;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.Document;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.util.CancelIndicator;

import tessera.regdem.sass.Range;
import tessera.sass.lang.SassAnalysis;
import tessera.sass.lang.SassOutline;

/** The outline by basic block ({@link SassOutline}) as LSP document symbols, hierarchical and flat. */
public final class SassDocumentSymbols {
    private SassDocumentSymbols() {
    }

    public static List<DocumentSymbol> symbols(XtextResource resource) {
        SassAnalysis a = SassAnalysis.of(resource);
        Document doc = new Document(1, a.text());
        List<DocumentSymbol> out = new ArrayList<>();
        for (SassOutline.Symbol s : SassOutline.of(a)) {
            out.add(convert(doc, s));
        }
        return out;
    }

    private static DocumentSymbol convert(Document doc, SassOutline.Symbol s) {
        DocumentSymbol d = new DocumentSymbol(s.name(), kind(s.kind()), range(doc, s.range()), range(doc, s.selection()),
                s.detail());
        List<DocumentSymbol> children = new ArrayList<>();
        for (SassOutline.Symbol c : s.children()) {
            children.add(convert(doc, c));
        }
        d.setChildren(children);
        return d;
    }

    private static SymbolKind kind(SassOutline.Kind k) {
        return switch (k) {
            case KERNEL -> SymbolKind.Module;
            case HEADER -> SymbolKind.Property;
            case BLOCK -> SymbolKind.Namespace;
            case LOOP_BLOCK -> SymbolKind.Class;
            case INSTRUCTION -> SymbolKind.Function;
        };
    }

    private static org.eclipse.lsp4j.Range range(Document doc, Range r) {
        int from = Math.max(0, r.offset());
        return new org.eclipse.lsp4j.Range(doc.getPosition(from), doc.getPosition(from + Math.max(0, r.length())));
    }

    private static void flatten(List<DocumentSymbol> in, List<DocumentSymbol> out) {
        for (DocumentSymbol s : in) {
            out.add(new DocumentSymbol(s.getName(), s.getKind(), s.getRange(), s.getSelectionRange(), s.getDetail()));
            if (s.getChildren() != null) {
                flatten(s.getChildren(), out);
            }
        }
    }

    /** For clients with hierarchical document symbols (and the Studio outline). */
    public static class Hierarchical extends org.eclipse.xtext.ide.server.symbol.HierarchicalDocumentSymbolService {
        @Override
        public List<DocumentSymbol> getSymbols(XtextResource resource, CancelIndicator cancelIndicator) {
            return symbols(resource);
        }
    }

    /** For clients without: every entry at the top level. */
    public static class Flat extends org.eclipse.xtext.ide.server.symbol.DocumentSymbolService {
        @Override
        public List<DocumentSymbol> getSymbols(XtextResource resource, CancelIndicator cancelIndicator) {
            List<DocumentSymbol> out = new ArrayList<>();
            flatten(symbols(resource), out);
            return out;
        }
    }
}
