package tessera.builder;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;

import tessera.core.CancelledException;
import tessera.core.Diagnostic;
import tessera.core.Monitor;
import tessera.core.pass.GenPaths;
import tessera.core.SourceText;
import tessera.core.DiagnosticException;
import tessera.core.pass.Pass;
import tessera.core.pass.PassExecutor;
import tessera.core.pass.ProjectSettings;
import tessera.core.pass.PassRegistry;
import tessera.core.pass.ProjectRunner;

/**
 * Runs the registered passes on the changed files of a Tessera project, writes their results under {@code gen/} of the
 * project (never anywhere else), and turns their diagnostics into problem markers with line numbers. A change of
 * {@code tessera.properties} rebuilds everything; outputs of removed or rebuilt sources that are no longer produced
 * are deleted.
 */
public class TesseraBuilder extends IncrementalProjectBuilder {
    public static final String ID = "tessera.builder.tesseraBuilder";
    public static final String MARKER = "tessera.builder.problem";
    private static final String INDEX_FILE = "outputs.properties";

    @Override
    protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
        IProject project = getProject();
        IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(project);
        Set<IFile> changed = new LinkedHashSet<>();
        Set<String> removed = new LinkedHashSet<>();
        if (delta == null || settingsChanged(delta)) {
            collectAll(project, changed);
        } else {
            delta.accept(d -> {
                IResource r = d.getResource();
                if (r.getType() == IResource.FOLDER && isIgnored(r)) {
                    return false;
                }
                if (r instanceof IFile f && !isIgnored(f)) {
                    if (d.getKind() == IResourceDelta.REMOVED) {
                        removed.add(rel(f));
                    } else if (d.getKind() == IResourceDelta.ADDED
                            || (d.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0) {
                        changed.add(f);
                    }
                }
                return true;
            });
        }
        buildFiles(project, changed, removed, monitor);
        return null;
    }

    @Override
    protected void clean(IProgressMonitor monitor) throws CoreException {
        IProject project = getProject();
        project.deleteMarkers(MARKER, true, IResource.DEPTH_INFINITE);
        Properties index = loadIndex(project);
        for (String src : index.stringPropertyNames()) {
            deleteOutputs(project, outputsOf(index, src), Set.of());
        }
        index.clear();
        saveIndex(project, index);
    }

    /** Builds the given files of a project now (also used by tests and the UI's "Rebuild" action). */
    public static void buildFiles(IProject project, Set<IFile> files, Set<String> removed, IProgressMonitor monitor)
            throws CoreException {
        PassRegistry registry = PassRegistry.discover();
        SubMonitor sub = SubMonitor.convert(monitor, "Tessera build of " + project.getName(), files.size() + 1);
        Properties index = loadIndex(project);
        Map<String, String> settings = readSettings(project);
        for (String r : removed) {
            deleteOutputs(project, outputsOf(index, r), Set.of());
            index.remove(r);
        }
        sub.worked(1);
        Monitor m = adapt(sub);
        try {
            for (IFile f : files) {
                if (sub.isCanceled()) {
                    throw new OperationCanceledException();
                }
                String rel = rel(f);
                List<Pass> passes = registry.passesFor(rel);
                if (passes.isEmpty()) {
                    sub.worked(1);
                    continue;
                }
                f.deleteMarkers(MARKER, true, IResource.DEPTH_ZERO);
                String text;
                try {
                    text = read(f);
                } catch (DiagnosticException e) {
                    mark(project, f, passes.get(0), e.diagnostic());
                    sub.worked(1);
                    continue;
                }
                Set<String> produced = new LinkedHashSet<>();
                PassExecutor.Products products = new PassExecutor.Products(); // one parse per file, shared down the chain
                for (Pass p : passes) {
                    sub.subTask(p.id() + ": " + rel);
                    PassExecutor.Execution ex = PassExecutor.execute(p, rel, text, settings,
                            other -> readProjectFile(project, other), products, m);
                    for (Map.Entry<String, byte[]> o : ex.outputs().entrySet()) {
                        String owner = ownerOf(index, o.getKey(), rel);
                        if (owner != null && !sameContent(project, o.getKey(), o.getValue())) {
                            mark(project, f, p, Diagnostic.error(rel, 0, "its output " + GenPaths.GEN_FOLDER + "/" + o.getKey()
                                    + " has the same name as that of " + owner + ", which was kept", "rename one of the two files"));
                            continue;
                        }
                        write(project, o.getKey(), o.getValue());
                        produced.add(o.getKey());
                    }
                    for (Diagnostic d : ex.diagnostics()) {
                        mark(project, f, p, d);
                    }
                }
                deleteOutputs(project, outputsOf(index, rel), produced);
                if (produced.isEmpty()) {
                    index.remove(rel);
                } else {
                    index.setProperty(rel, String.join(",", produced));
                }
                sub.worked(1);
            }
        } catch (CancelledException e) {
            throw new OperationCanceledException();
        } finally {
            saveIndex(project, index);
        }
    }

    static Monitor adapt(SubMonitor sub) {
        return new Monitor() {
            @Override
            public void begin(String task, int totalWork) {
                sub.subTask(task);
            }

            @Override
            public void worked(int work) {
            }

            @Override
            public void subTask(String name) {
                sub.subTask(name);
            }

            @Override
            public boolean isCanceled() {
                return sub.isCanceled();
            }
        };
    }

