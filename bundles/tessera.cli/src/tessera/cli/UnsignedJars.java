package tessera.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The launcher's class path (issue 25): copies of the command line's jars without their signature files. The JDK
 * verifies a signed jar's classes as it loads them and leaves them out of its class-data archive (CDS, AOT cache);
 * Eclipse's jars (Xtext, EMF, …) are signed, so unsigned copies start faster and let the archive hold them. Plain
 * Java, no dependencies: the launcher runs it with this jar alone. Usage: {@code java -cp tessera.cli.jar
 * tessera.cli.UnsignedJars OUT_DIR JAR...}; prints the class path of the copies.
 */
public final class UnsignedJars {
    /** The signature files of a signed jar (JAR File Specification, "Signed JAR File"). */
    private static final Pattern SIGNATURE = Pattern.compile("META-INF/[^/]+\\.(SF|RSA|DSA|EC)|META-INF/SIG-[^/]+");

    private UnsignedJars() {
    }

    public static void main(String[] argv) throws IOException {
        Path out = Path.of(argv[0]);
        Files.createDirectories(out);
        List<String> copies = new ArrayList<>();
        for (int i = 1; i < argv.length; i++) {
            Path jar = Path.of(argv[i]);
            Path copy = out.resolve(jar.getFileName());
            if (!Files.exists(copy)) {
                Path tmp = Files.createTempFile(out, ".jar-", ".tmp");
                try {
                    copyWithoutSignatures(jar, tmp);
                    Files.move(tmp, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
            copies.add(copy.toAbsolutePath().toString());
        }
        System.out.print(String.join(java.io.File.pathSeparator, copies));
    }

    /** {@code jar} as a jar without signature files (entries in the same order; an unsigned jar comes out the same). */
    static void copyWithoutSignatures(Path jar, Path to) throws IOException {
        try (ZipFile in = new ZipFile(jar.toFile()); OutputStream os = Files.newOutputStream(to);
                ZipOutputStream zos = new ZipOutputStream(os)) {
            Enumeration<? extends ZipEntry> entries = in.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (SIGNATURE.matcher(e.getName()).matches()) {
                    continue;
                }
                ZipEntry c = new ZipEntry(e.getName());
                c.setTime(e.getTime());
                zos.putNextEntry(c);
                try (InputStream is = in.getInputStream(e)) {
                    is.transferTo(zos);
                }
                zos.closeEntry();
            }
        }
    }
}
