package tessera.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class path the plugin builds from the dist's jars, and the diagnostic lines it logs. */
class TesseraRuntimeTest {
    @Test
    void classPathKeepsTheNewestJarOfEachBundleLikeTheLauncher(@TempDir Path plugins) throws IOException {
        for (String jar : List.of("a_1.9.0.jar", "a_1.10.0.jar", "b.c_2.0.0.v20260209-1721.jar",
                "b.c_2.0.0.v20250101-0000.jar", "d_e_3.0.0.jar", "notes.txt")) {
            Files.writeString(plugins.resolve(jar), "");
        }
        List<String> names = TesseraRuntime.classPath(plugins).stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("a_1.10.0.jar", "b.c_2.0.0.v20260209-1721.jar", "d_e_3.0.0.jar"), names);
    }

    @Test
    void emptyPluginsFolderIsAOneLineError(@TempDir Path plugins) {
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> TesseraRuntime.classPath(plugins));
        assertTrue(e.getMessage().contains("delete that folder"), e.getMessage());
    }

    @Test
    void diagnosticsUseMavensCompilerFormatWithAnAbsolutePath() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("severity", "error");
        d.put("file", "sub/bad.ddg");
        d.put("line", 2.0);
        d.put("column", 13.0);
        d.put("message", "mismatched input");
        d.put("hint", "see docs/modsched.md");
        Path src = Path.of("/p/src/main/tessera");
        assertEquals("/p/src/main/tessera/sub/bad.ddg:[2,13] mismatched input (see docs/modsched.md)",
                AbstractTesseraMojo.format(src, d));
        d.put("hint", "");
        d.put("file", "");
        assertEquals("mismatched input", AbstractTesseraMojo.format(src, d));
    }
}
