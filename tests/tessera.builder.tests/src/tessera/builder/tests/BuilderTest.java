package tessera.builder.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.IWorkspaceDescription;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import tessera.builder.TesseraBuilder;
import tessera.builder.TesseraNature;

class BuilderTest {
    private IProject project;

    @BeforeEach
    void createProject() throws CoreException {
        IWorkspace ws = ResourcesPlugin.getWorkspace();
        IWorkspaceDescription d = ws.getDescription();
        d.setAutoBuilding(false);
        ws.setDescription(d);
        project = ws.getRoot().getProject("builder-test-" + System.nanoTime());
        project.create(null);
        project.open(null);
        TesseraNature.setEnabled(project, true, null);
        project.getFolder("src").create(true, true, null);
    }

    @AfterEach
    void deleteProject() throws CoreException {
        project.delete(true, true, null);
    }

    private static String text(IFile f) throws Exception {
        try (InputStream in = f.getContents(true)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void natureInstallsTheBuilder() throws CoreException {
        assertTrue(project.hasNature(TesseraNature.ID));
        assertTrue(Arrays.stream(project.getDescription().getBuildSpec())
                .anyMatch(c -> TesseraBuilder.ID.equals(c.getBuilderName())));
        TesseraNature.setEnabled(project, false, null);
        assertFalse(Arrays.stream(project.getDescription().getBuildSpec())
                .anyMatch(c -> TesseraBuilder.ID.equals(c.getBuilderName())));
    }

    @Test
    void passWritesIntoGenAndDiagnosticsBecomeMarkersOnTheRightLine() throws Exception {
        IFile src = project.getFile("src/hello.shout");
        src.create(stream("hello\nthis is bad\nworld\n"), true, null);
        project.build(IncrementalProjectBuilder.FULL_BUILD, null);

        IFile out = project.getFile("gen/shout/hello.txt");
        assertTrue(out.exists(), "the pass output is under gen/");
        assertTrue(out.isDerived());
        assertEquals("HELLO\nTHIS IS BAD\nWORLD\n", text(out));
        IMarker[] markers = src.findMarkers(TesseraBuilder.MARKER, true, IResource.DEPTH_ZERO);
        assertEquals(1, markers.length);
        assertEquals(2, markers[0].getAttribute(IMarker.LINE_NUMBER, -1));
        assertEquals(IMarker.SEVERITY_ERROR, markers[0].getAttribute(IMarker.SEVERITY, -1));
        assertEquals("'bad' is not allowed (write 'good')", markers[0].getAttribute(IMarker.MESSAGE, ""));

        // incremental: the marker follows the edit, the output is rewritten
        src.setContents(stream("a\nb\nc\nbad again\n"), true, false, null);
        project.build(IncrementalProjectBuilder.INCREMENTAL_BUILD, null);
        markers = src.findMarkers(TesseraBuilder.MARKER, true, IResource.DEPTH_ZERO);
        assertArrayEquals(new int[] {4}, Arrays.stream(markers).mapToInt(m -> m.getAttribute(IMarker.LINE_NUMBER, -1)).toArray());
        assertEquals("A\nB\nC\nBAD AGAIN\n", text(out));

        // fixed file: no markers
        src.setContents(stream("good\n"), true, false, null);
        project.build(IncrementalProjectBuilder.INCREMENTAL_BUILD, null);
        assertEquals(0, src.findMarkers(TesseraBuilder.MARKER, true, IResource.DEPTH_ZERO).length);

        // removing the source removes its outputs
        src.delete(true, null);
        project.build(IncrementalProjectBuilder.INCREMENTAL_BUILD, null);
        assertFalse(out.exists());
    }

    @Test
    void onlyChangedFilesAreRebuiltAndNothingIsWrittenOutsideGen() throws Exception {
        IFile a = project.getFile("src/a.shout");
        IFile b = project.getFile("src/b.shout");
        a.create(stream("a\n"), true, null);
        b.create(stream("b\n"), true, null);
        project.build(IncrementalProjectBuilder.FULL_BUILD, null);
        IFile outB = project.getFile("gen/shout/b.txt");
        long stampB = outB.getModificationStamp();
        a.setContents(stream("aa\n"), true, false, null);
        project.build(IncrementalProjectBuilder.INCREMENTAL_BUILD, null);
        assertEquals("AA\n", text(project.getFile("gen/shout/a.txt")));
        assertEquals(stampB, outB.getModificationStamp(), "b was not rebuilt");
        for (IResource r : project.members()) {
            // .settings is the platform's own project metadata
            assertTrue(Arrays.asList("src", "gen", ".project", ".settings").contains(r.getName()), "unexpected " + r.getName());
        }
        project.build(IncrementalProjectBuilder.CLEAN_BUILD, null);
        assertFalse(project.getFile("gen/shout/a.txt").exists(), "clean removes outputs");
    }
}
