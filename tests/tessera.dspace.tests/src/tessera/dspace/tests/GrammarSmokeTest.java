package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.junit.jupiter.api.Test;

import com.google.inject.Injector;

import tessera.dspace.ExhStandaloneSetup;
import tessera.dspace.exh.Specification;

class GrammarSmokeTest {
    @Test
    void parsesListing312() throws Exception {
        Injector injector = new ExhStandaloneSetup().createInjectorAndDoEMFRegistration();
        XtextResourceSet rs = injector.getInstance(XtextResourceSet.class);
        Resource r = rs.createResource(URI.createURI("dummy:/a.exh"));
        String text = SchedulingTest.SPACE; // Listing 3.12 (examples/dspace/scheduling.exh)
        r.load(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), null);
        assertTrue(r.getErrors().isEmpty(), () -> r.getErrors().toString());
        Specification spec = (Specification) r.getContents().get(0);
        assertEquals(3, spec.getStatements().size());
    }
}
