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
