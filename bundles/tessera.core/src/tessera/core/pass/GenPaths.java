package tessera.core.pass;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;

/** Rules for paths under {@code gen/}: relative, '/'-separated, no '..', so output can never land elsewhere. */
public final class GenPaths {
    public static final String GEN_FOLDER = "gen";

    private GenPaths() {
    }

    /** Returns the normalized path or throws a {@link DiagnosticException} explaining the rule. */
    public static String check(String relativePath) {
        String p = relativePath == null ? "" : relativePath.replace('\\', '/');
        boolean bad = p.isEmpty() || p.startsWith("/") || p.matches("^[A-Za-z]:.*") || p.endsWith("/");
        for (String seg : p.split("/")) {
            if (seg.isEmpty() || seg.equals("..") || seg.equals(".")) {
                bad = true;
            }
        }
        if (bad) {
            throw new DiagnosticException(Diagnostic.error("", 0,
                    "a pass tried to write outside gen/: '" + relativePath + "'",
                    "output paths must be relative, without '.' or '..' segments"));
        }
        return p;
    }

    /**
     * Where {@code gen/relativePath} lies under {@code outputRoot}: the path is {@link #check checked}, and neither
     * {@code gen} nor a folder below it may be a symbolic link (a link would take the output out of the project), nor
     * the target a folder.
     *
     * @throws DiagnosticException naming the offending path
     */
    public static java.nio.file.Path target(java.nio.file.Path outputRoot, String relativePath) {
        java.nio.file.Path p = outputRoot.resolve(GEN_FOLDER);
        String shown = GEN_FOLDER;
        String[] segs = check(relativePath).split("/");
        for (int i = -1; i < segs.length; i++) {
            if (i >= 0) {
                p = p.resolve(segs[i]);
                shown += "/" + segs[i];
            }
            if (java.nio.file.Files.isSymbolicLink(p)) {
                throw new DiagnosticException(Diagnostic.error("", 0, shown + " is a symbolic link; Tessera writes only inside"
                        + " the project's own gen/ folder", "remove the link (gen/ is recreated as a folder)"));
            }
        }
        if (java.nio.file.Files.isDirectory(p)) {
            throw new DiagnosticException(Diagnostic.error("", 0, shown + " is a folder, so the output cannot be written there",
                    "remove or rename the folder"));
        }
        return p;
    }

    /** {@code src/a/bitext.pla} → {@code bitext} (file name without folder and last extension). */
    public static String baseName(String fileName) {
        String n = fileName.replace('\\', '/');
        n = n.substring(n.lastIndexOf('/') + 1);
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    /** Extension without dot, lower case, or "" . */
    public static String extension(String fileName) {
        String n = fileName.substring(fileName.replace('\\', '/').lastIndexOf('/') + 1);
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(dot + 1).toLowerCase(java.util.Locale.ROOT) : "";
    }
}
