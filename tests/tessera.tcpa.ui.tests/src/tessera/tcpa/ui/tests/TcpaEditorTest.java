package tessera.tcpa.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

import tessera.editor.XtextSupport;

/** The .tcpa language in Studio's editor bridge (services of tessera.tcpa.ide): problems, proposals, links. */
class TcpaEditorTest {
    static final String TEXT = """
            architecture t {
                grid rows 1 cols 2;
                futype ALU { instr add implements add latency 1 (reg, reg); }
                pe { fu alu0 : MAC; rd 1; fd 1 depth 0; }
                layer data { pe in 1 out 1; connect pe.out0 -> pe.in0; }
            }
            """;

    @Test
    void problemsProposalsAndDefinitions() {
        assertTrue(XtextSupport.supports("x.tcpa"));
        XtextSupport.Parsed p = XtextSupport.parse("x.tcpa", TEXT);
        List<String> problems = XtextSupport.validate(p).stream().map(Issue::getMessage).toList();
        assertTrue(problems.contains("unknown FU type MAC"), problems.toString());
        assertTrue(problems.contains("the maximum FD depth must be at least 1, not 0"), problems.toString());
        int typeRef = TEXT.indexOf("MAC");
        List<String> labels = XtextSupport.proposals(p, typeRef).stream().map(CompletionItem::getLabel).toList();
        assertTrue(labels.contains("ALU"), labels.toString());
        XtextSupport.Parsed ok = XtextSupport.parse("y.tcpa", TEXT.replace("MAC", "ALU"));
        assertEquals(1, XtextSupport.definitions(ok, TEXT.indexOf("MAC") + 1).size());
        assertTrue(XtextSupport.styles(ok).stream().anyMatch(s -> s.style().equals("keyword")));
    }
}
