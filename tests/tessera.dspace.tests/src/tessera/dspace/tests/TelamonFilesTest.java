package tessera.dspace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.dspace.DspaceLoader;
import tessera.dspace.runtime.ir.QuotientDecl;

/**
 * Telamon's own files (test data in ../shared/telamon, unmodified) load as telamon-gen reads them: includes are textual,
 * so an included file sees every name of its includer, declared before or after the include.
 */
class TelamonFilesTest {
    private static final Path TELAMON = Fixtures.root().resolve("../shared/telamon").normalize();
    private static final Path SPACE = TELAMON.resolve("src/search_space");
    private static final Path EXTRA = TELAMON.resolve("telamon-gen/tests/extra");

    private static Path file(Path p) {
        assertTrue(Files.isRegularFile(p), "Telamon's .exh files (test data) are missing: " + p);
        return p;
    }

    /** The names that a regular expression finds in the five files: an oracle independent of the grammar. */
    private static Set<String> declared(Pattern p) throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(SPACE)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".exh")).toList()) {
                Matcher m = p.matcher(Files.readString(f));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }

    @Test
    void telamonsGpuSpaceLoadsWithEverySetAndChoice() throws IOException {
        DspaceLoader.Result r = DspaceLoader.load(file(SPACE.resolve("choices.exh")));
        assertTrue(r.ok(), r.diagnostics()::toString);
        assertEquals(List.of(), r.diagnostics().list().stream().filter(Diagnostic::isError).toList());
        assertEquals(5, r.specs().size(), "choices.exh and the four files it includes");
        Set<String> sets = new TreeSet<>(r.space().sets.keySet());
        r.space().quotients.stream().map(QuotientDecl::name).forEach(sets::add);
        assertEquals(declared(Pattern.compile("(?m)^\\s*(?:set|quotient)\\s+(\\w+)")), sets);
        Set<String> choices = declared(Pattern.compile("(?m)^\\s*define\\s+(?:enum|integer|(?:half\\s+|internal\\s+)?counter)\\s+(\\w+)"));
        assertFalse(choices.isEmpty());
        assertTrue(r.space().choices.keySet().containsAll(choices), () -> choices + " vs " + r.space().choices.keySet());
        // the thesis's six generic choices (§4.3.5) under Telamon's names; inst_flag is the thesis's cache
        assertTrue(r.space().choices.keySet().containsAll(List.of("dim_kind", "size", "order", "thread_mapping", "mem_space",
                "inst_flag", "dim_mapping", "memory_space", "tiling_factor")));
        assertEquals(3, r.space().triggers.size());
    }

    /** An included file opened alone in an editor finds its includer in the index and sees its names. */
    @Test
    void anIncludedFileSeesTheNamesOfItsIncluder() {
        XtextResourceSet rs = DspaceLoader.injector().getInstance(XtextResourceSet.class);
        rs.getResource(URI.createFileURI(file(SPACE.resolve("choices.exh")).toString()), true);
        Resource included = rs.getResource(URI.createFileURI(file(SPACE.resolve("instructions.exh")).toString()), true);
        EcoreUtil.resolveAll(rs);
        List<Issue> errors = DspaceLoader.injector().getInstance(IResourceValidator.class)
                .validate(included, CheckMode.ALL, CancelIndicator.NullImpl).stream()
                .filter(i -> i.getSeverity() == org.eclipse.xtext.diagnostics.Severity.ERROR).toList();
        assertEquals(List.of(), errors);
    }

    @Test
    void telamonGensFeatureTestsAllLoad() throws IOException {
        List<String> failed = new ArrayList<>();
        try (Stream<Path> files = Files.list(TELAMON.resolve("telamon-gen/cc_tests/src"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".exh")).sorted().toList()) {
                DspaceLoader.Result r = DspaceLoader.load(f);
                if (!r.ok()) {
                    failed.add(r.diagnostics().toString());
                }
            }
        }
        assertEquals(List.of(), failed);
    }

    /** telamon-gen's lexer test lexer_include_set: set Aa, then c.exh's Cc in place of the include, then Bb. */
    @Test
    void anIncludeStandsWhereItIsWritten() {
        DspaceLoader.Result r = DspaceLoader.load(file(EXTRA.resolve("set/acb.exh")));
        assertTrue(r.ok(), r.diagnostics()::toString);
        assertEquals(List.of("Aa", "Cc", "Bb"), List.copyOf(r.space().sets.keySet()));
    }

    @Test
    void includesAreRelativeToTheIncludingFile() {
        DspaceLoader.Result r = DspaceLoader.load(file(EXTRA.resolve("sub/include_foo.exh")));
        assertTrue(r.ok(), r.diagnostics()::toString);
        assertEquals(2, r.specs().size());
        assertTrue(r.specs().get(1).eResource().getURI().path().endsWith("/sub/enum_foo.exh"));
        DspaceLoader.Result fooBar = DspaceLoader.load(file(EXTRA.resolve("foo_bar.exh")));
        assertEquals(List.of("foo", "bar"), List.copyOf(fooBar.space().choices.keySet()));
    }

    /** telamon-gen reads include_a.exh ↔ include_b.exh forever (its test is #[ignore]d); we report the cycle. */
    @Test
    void anIncludeCycleIsAnErrorAtTheIncludeThatClosesIt() {
        DspaceLoader.Result r = DspaceLoader.load(file(EXTRA.resolve("include_a.exh")));
        assertFalse(r.ok());
        Diagnostic d = r.diagnostics().list().get(0);
        assertTrue(d.file().endsWith("include_b.exh") && d.line() == 1 && d.column() == 1, d::toString);
        assertEquals("include cycle: include_a.exh \u2192 include_b.exh \u2192 include_a.exh", d.message());
    }

    @Test
    void aMissingIncludeIsAnErrorWithItsPosition() {
        DspaceLoader.Result r = DspaceLoader.loadText("/t/main.exh", "set S: end\n  include \"nowhere.exh\"\n",
                p -> java.util.Optional.empty());
        assertFalse(r.ok());
        Diagnostic d = r.diagnostics().list().get(0);
        assertEquals("/t/main.exh:2:3", d.file() + ":" + d.line() + ":" + d.column());
        assertTrue(d.message().contains("cannot include \"nowhere.exh\""), d::toString);
    }
}
