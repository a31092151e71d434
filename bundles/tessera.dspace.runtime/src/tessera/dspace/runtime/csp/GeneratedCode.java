package tessera.dspace.runtime.csp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongBinaryOperator;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import tessera.dspace.runtime.JavaGenerator;
import tessera.dspace.runtime.Program;

/**
 * Compiles the Java that {@link JavaGenerator} prints with javax.tools (in memory) and loads it, so a candidate can
 * propagate with the generated if-trees instead of interpreting them ({@link Engine#useGeneratedCode}).
 */
public final class GeneratedCode {
    final MethodHandle eval;

    private GeneratedCode(MethodHandle eval) {
        this.eval = eval;
    }

    long eval(int group, long[] in, LongBinaryOperator cell) {
        try {
            return (long) eval.invokeExact(group, in, cell);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Generates, compiles and loads the propagators of {@code prog}. Throws IllegalStateException with the compiler's
     * messages when no JDK compiler is available or the code does not compile.
     */
    public static GeneratedCode compile(Program prog) {
        String cls = "GeneratedPropagators";
        String src = JavaGenerator.generate(prog, "tessera.dspace.generated", cls);
        JavaCompiler jc = ToolProvider.getSystemJavaCompiler();
        if (jc == null) {
            throw new IllegalStateException("no Java compiler in this runtime (a JDK is needed to load generated propagators)");
        }
        Map<String, byte[]> classes = new HashMap<>();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        StandardJavaFileManager std = jc.getStandardFileManager(diags, null, null);
        JavaFileManager fm = new ForwardingJavaFileManager<>(std) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location l, String name, JavaFileObject.Kind kind, FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + name.replace('.', '/') + ".class"), kind) {
                    @Override
                    public java.io.OutputStream openOutputStream() {
                        return new java.io.ByteArrayOutputStream() {
                            @Override
                            public void close() {
                                classes.put(name, toByteArray());
                            }
                        };
                    }
                };
            }
        };
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///tessera/dspace/generated/" + cls + ".java"),
                JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignore) {
                return src;
            }
        };
        List<String> opts = new ArrayList<>(List.of("--release", "21", "-nowarn", "-proc:none"));
        java.io.StringWriter javacOut = new java.io.StringWriter(); // never javac's own printing on stderr (issue 22)
        boolean ok = jc.getTask(javacOut, fm, diags, opts, null, List.of(file)).call();
        if (!ok) {
            StringBuilder sb = new StringBuilder("generated propagators do not compile:");
            for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
                sb.append("\n  line ").append(d.getLineNumber()).append(": ").append(d.getMessage(null));
            }
            throw new IllegalStateException(sb.toString());
        }
        ClassLoader loader = new ClassLoader(GeneratedCode.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                byte[] b = classes.get(name);
                if (b == null) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, b, 0, b.length);
            }
        };
        try {
            Class<?> c = loader.loadClass("tessera.dspace.generated." + cls);
            MethodHandle mh = MethodHandles.publicLookup().findStatic(c, "eval",
                    MethodType.methodType(long.class, int.class, long[].class, LongBinaryOperator.class));
            return new GeneratedCode(mh);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the generated propagators: " + e, e);
        }
    }
}
