package tessera.core.tests.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * {@code docs/architecture.md} lists every bundle under {@code bundles/} with its real {@code tessera.*} dependencies
 * (the MANIFESTs' {@code Require-Bundle}), so the document cannot drift from the code.
 */
class ArchitectureDocTest {
    /** The repository root (shared test support: {@code -Dtessera.root}, else the first folder upwards with examples/ and bundles/). */
    static Path root() {
        return tessera.testing.Fixtures.root();
    }

    /** Every {@code bundles/X/META-INF/MANIFEST.MF}, keyed by bundle folder name. */
    static Map<String, String> manifests(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(root.resolve("bundles"))) {
            for (Path d : dirs.sorted().toList()) {
                Path mf = d.resolve("META-INF/MANIFEST.MF");
                if (Files.isRegularFile(mf)) {
                    out.put(d.getFileName().toString(), Files.readString(mf));
                }
            }
        }
        return out;
    }

    static String doc(Path root) throws IOException {
        return Files.readString(root.resolve("docs/architecture.md"));
    }

    @Test
    void bundleTableMatchesTheManifests() throws IOException {
        Path root = root();
        Map<String, String> manifests = manifests(root);
        assertTrue(manifests.size() > 10, "too few bundles found under " + root.resolve("bundles"));
        BundleTable.Result result = BundleTable.check(doc(root), manifests);
        assertTrue(result.ok(), result::message);
    }

    @Test
    void everyBundleFolderHoldsTheBundleOfItsName() throws IOException {
        manifests(root()).forEach((dir, mf) -> assertEquals(dir, BundleTable.symbolicName(mf), "bundles/" + dir));
    }

    @Test
    void anAddedManifestDependencyFailsWithTheCorrectRow() throws IOException {
        Path root = root();
        Map<String, String> manifests = new LinkedHashMap<>(manifests(root));
        String doc = doc(root);
        // a dependency the document cannot list: palmed requiring the decision-space runtime
        String palmed = manifests.get("tessera.palmed");
        assertNotNull(palmed);
        assertFalse(BundleTable.tesseraRequirements(palmed).contains("tessera.dspace.runtime"));
        manifests.put("tessera.palmed", palmed.replaceFirst("Require-Bundle: ", "Require-Bundle: tessera.dspace.runtime;visibility:=reexport,\n "));
        BundleTable.Result result = BundleTable.check(doc, manifests);
        assertFalse(result.ok());
        // one problem more than the real tree has (none once the document is right)
        assertEquals(BundleTable.check(doc, manifests(root)).problems().size() + 1, result.problems().size(), result::message);
        String message = result.message();
        assertTrue(message.contains("`tessera.palmed`: required by the MANIFEST, missing from the table: [tessera.dspace.runtime]"), message);
        BundleTable.Row fixed = result.correctTable().stream().filter(r -> r.bundle().equals("tessera.palmed")).findFirst().orElseThrow();
        assertTrue(fixed.dependencies().contains("tessera.dspace.runtime"), fixed::markdown);
        assertTrue(message.contains(fixed.markdown()), message);
        // copying the corrected table into the document makes the check pass
        String corrected = replaceTable(doc, result);
        assertTrue(BundleTable.check(corrected, manifests).ok(), () -> BundleTable.check(corrected, manifests).message());
    }

    @Test
    void aMissingBundleAStaleRowAndARemovedDependencyFail() throws IOException {
        Path root = root();
        Map<String, String> manifests = new LinkedHashMap<>(manifests(root));
        String doc = doc(root);
        manifests.put("tessera.fresh", "Manifest-Version: 1.0\nBundle-SymbolicName: tessera.fresh;singleton:=true\n"
                + "Require-Bundle: tessera.core,\n org.antlr.runtime;bundle-version=\"[3.2.0,3.2.1)\",\n tessera.rdg\n");
        assertNotNull(manifests.remove("tessera.cli"));
        String modsched = manifests.get("tessera.modsched");
        String changed = modsched.replace("Require-Bundle: tessera.core", "Require-Bundle: org.example.core");
        assertFalse(changed.equals(modsched), "tessera.modsched's MANIFEST no longer starts Require-Bundle with tessera.core: adapt the test");
        manifests.put("tessera.modsched", changed);
        BundleTable.Result result = BundleTable.check(doc, manifests);
        String message = result.message();
        assertEquals(BundleTable.check(doc, manifests(root)).problems().size() + 3, result.problems().size(), message);
        assertTrue(message.contains("bundle `tessera.fresh` has no row; add:\n      | `tessera.fresh` | TODO: what it holds | `tessera.core`, `tessera.rdg` |"), message);
        assertTrue(message.contains("row `tessera.cli` names no bundle"), message);
        assertTrue(message.contains("`tessera.modsched`: listed in the table, not required by the MANIFEST: [tessera.core]"), message);
        String corrected = replaceTable(doc, result);
        assertTrue(BundleTable.check(corrected, manifests).ok(), () -> BundleTable.check(corrected, manifests).message());
    }

    @Test
    void manifestHeadersAreReadLikeOsgi() {
        String mf = "Manifest-Version: 1.0\r\nBundle-SymbolicName: tessera.x;singleton:=true\r\n"
                + "Require-Bundle: org.eclipse.xtext;visibility:=reexport,\r\n org.antlr.runtime;bundle-version=\"[3.2.0,3.2.1)\",\r\n"
                + " tessera.core,\r\n tessera.mod\r\n sched.rdg;visibility:=reexport,tessera.pla;resolution:=optional\r\n"
                + "Import-Package: tessera.notabundle\r\n\r\nName: tessera/x\r\nRequire-Bundle: tessera.ignored\r\n";
        assertEquals("tessera.x", BundleTable.symbolicName(mf));
        assertEquals(Set.of("tessera.core", "tessera.modsched.rdg", "tessera.pla"), BundleTable.tesseraRequirements(mf));
        assertEquals(Set.of(), BundleTable.tesseraRequirements("Manifest-Version: 1.0\nBundle-SymbolicName: tessera.core\n"));
    }

    @Test
    void tableRowsKeepProseAboutOtherDependencies() {
        String doc = "# T\n\n## Bundles\n\n" + BundleTable.HEADER + "\n"
                + "| `tessera.a` | things, with `code \\| pipes` | `tessera.core`, Xtext, EMF |\n"
                + "| `tessera.core` | core | Gson; OSGi framework optional |\n"
                + "\n## Next\n\n| `tessera.b` | not in the section | — |\n";
        List<BundleTable.Row> rows = BundleTable.parseTable(doc);
        assertEquals(2, rows.size());
        assertEquals(new BundleTable.Row("tessera.a", "things, with `code \\| pipes`", Set.of("tessera.core"), "Xtext, EMF"), rows.get(0));
        assertEquals("| `tessera.a` | things, with `code \\| pipes` | `tessera.core`, Xtext, EMF |", rows.get(0).markdown());
        assertEquals("| `tessera.core` | core | Gson; OSGi framework optional |", rows.get(1).markdown());
        assertEquals("| `tessera.b` | x | — |", new BundleTable.Row("tessera.b", "x", Set.of(), "").markdown());
    }

    /** {@code doc} with the table under "## Bundles" replaced by {@code result}'s corrected table. */
    private static String replaceTable(String doc, BundleTable.Result result) {
        StringBuilder table = new StringBuilder(BundleTable.HEADER).append('\n');
        result.correctTable().forEach(r -> table.append(r.markdown()).append('\n'));
        int section = doc.indexOf("\n## Bundles\n");
        int start = doc.indexOf("\n| bundle |", section) + 1;
        int end = start;
        while (end < doc.length() && doc.charAt(end) == '|') {
            end = doc.indexOf('\n', end) + 1;
        }
        return doc.substring(0, start) + table + doc.substring(end);
    }
}
