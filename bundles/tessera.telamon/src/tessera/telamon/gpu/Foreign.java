package tessera.telamon.gpu;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The JDK's foreign-function API ({@code java.lang.foreign}, final in Java 22) reached by reflection, so the bundles
 * keep compiling for Java 21: native libraries, downcall handles, and native memory seen as {@link ByteBuffer}s.
 * Handles and pointers cross as {@code MemorySegment} objects ({@link #pointer}) and plain {@code long} addresses.
 */
final class Foreign implements AutoCloseable {
    /** The Java release whose java.lang.foreign is final. */
    static final int RELEASE = 22;

    private final Object linker;
    private final Object arena;
    private final Class<?> segment;
    private final Class<?> layout;
    private final Method downcall;
    private final Method descriptorOf;
    private final Method descriptorOfVoid;
    private final Method allocate;
    private final Method asByteBuffer;
    private final Method address;
    private final Method ofAddress;
    private final Method reinterpret;
    private final Method libraryLookup;
    private final Method ofConfined;
    private final Method closeArena;
    private final Method find;
    private final Object options;
    /** The layouts of C's int, long long / size_t and pointers. */
    final Object cInt;
    final Object cLong;
    final Object cPointer;
    /** The null pointer. */
    final Object nullPointer;

    private Foreign() throws ReflectiveOperationException {
        Class<?> linkerClass = Class.forName("java.lang.foreign.Linker");
        Class<?> arenaClass = Class.forName("java.lang.foreign.Arena");
        Class<?> lookupClass = Class.forName("java.lang.foreign.SymbolLookup");
        Class<?> descriptor = Class.forName("java.lang.foreign.FunctionDescriptor");
        Class<?> option = Class.forName("java.lang.foreign.Linker$Option");
        Class<?> values = Class.forName("java.lang.foreign.ValueLayout");
        segment = Class.forName("java.lang.foreign.MemorySegment");
        layout = Class.forName("java.lang.foreign.MemoryLayout");
        linker = linkerClass.getMethod("nativeLinker").invoke(null);
        arena = arenaClass.getMethod("ofShared").invoke(null);
        options = Array.newInstance(option, 0);
        downcall = linkerClass.getMethod("downcallHandle", segment, descriptor, options.getClass());
        Class<?> layouts = layout.arrayType();
        descriptorOf = descriptor.getMethod("of", layout, layouts);
        descriptorOfVoid = descriptor.getMethod("ofVoid", layouts);
        allocate = arenaClass.getMethod("allocate", long.class, long.class);
        asByteBuffer = segment.getMethod("asByteBuffer");
        address = segment.getMethod("address");
        ofAddress = segment.getMethod("ofAddress", long.class);
        reinterpret = segment.getMethod("reinterpret", long.class);
        libraryLookup = lookupClass.getMethod("libraryLookup", String.class, arenaClass);
        ofConfined = arenaClass.getMethod("ofConfined");
        closeArena = arenaClass.getMethod("close");
        find = lookupClass.getMethod("find", String.class);
        cInt = values.getField("JAVA_INT").get(null);
        cLong = values.getField("JAVA_LONG").get(null);
        cPointer = values.getField("ADDRESS").get(null);
        nullPointer = segment.getField("NULL").get(null);
    }

    /** The API of this runtime; a {@link GpuException} saying what to install where it has none. */
    static Foreign open() {
        int release = Runtime.version().feature();
        if (release < RELEASE) {
            throw new GpuException("the GPU evaluator calls the CUDA driver through java.lang.foreign, final in Java "
                    + RELEASE + "; this is Java " + release + ": run tessera with a JDK " + RELEASE
                    + " or newer (JAVA_HOME)");
        }
        try {
            return new Foreign();
        } catch (ReflectiveOperationException e) {
            throw new GpuException("this Java runtime has no usable java.lang.foreign (" + e + ")");
        }
    }

    /** A native library by file name or path (as dlopen finds it); null when it cannot be loaded. */
    Object library(String name) {
        try {
            return libraryLookup.invoke(null, name, arena);
        } catch (InvocationTargetException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new GpuException(e.toString());
        }
    }

    /**
     * A downcall handle for {@code symbol} of {@code library} returning {@code result} (null: void) and taking
     * {@code args} (layouts of this class); null when the library has no such symbol.
     */
    MethodHandle function(Object library, String symbol, Object result, Object... args) {
        try {
            Optional<?> at = (Optional<?>) find.invoke(library, symbol);
            if (at.isEmpty()) {
                return null;
            }
            Object list = Array.newInstance(layout, args.length);
            for (int i = 0; i < args.length; i++) {
                Array.set(list, i, args[i]);
            }
            Object d = result == null ? descriptorOfVoid.invoke(null, list) : descriptorOf.invoke(null, result, list);
            return (MethodHandle) downcall.invoke(linker, at.get(), d, options);
        } catch (ReflectiveOperationException e) {
            throw new GpuException("cannot bind " + symbol + ": " + cause(e));
        }
    }

    /** {@code bytes} of zeroed native memory (16-byte aligned) that lives until {@link #close}. */
    Object allocate(long bytes) {
        return allocate(arena, bytes);
    }

    /** A scope for native memory of one thread ({@link #allocate(Object, long)}), freed by {@link #close(Object)}. */
    Object scope() {
        try {
            return ofConfined.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new GpuException(cause(e));
        }
    }

    /** Frees a {@link #scope()} and all its memory. */
    void close(Object scope) {
        try {
            closeArena.invoke(scope);
        } catch (ReflectiveOperationException e) {
            throw new GpuException(cause(e));
        }
    }

    /** {@code bytes} of zeroed native memory (16-byte aligned) that lives as long as {@code scope}. */
    Object allocate(Object scope, long bytes) {
        try {
            return allocate.invoke(scope, Math.max(bytes, 1), 16L);
        } catch (ReflectiveOperationException e) {
            throw new GpuException("cannot allocate " + bytes + " bytes of native memory: " + cause(e));
        }
    }

    /** The native memory of a segment from {@link #allocate}, in the platform's byte order. */
    ByteBuffer buffer(Object segment) {
        try {
            return ((ByteBuffer) asByteBuffer.invoke(segment)).order(ByteOrder.nativeOrder());
        } catch (ReflectiveOperationException e) {
            throw new GpuException(cause(e));
        }
    }

    /** The address of a segment. */
    long address(Object segment) {
        try {
            return (long) address.invoke(segment);
        } catch (ReflectiveOperationException e) {
            throw new GpuException(cause(e));
        }
    }

    /** A pointer argument from an address (a handle the driver returned). */
    Object pointer(long at) {
        try {
            return ofAddress.invoke(null, at);
        } catch (ReflectiveOperationException e) {
            throw new GpuException(cause(e));
        }
    }

    /** The NUL-terminated string at {@code at} (at most 4,096 bytes), or null for the null pointer. */
    String string(long at) {
        if (at == 0) {
            return null;
        }
        try {
            ByteBuffer b = buffer(reinterpret.invoke(pointer(at), 4096L));
            int n = 0;
            while (n < b.capacity() && b.get(n) != 0) {
                n++;
            }
            byte[] bytes = new byte[n];
            b.get(0, bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (ReflectiveOperationException e) {
            throw new GpuException(cause(e));
        }
    }

    /** A NUL-terminated copy of {@code s} in native memory of {@code scope}. */
    Object string(Object scope, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        Object seg = allocate(scope, bytes.length + 1L);
        buffer(seg).put(0, bytes);
        return seg;
    }

    @Override
    public void close() {
        close(arena);
    }

    private static String cause(ReflectiveOperationException e) {
        Throwable t = e instanceof InvocationTargetException x && x.getCause() != null ? x.getCause() : e;
        return String.valueOf(t.getMessage() != null ? t.getMessage() : t);
    }
}
