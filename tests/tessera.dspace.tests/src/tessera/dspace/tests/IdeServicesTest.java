package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.documentation.IEObjectDocumentationProvider;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.eclipse.xtext.ide.editor.contentassist.antlr.ContentAssistContextFactory;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.TextRegion;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

import tessera.dspace.exh.ChoiceInstance;
import tessera.dspace.exh.EnumChoice;
import tessera.dspace.exh.EnumValue;
import tessera.dspace.exh.IsCondition;
import tessera.dspace.exh.Specification;
import tessera.dspace.ide.ExhIdeSetup;

/** Editor services the integrator's bridge uses: hover (/// docs), go-to-definition, references, content assist. */
class IdeServicesTest {
    static final String TEXT = SchedulingTest.SPACE;
    static Injector ide;

    static synchronized Injector ide() {
        if (ide == null) {
            ide = new ExhIdeSetup().createInjectorAndDoEMFRegistration();
        }
        return ide;
    }

    static XtextResource load(String text) throws Exception {
        XtextResourceSet rs = ide().getInstance(XtextResourceSet.class);
        XtextResource r = (XtextResource) rs.createResource(URI.createURI("dummy:/ide.exh"));
        r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
        EcoreUtil.resolveAll(r);
        return r;
    }

    @Test
    void hoverShowsTripleSlashDocs() throws Exception {
        XtextResource r = load(TEXT);
        Specification s = (Specification) r.getContents().get(0);
        EnumChoice order = (EnumChoice) s.getStatements().get(1);
        IEObjectDocumentationProvider docs = ide().getInstance(IEObjectDocumentationProvider.class);
        assertEquals("Relative order of two instructions.", docs.getDocumentation(order));
        assertEquals("$lhs executes before $rhs.", docs.getDocumentation(order.getStmts().get(0)));
    }

    @Test
    void referencesResolveToDeclarations() throws Exception {
        XtextResource r = load(TEXT);
        List<ChoiceInstance> uses = new ArrayList<>();
        List<EnumValue> values = new ArrayList<>();
        r.getAllContents().forEachRemaining(o -> {
            if (o instanceof ChoiceInstance ci) {
                uses.add(ci);
            }
            if (o instanceof IsCondition is) {
                values.addAll(is.getValues().getValues().stream().map(v -> (EnumValue) v).toList());
            }
        });
        Specification s = (Specification) r.getContents().get(0);
        EObject order = s.getStatements().get(1);
        assertEquals(3, uses.size());
        assertTrue(uses.stream().allMatch(u -> u.getChoice() == order), "go-to-definition of order(...)");
        assertTrue(values.stream().allMatch(v -> v.eContainer() == order && v.getName().equals("BEFORE")));
        // find references: every reference to the declaration of order
        var refs = EcoreUtil.UsageCrossReferencer.find(order, r);
        assertEquals(3, refs.size());
    }

    @Test
    void onSaveGeneratorWritesThePropagators() throws Exception {
        XtextResource r = load(TEXT);
        org.eclipse.xtext.generator.InMemoryFileSystemAccess fsa = new org.eclipse.xtext.generator.InMemoryFileSystemAccess();
        ide().getInstance(tessera.dspace.generator.ExhGenerator.class).doGenerate(r, fsa,
                new org.eclipse.xtext.generator.GeneratorContext());
        assertEquals(1, fsa.getAllFiles().size(), fsa.getAllFiles().keySet()::toString);
        assertTrue(fsa.getAllFiles().values().iterator().next().toString().contains("class IdePropagators"));
    }

    @Test
    void contentAssistProposesValuesOfTheComparedEnum() throws Exception {
        String text = TEXT + "\nrequire forall $a in Instructions:\n  forall $b in Instructions:\n    order($a, $b) is ";
        XtextResource r = load(text);
        ContentAssistContextFactory f = ide().getInstance(ContentAssistContextFactory.class);
        ExecutorService pool = Executors.newCachedThreadPool();
        try {
            f.setPool(pool);
            ContentAssistContext[] ctxs = f.create(text, new TextRegion(text.length(), 0), text.length(), r);
            IdeContentProposalProvider pp = ide().getInstance(IdeContentProposalProvider.class);
            IdeContentProposalAcceptor acc = ide().getInstance(IdeContentProposalAcceptor.class);
            pp.createProposals(Arrays.asList(ctxs), acc);
            List<String> proposals = new ArrayList<>();
            for (ContentAssistEntry e : acc.getEntries()) {
                proposals.add(e.getProposal());
            }
            assertNotNull(proposals);
            assertTrue(proposals.contains("BEFORE") && proposals.contains("AFTER"), proposals::toString);
            assertTrue(proposals.contains("not"), proposals::toString);
        } finally {
            pool.shutdownNow();
        }
    }
}