    static void mark(IProject project, IFile source, Pass pass, Diagnostic d) throws CoreException {
        IResource target = source;
        if (!d.file().isEmpty() && !d.file().equals(rel(source))) {
            IResource other = project.findMember(d.file());
            if (other != null && other.exists()) {
                target = other;
            }
        }
        IMarker mk = target.createMarker(MARKER);
        Map<String, Object> a = new LinkedHashMap<>();
        a.put(IMarker.SEVERITY, switch (d.severity()) {
            case ERROR -> IMarker.SEVERITY_ERROR;
            case WARNING -> IMarker.SEVERITY_WARNING;
            case INFO -> IMarker.SEVERITY_INFO;
        });
        a.put(IMarker.MESSAGE, d.hint().isEmpty() ? d.message() : d.message() + " (" + d.hint() + ")");
        a.put(IMarker.LINE_NUMBER, Math.max(1, d.line()));
        if (d.offset() >= 0) {
            a.put(IMarker.CHAR_START, d.offset());
            a.put(IMarker.CHAR_END, d.offset() + Math.max(1, d.length()));
        }
        a.put(IMarker.SOURCE_ID, "Tessera");
        a.put("hint", d.hint());
        a.put("pass", pass.id());
        mk.setAttributes(a);
    }

    static void write(IProject project, String genRelative, byte[] content) throws CoreException {
        IFile out = project.getFile(GenPaths.GEN_FOLDER + "/" + GenPaths.check(genRelative));
        ensureFolders(out.getParent());
        InputStream in = new ByteArrayInputStream(content);
        if (out.exists()) {
            out.setContents(in, IResource.FORCE, null);
        } else {
            out.create(in, IResource.FORCE | IResource.DERIVED, null);
        }
    }

    private static void ensureFolders(IContainer c) throws CoreException {
        if (c instanceof IFolder folder && !folder.exists()) {
            ensureFolders(folder.getParent());
            folder.create(IResource.FORCE | IResource.DERIVED, true, null);
        }
    }

    private static void deleteOutputs(IProject project, List<String> previous, Set<String> keep) throws CoreException {
        for (String o : previous) {
            if (!keep.contains(o)) {
                IFile f = project.getFile(GenPaths.GEN_FOLDER + "/" + o);
                if (f.exists()) {
                    f.delete(true, null);
                }
            }
        }
    }

    private static List<String> outputsOf(Properties index, String src) {
        String v = index.getProperty(src, "");
        List<String> l = new ArrayList<>();
        for (String s : v.split(",")) {
            if (!s.isBlank()) {
                l.add(s);
            }
        }
        return l;
    }

    private static Path indexPath(IProject project) {
        IPath loc = project.getWorkingLocation("tessera.builder");
        return loc.toPath().resolve(INDEX_FILE);
    }

    private static Properties loadIndex(IProject project) {
        Properties p = new Properties();
        Path f = indexPath(project);
        if (Files.isRegularFile(f)) {
            try (InputStream in = Files.newInputStream(f)) {
                p.load(in);
            } catch (IOException e) {
                // a lost index only means stale gen/ files may stay; a full build rewrites everything
            }
        }
        return p;
    }

    private static void saveIndex(IProject project, Properties p) {
        try {
            Path f = indexPath(project);
            Files.createDirectories(f.getParent());
            try (OutputStream out = Files.newOutputStream(f)) {
                p.store(out, "Tessera builder: outputs under gen/ per source file");
            }
        } catch (IOException e) {
            // see loadIndex
        }
    }

    static Map<String, String> readSettings(IProject project) throws CoreException {
        IFile f = project.getFile(ProjectSettings.FILE);
        return f.exists() ? ProjectSettings.parse(read(f)) : new LinkedHashMap<>();
    }

    private static Optional<String> readProjectFile(IProject project, String rel) {
        IResource r = project.findMember(rel);
        if (r instanceof IFile f && f.exists()) {
            try {
                return Optional.of(read(f));
            } catch (CoreException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The source file another input than {@code rel} wrote {@code output} for, by the index; null when none. */
    static String ownerOf(Properties index, String output, String rel) {
        for (String src : index.stringPropertyNames()) {
            if (!src.equals(rel) && List.of(index.getProperty(src).split(",")).contains(output)) {
                return src;
            }
        }
        return null;
    }

    /** Whether gen/{@code genRelative} holds exactly {@code content} (two inputs may produce one output together). */
    static boolean sameContent(IProject project, String genRelative, byte[] content) {
        IFile f = project.getFile(GenPaths.GEN_FOLDER + "/" + genRelative);
        if (!f.exists()) {
            return false;
        }
        try (InputStream in = f.getContents(true)) {
            return java.util.Arrays.equals(in.readAllBytes(), content);
        } catch (IOException | CoreException e) {
            return false;
        }
    }

    /** The file's text as every Tessera reader sees it ({@link SourceText}); invalid UTF-8 is a {@link DiagnosticException}. */
    static String read(IFile f) throws CoreException {
        try (InputStream in = f.getContents(true)) {
            return SourceText.decode(rel(f), in.readAllBytes());
        } catch (IOException e) {
            throw new CoreException(org.eclipse.core.runtime.Status.error("cannot read " + f.getFullPath(), e));
        }
    }

    static String rel(IResource r) {
        return r.getProjectRelativePath().toString();
    }

    private static boolean settingsChanged(IResourceDelta delta) {
        IResourceDelta d = delta.findMember(IPath.fromOSString(ProjectSettings.FILE));
        return d != null;
    }

    static boolean isIgnored(IResource r) {
        return ProjectRunner.ignored(Path.of(rel(r))) || r.isDerived();
    }

    private static void collectAll(IContainer c, Set<IFile> out) throws CoreException {
        for (IResource r : c.members()) {
            if (isIgnored(r)) {
                continue;
            }
            if (r instanceof IFile f) {
                out.add(f);
            } else if (r instanceof IContainer sub) {
                collectAll(sub, out);
            }
        }
    }
}
