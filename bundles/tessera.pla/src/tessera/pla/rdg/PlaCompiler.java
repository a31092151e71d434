package tessera.pla.rdg;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;

import com.google.inject.Injector;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;
import tessera.pla.PlaStandaloneSetup;
import tessera.pla.pla.Model;
import tessera.rdg.Rdg;
import tessera.xtext.XtextLanguage;

/**
 * Headless front end: parse + validate a .pla text (Xtext through {@link XtextLanguage}: standalone injector created
 * once, issues as diagnostics with the PLA's hints per rule code) and build its RDG. Used by the CLI, the builder
 * pass, the diagram provider and the tests. Thread-safe (one resource set per call unless the caller gives one).
 */
public final class PlaCompiler {
    /** A parsed and validated file: model (null if nothing parsed), resource, diagnostics, and the RDG if clean. */
    public record Compiled(Model model, XtextResource resource, Diagnostics diagnostics, Rdg rdg) {
        public boolean ok() {
            return rdg != null && !diagnostics.hasErrors();
        }
    }

    private static final XtextLanguage PLA = new XtextLanguage("pla",
            () -> new PlaStandaloneSetup().createInjectorAndDoEMFRegistration(), i -> PlaDiagnostics.hint(i.getCode()));
    private static final AtomicLong COUNTER = new AtomicLong();

    private PlaCompiler() {
    }

    /** The language's injector (created once, registers the EPackage). */
    public static Injector injector() {
        return PLA.injector();
    }

    public static XtextResourceSet newResourceSet() {
        return injector().getInstance(XtextResourceSet.class);
    }

    /** Parses and validates {@code text}; builds the RDG when there are no errors. */
    public static Compiled compile(String fileName, String text) {
        return compile(newResourceSet(), fileName, text, true);
    }

    /**
     * Parses and validates in the given resource set (the resource is removed from the set afterwards, so a set
     * can be reused for many files); builds the RDG when {@code buildRdg} and there are no errors.
     */
    public static Compiled compile(XtextResourceSet rs, String fileName, String text, boolean buildRdg) {
        String base = tessera.core.pass.GenPaths.baseName(fileName == null ? "input.pla" : fileName);
        XtextResource r = (XtextResource) rs.createResource(
                URI.createURI("tessera-pla:/" + COUNTER.incrementAndGet() + "/" + base.replaceAll("[^A-Za-z0-9_.-]", "_") + ".pla"));
        try {
            r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Map.of());
        } catch (IOException e) {
            rs.getResources().remove(r);
            Diagnostics ds = new Diagnostics().add(Diagnostic.error(fileName, 0, "cannot read: " + e.getMessage(), ""));
            return new Compiled(null, r, ds, null);
        }
        Diagnostics ds = PLA.diagnostics(fileName, r);
        Model m = r.getContents().isEmpty() || !(r.getContents().get(0) instanceof Model mm) ? null : mm;
        Rdg rdg = null;
        if (m == null && !ds.hasErrors()) {
            ds.add(Diagnostic.error(fileName, 1, "empty file: a PLA needs 'for <ranges> do <equations>'", ""));
        }
        if (m != null && !ds.hasErrors() && buildRdg) {
            PlaToRdg.Result res = PlaToRdg.build(m, fileName);
            rdg = res.rdg();
            for (Diagnostic d : res.diagnostics()) {
                // the validator reported these already; added only if it did not run (never twice)
                if (ds.list().stream().noneMatch(v -> v.severity() == d.severity() && v.line() == d.line()
                        && v.message().equals(d.message()))) {
                    ds.add(d);
                }
            }
        }
        rs.getResources().remove(r);
        return new Compiled(m, r, ds, rdg);
    }
}
