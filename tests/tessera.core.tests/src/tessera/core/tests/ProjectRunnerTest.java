package tessera.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;
import tessera.core.pass.PassRegistry;
import tessera.core.pass.ProjectRunner;
import tessera.core.pass.ProjectRunner.PassRun;

class ProjectRunnerTest {
    /** Upper-cases .txt files into gen/upper/, reports an error on every line containing ERROR. */
    static final class UpperPass extends FilePass {
        UpperPass() {
            super("upper", "test pass", 100, ".txt");
        }

        @Override
        public void run(PassContext ctx) {
            String[] lines = ctx.contents().split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].contains("ERROR")) {
                    ctx.report(Diagnostic.error("", i + 1, "found ERROR", "remove it"));
                }
                if (lines[i].contains("ESCAPE")) {
                    ctx.output("../outside.txt", new byte[0]);
                }
                if (lines[i].contains("CRASH")) {
                    throw new IllegalStateException("boom");
                }
            }
            ctx.output("upper/" + GenPaths.baseName(ctx.fileName()) + ".out",
                    ctx.contents().toUpperCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
            ctx.summary(lines.length + " lines; setting=" + ctx.settings().getOrDefault("upper.mode", "-"));
        }
    }

    @Test
    void writesUnderGenAndReportsLines(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("tessera.properties"), "upper.mode=loud\n");
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src/a.txt"), "hello\nERROR here\n");
        Files.writeString(dir.resolve("src/b.md"), "ignored");
        Files.createDirectories(dir.resolve("gen"));
        Files.writeString(dir.resolve("gen/old.txt"), "generated files are never inputs");
        List<PassRun> runs = new ProjectRunner(new PassRegistry().register(new UpperPass())).run(dir, dir, Monitor.NULL);
        assertEquals(1, runs.size());
        PassRun r = runs.get(0);
        assertEquals("src/a.txt", r.file());
        assertEquals(List.of("gen/upper/a.out"), r.outputs());
        assertEquals("HELLO\nERROR HERE\n", Files.readString(dir.resolve("gen/upper/a.out")));
        assertEquals(1, r.diagnostics().size());
        assertEquals("src/a.txt:2: error: found ERROR (remove it)", r.diagnostics().get(0).format());
        assertEquals(List.of("3 lines; setting=loud"), r.summaries());
        try (var s = Files.list(dir.resolve("gen/upper"))) {
            assertEquals(1, s.count(), "no temporary files are left behind");
        }
    }

    /** A pass's own progress shows as the build's sub-task; the build's task and file count stay. */
    @Test
    void aPassesProgressIsASubTaskOfTheBuild(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.txt"), "x\n");
        Files.writeString(dir.resolve("b.txt"), "y\n");
        FilePass busy = new FilePass("busy", "test pass", 100, ".txt") {
            @Override
            public void run(PassContext ctx) {
                ctx.monitor().begin("solving", 7);
                ctx.monitor().worked(7);
                ctx.monitor().subTask("step 2");
                ctx.monitor().checkCanceled();
            }
        };
        List<String> seen = new java.util.ArrayList<>();
        Monitor m = new Monitor() {
            @Override
            public boolean isCanceled() {
                return false;
            }

            @Override
            public void begin(String task, int totalWork) {
                seen.add("begin " + task + " " + totalWork);
            }

            @Override
            public void worked(int work) {
                seen.add("worked " + work);
            }

            @Override
            public void subTask(String name) {
                seen.add("sub " + name);
            }
        };
        new ProjectRunner(new PassRegistry().register(busy)).run(dir, dir, m);
        assertEquals(List.of("begin building " + dir.getFileName() + " 2", "sub busy a.txt", "sub busy a.txt: solving",
                "sub busy a.txt: step 2", "worked 1", "sub busy b.txt", "sub busy b.txt: solving", "sub busy b.txt: step 2",
                "worked 1"), seen);
    }

    @Test
    void passesCannotWriteOutsideGenAndCrashesBecomeDiagnostics(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("x.txt"), "ESCAPE\n");
        Files.writeString(dir.resolve("y.txt"), "CRASH\n");
        List<PassRun> runs = new ProjectRunner(new PassRegistry().register(new UpperPass())).run(dir, dir, Monitor.NULL);
        assertTrue(runs.get(0).diagnostics().get(0).message().startsWith("a pass tried to write outside gen/"));
        assertFalse(Files.exists(dir.resolve("outside.txt")));
        assertTrue(runs.get(1).diagnostics().get(0).message()
                .startsWith("internal error in pass 'upper': java.lang.IllegalStateException: boom"));
        assertTrue(runs.stream().allMatch(PassRun::hasErrors));
    }

    @Test
    void cancellationStopsTheRun(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.txt"), "x");
        Monitor cancelled = () -> true;
        ProjectRunner runner = new ProjectRunner(new PassRegistry().register(new UpperPass()));
        assertThrows(CancelledException.class, () -> runner.run(dir, dir, cancelled));
        assertFalse(Files.exists(dir.resolve("gen")));
    }

    @Test
    void genPathRules() {
        assertEquals("a/b.xmi", GenPaths.check("a\\b.xmi"));
        for (String bad : new String[] {"", "/abs", "../x", "a/../../x", "a//b", "C:/x", "dir/"}) {
            assertThrows(RuntimeException.class, () -> GenPaths.check(bad), bad);
        }
        assertEquals("bitext", GenPaths.baseName("src/x/bitext.pla"));
        assertEquals("pla", GenPaths.extension("src/x/bitext.PLA"));
    }

    @Test
    void sameNamesInTwoFoldersDoNotOverwriteEachOther(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("x"));
        Files.createDirectories(dir.resolve("y"));
        Files.writeString(dir.resolve("x/a.txt"), "first");
        Files.writeString(dir.resolve("y/a.txt"), "second");
        List<PassRun> runs = new ProjectRunner(new PassRegistry().register(new UpperPass())).run(dir, dir, Monitor.NULL);
        assertEquals("FIRST", Files.readString(dir.resolve("gen/upper/a.out")));
        PassRun second = runs.get(1);
        assertEquals("y/a.txt", second.file());
        assertTrue(second.hasErrors());
        assertTrue(second.diagnostics().get(0).message().contains("same name as that of x/a.txt"), second.diagnostics().toString());
    }

    @Test
    void aGenLinkIsNotFollowedAndInvalidUtf8IsADiagnostic(@TempDir Path dir) throws Exception {
        Path project = Files.createDirectories(dir.resolve("p"));
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createSymbolicLink(project.resolve("gen"), elsewhere);
        Files.writeString(project.resolve("a.txt"), "text");
        Files.write(project.resolve("b.txt"), new byte[] {'o', 'k', (byte) 0xC3, '\n'});
        List<PassRun> runs = new ProjectRunner(new PassRegistry().register(new UpperPass())).run(project, project, Monitor.NULL);
        assertEquals(2, runs.size());
        assertTrue(runs.get(0).diagnostics().get(0).message().contains("symbolic link"), runs.get(0).diagnostics().toString());
        assertEquals("b.txt:1:3: error: invalid UTF-8: byte 0xC3 at byte offset 2 (save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8))",
                runs.get(1).diagnostics().get(0).format());
        try (var s = Files.list(elsewhere)) {
            assertEquals(0, s.count(), "nothing written through the link");
        }
    }
}
