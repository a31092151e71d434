package tessera.telamon.gpu;

import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 001 §6 (issue 24 item 2a): the CUDA driver API as the search's GPU evaluator uses it, called through
 * {@link Foreign} (no native library of our own): the primary context of device 0, PTX modules loaded with the
 * driver's JIT ({@code cuModuleLoadData}), device memory, kernel launches and CUDA events. The library is
 * {@code libcuda.so.1} or the file the system property {@value #LIBRARY_PROPERTY} names. Every failed call is a
 * {@link GpuException} naming the call and the driver's error name. One thread at a time, except {@link #loadModule}
 * and {@link #function}, which worker threads may call at once while the device is idle (the context is made current
 * on each call that needs it, on the calling thread).
 */
public final class CudaDriver implements AutoCloseable {
    /** System property naming the driver library (a path for tests; default {@value #LIBRARY}). */
    public static final String LIBRARY_PROPERTY = "tessera.cuda.library";
    public static final String LIBRARY = "libcuda.so.1";
    private static final int ATTR_MAJOR = 75, ATTR_MINOR = 76;

    private final Foreign ffi;
    private final Object lib;
    private final Map<String, MethodHandle> calls = new HashMap<>();
    private final Object scratch;
    private volatile long context;
    private volatile int generation;
    private final int device;

    private CudaDriver(Foreign ffi, Object lib) {
        this.ffi = ffi;
        this.lib = lib;
        this.scratch = ffi.allocate(64);
        Object i = ffi.cInt, l = ffi.cLong, p = ffi.cPointer;
        bind("cuGetErrorName", i, i, p);
        bind("cuInit", i, i);
        bind("cuDeviceGet", i, p, i);
        bind("cuDeviceGetName", i, p, i, i);
        bind("cuDeviceGetAttribute", i, p, i, i);
        bind("cuDevicePrimaryCtxRetain", i, p, i);
        bind("cuDevicePrimaryCtxRelease_v2", i, i);
        bind("cuDevicePrimaryCtxReset_v2", i, i);
        bind("cuCtxSetCurrent", i, p);
        bind("cuCtxSynchronize", i);
        bind("cuModuleLoadData", i, p, p);
        bind("cuModuleUnload", i, p);
        bind("cuModuleGetFunction", i, p, p, p);
        bind("cuMemAlloc_v2", i, p, l);
        bind("cuMemFree_v2", i, l);
        bind("cuMemcpyHtoD_v2", i, l, p, l);
        bind("cuMemcpyDtoH_v2", i, p, l, l);
        bind("cuMemcpyDtoD_v2", i, l, l, l);
        bind("cuMemsetD8_v2", i, l, i, l);
        bind("cuLaunchKernel", i, p, i, i, i, i, i, i, i, p, p, p);
        bind("cuEventCreate", i, p, i);
        bind("cuEventDestroy_v2", i, p);
        bind("cuEventRecord", i, p, p);
        bind("cuEventSynchronize", i, p);
        bind("cuEventElapsedTime", i, p, p, p); // the first symbol, kept by every driver (CUDA 13's header maps to _v2)
        check(call("cuInit", 0), "cuInit");
        check(call("cuDeviceGet", scratch, 0), "cuDeviceGet");
        device = ffi.buffer(scratch).getInt(0);
        check(call("cuDevicePrimaryCtxRetain", scratch, device), "cuDevicePrimaryCtxRetain");
        context = ffi.buffer(scratch).getLong(0);
        current();
    }

    /**
     * Opens the driver on device 0; a {@link GpuException} saying what to do where this Java has no foreign-function
     * API, no NVIDIA driver is installed, or the driver finds no device.
     */
    public static CudaDriver open() {
        Foreign ffi = Foreign.open();
        String name = System.getProperty(LIBRARY_PROPERTY, LIBRARY);
        Object lib = ffi.library(name);
        if (lib == null) {
            ffi.close();
            throw new GpuException("no NVIDIA driver found (" + name + " cannot be loaded): the GPU evaluator needs a"
                    + " machine with an NVIDIA GPU and its driver");
        }
        try {
            return new CudaDriver(ffi, lib);
        } catch (GpuException e) {
            ffi.close();
            throw e;
        }
    }

    private void bind(String name, Object result, Object... args) {
        MethodHandle h = ffi.function(lib, name, result, args);
        if (h == null) {
            throw new GpuException("the driver library has no " + name
                    + ": install an NVIDIA driver for CUDA 12 or newer");
        }
        calls.put(name, h);
    }

    private int call(String name, Object... args) {
        try {
            return (int) calls.get(name).invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new GpuException(name + " failed: " + t);
        }
    }

    private void check(int rc, String what) {
        if (rc != 0) {
            throw new GpuException(what + " failed: " + errorName(rc) + " (" + rc + ")", rc);
        }
    }

    /** The driver's name of an error code (CUDA_ERROR_…). */
    public String errorName(int rc) {
        Object scope = ffi.scope();
        try {
            Object out = ffi.allocate(scope, 8);
            String s = call("cuGetErrorName", rc, out) != 0 ? null : ffi.string(ffi.buffer(out).getLong(0));
            return s == null ? "CUDA error " + rc : s;
        } finally {
            ffi.close(scope);
        }
    }

    /**
     * After a kernel fault ({@link GpuException#sticky}): destroys the primary context and retains a fresh one; every
     * module, allocation and event of the old one is gone.
     */
    public void reset() {
        call("cuDevicePrimaryCtxRelease_v2", device);
        check(call("cuDevicePrimaryCtxReset_v2", device), "cuDevicePrimaryCtxReset");
        check(call("cuDevicePrimaryCtxRetain", scratch, device), "cuDevicePrimaryCtxRetain");
        context = ffi.buffer(scratch).getLong(0);
        generation++;
        current();
    }

    /** How many times {@link #reset} made a fresh context: modules loaded before are gone. */
    public int generation() {
        return generation;
    }

    private void current() {
        check(call("cuCtxSetCurrent", ffi.pointer(context)), "cuCtxSetCurrent");
    }

    /** The device's name, as the driver gives it. */
    public String deviceName() {
        Object out = ffi.allocate(256);
        check(call("cuDeviceGetName", out, 256, device), "cuDeviceGetName");
        return ffi.string(ffi.address(out));
    }

    /** The device's compute capability as {@code sm_XY}. */
    public String architecture() {
        check(call("cuDeviceGetAttribute", scratch, ATTR_MAJOR, device), "cuDeviceGetAttribute");
        int major = ffi.buffer(scratch).getInt(0);
        check(call("cuDeviceGetAttribute", scratch, ATTR_MINOR, device), "cuDeviceGetAttribute");
        return "sm_" + major + ffi.buffer(scratch).getInt(0);
    }

    /** Loads PTX with the driver's JIT; returns the module handle. */
    public long loadModule(String ptx) {
        current();
        Object scope = ffi.scope();
        try {
            Object out = ffi.allocate(scope, 8);
            check(call("cuModuleLoadData", out, ffi.string(scope, ptx)), "cuModuleLoadData (the driver's PTX JIT)");
            return ffi.buffer(out).getLong(0);
        } finally {
            ffi.close(scope);
        }
    }

    /** Loads a compiled image (a cubin, as ptxas makes it): no JIT; returns the module handle. */
    public long loadModule(byte[] image) {
        current();
        Object scope = ffi.scope();
        try {
            Object out = ffi.allocate(scope, 8);
            Object data = ffi.allocate(scope, image.length);
            ffi.buffer(data).put(image);
            check(call("cuModuleLoadData", out, data), "cuModuleLoadData (a cubin)");
            return ffi.buffer(out).getLong(0);
        } finally {
            ffi.close(scope);
        }
    }

    public void unloadModule(long module) {
        check(call("cuModuleUnload", ffi.pointer(module)), "cuModuleUnload");
    }

    /** The entry {@code name} of a module. */
    public long function(long module, String name) {
        Object scope = ffi.scope();
        try {
            Object out = ffi.allocate(scope, 8);
            check(call("cuModuleGetFunction", out, ffi.pointer(module), ffi.string(scope, name)),
                    "cuModuleGetFunction " + name);
            return ffi.buffer(out).getLong(0);
        } finally {
            ffi.close(scope);
        }
    }

    /** {@code bytes} of device memory (at least 1). */
    public long allocate(long bytes) {
        current();
        check(call("cuMemAlloc_v2", scratch, Math.max(bytes, 1)), "cuMemAlloc (" + bytes + " bytes)");
        return ffi.buffer(scratch).getLong(0);
    }

    public void free(long pointer) {
        check(call("cuMemFree_v2", pointer), "cuMemFree");
    }

    /** Copies the contents of a float[], double[], int[] or long[] to device memory at {@code dst}. */
    public void upload(long dst, Object array) {
        Object scope = ffi.scope();
        try {
            long bytes = bytes(array);
            Object host = ffi.allocate(scope, bytes);
            ByteBuffer b = ffi.buffer(host);
            switch (array) {
                case float[] v -> b.asFloatBuffer().put(v);
                case double[] v -> b.asDoubleBuffer().put(v);
                case int[] v -> b.asIntBuffer().put(v);
                case long[] v -> b.asLongBuffer().put(v);
                default -> throw new IllegalArgumentException("not an array of numbers: " + array.getClass());
            }
            check(call("cuMemcpyHtoD_v2", dst, host, bytes), "cuMemcpyHtoD");
        } finally {
            ffi.close(scope);
        }
    }

    /** Device memory at {@code src} as a new array shaped like {@code like}. */
    public Object download(long src, Object like) {
        Object scope = ffi.scope();
        try {
            int n = java.lang.reflect.Array.getLength(like);
            long bytes = bytes(like);
            Object host = ffi.allocate(scope, bytes);
            check(call("cuMemcpyDtoH_v2", host, src, bytes), "cuMemcpyDtoH");
            ByteBuffer b = ffi.buffer(host);
            return switch (like) {
                case float[] x -> {
                    float[] v = new float[n];
                    b.asFloatBuffer().get(v);
                    yield v;
                }
                case double[] x -> {
                    double[] v = new double[n];
                    b.asDoubleBuffer().get(v);
                    yield v;
                }
                case int[] x -> {
                    int[] v = new int[n];
                    b.asIntBuffer().get(v);
                    yield v;
                }
                default -> {
                    long[] v = new long[n];
                    b.asLongBuffer().get(v);
                    yield v;
                }
            };
        } finally {
            ffi.close(scope);
        }
    }

    public void copy(long dst, long src, long bytes) {
        check(call("cuMemcpyDtoD_v2", dst, src, bytes), "cuMemcpyDtoD");
    }

    public void zero(long dst, long bytes) {
        check(call("cuMemsetD8_v2", dst, 0, bytes), "cuMemsetD8");
    }

    /**
     * Launches {@code function} on the default stream: {@code grid} and {@code block} extents (x, y, z), dynamic shared
     * bytes, and the arguments in order (Long: a 64-bit pointer or integer, Integer, Float, Double).
     */
    public void launch(long function, int[] grid, int[] block, int sharedBytes, List<Object> args) {
        current();
        Object scope = ffi.scope();
        try {
            Object values = ffi.allocate(scope, 8L * Math.max(args.size(), 1));
            Object pointers = ffi.allocate(scope, 8L * Math.max(args.size(), 1));
            ByteBuffer v = ffi.buffer(values), p = ffi.buffer(pointers);
            long base = ffi.address(values);
            for (int i = 0; i < args.size(); i++) {
                switch (args.get(i)) {
                    case Long x -> v.putLong(8 * i, x);
                    case Integer x -> v.putInt(8 * i, x);
                    case Float x -> v.putFloat(8 * i, x);
                    case Double x -> v.putDouble(8 * i, x);
                    default -> throw new IllegalArgumentException("argument " + i + ": " + args.get(i));
                }
                p.putLong(8 * i, base + 8L * i);
            }
            check(call("cuLaunchKernel", ffi.pointer(function), grid[0], grid[1], grid[2], block[0], block[1], block[2],
                    sharedBytes, ffi.nullPointer, pointers, ffi.nullPointer), "cuLaunchKernel");
        } finally {
            ffi.close(scope);
        }
    }

    /** Waits for the device; a failed kernel shows here (its error name). */
    public void synchronize() {
        check(call("cuCtxSynchronize"), "the kernel (cuCtxSynchronize)");
    }

    public long event() {
        current();
        check(call("cuEventCreate", scratch, 0), "cuEventCreate");
        return ffi.buffer(scratch).getLong(0);
    }

    public void record(long event) {
        check(call("cuEventRecord", ffi.pointer(event), ffi.nullPointer), "cuEventRecord");
    }

    /** Milliseconds between two recorded events (waits for {@code end}). */
    public float elapsed(long start, long end) {
        check(call("cuEventSynchronize", ffi.pointer(end)), "the kernel (cuEventSynchronize)");
        check(call("cuEventElapsedTime", scratch, ffi.pointer(start), ffi.pointer(end)), "cuEventElapsedTime");
        return ffi.buffer(scratch).getFloat(0);
    }

    public void destroy(long event) {
        check(call("cuEventDestroy_v2", ffi.pointer(event)), "cuEventDestroy");
    }

    /** The bytes of a float[], double[], int[] or long[] as {@link #upload} copies it. */
    public static long bytes(Object array) {
        int element = array instanceof float[] || array instanceof int[] ? 4 : 8;
        return (long) java.lang.reflect.Array.getLength(array) * element;
    }

    @Override
    public void close() {
        try {
            call("cuDevicePrimaryCtxRelease_v2", device);
        } finally {
            ffi.close();
        }
    }
}
