package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import tessera.regdem.occupancy.ArchSpec;
import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * How to launch a kernel in the simulator: block and grid shape, the parameters in order, and the static and dynamic
 * shared memory the listing itself does not state. Read from a {@code # Launch:} comment of the listing, e.g.
 * {@code # Launch: block=192 grid=2 param_0=in:4096 param_1=out:4096 param_2=int:64}, or from a line of the corpus
 * launch table ({@link LaunchTable}). {@code block=XxY}, {@code grid=XxY}, {@code smem=BYTES} (static shared memory
 * when the listing has no {@code # SharedSize:}), {@code dyn=BYTES} (dynamic shared memory of the launch).
 * Parameter kinds: see {@link Param.Kind}.
 */
public record LaunchSpec(int blockX, int blockY, int gridX, int gridY, List<Param> params, int staticShared,
        int dynamicShared) {

    /**
     * One kernel parameter. {@code value} is the buffer size in bytes for buffers, the value for scalars (float bits
     * for {@code float}); {@code segments} are the value ranges of a ranged buffer, in order through the buffer.
     */
    public record Param(String name, Kind kind, long value, List<Segment> segments) {

        /** The parameter kinds of {@code # Launch:} and the launch table. */
        public enum Kind {
            /** {@code in:BYTES}: random words (small floats or small ints). */
            IN,
            /** {@code out:BYTES}: pattern-filled (0x77 bytes). */
            OUT,
            /** {@code zero:BYTES}: zero-filled (counters and sums that atomics accumulate into). */
            ZERO,
            /** {@code int:V}: a 32-bit integer. */
            INT,
            /** {@code float:V}: a 32-bit float. */
            FLOAT,
            /** {@code u8:BYTES}: random bytes. */
            U8,
            /** {@code idx:BYTES:LO:HI}: random 32-bit integers in [LO, HI] (index arrays). */
            IDX,
            /** {@code i64:BYTES:LO:HI}: random 64-bit integers in [LO, HI] ({@code min}/{@code max} allowed). */
            I64,
            /** {@code f16:BYTES:LO:HI}: random IEEE half-precision values in [LO, HI). */
            F16,
            /** {@code f32:BYTES:LO:HI}: random floats in [LO, HI). */
            F32,
            /** {@code f64:BYTES:LO:HI}: random doubles in [LO, HI). */
            F64,
            /** {@code lf64:BYTES:ELO:EHI}: doubles of random sign with magnitude 10^[ELO, EHI) (log-uniform). */
            LF64;

            boolean buffer() {
                return this != INT && this != FLOAT;
            }

            boolean ranged() {
                return ordinal() >= IDX.ordinal();
            }
        }

        /** {@code bytes} bytes of a ranged buffer filled with values in [lo, hi]. */
        public record Segment(int bytes, String lo, String hi) {
        }

        public Param {
            segments = List.copyOf(segments);
        }

        public Param(String name, Kind kind, long value) {
            this(name, kind, value, List.of());
        }

        /** 8 for pointers, 4 for {@code int} and {@code float}: the size and alignment in constant bank 0. */
        public int bytes() {
            return kind.buffer() ? 8 : 4;
        }
    }

    public LaunchSpec {
        params = List.copyOf(params);
        if (blockX <= 0 || blockY <= 0 || gridX <= 0 || gridY <= 0) {
            throw new IllegalArgumentException("block and grid sizes must be positive");
        }
    }

    /** A one-dimensional grid of {@code grid} blocks without extra shared memory (the examples' launches). */
    public LaunchSpec(int blockX, int blockY, int grid, List<Param> params) {
        this(blockX, blockY, grid, 1, params, 0, 0);
    }

    public int threads() {
        return blockX * blockY;
    }

    /** The number of blocks. */
    public int grid() {
        return gridX * gridY;
    }

    public static Optional<LaunchSpec> of(SassProgram p) {
        for (Line l : p.lines()) {
            if (l instanceof Line.Text t && t.text().trim().startsWith("# Launch:")) {
                return Optional.of(parse(t.text().trim().substring(9)));
            }
            if (l instanceof Line.HeaderLine h && h.key().equalsIgnoreCase("Launch")) {
                return Optional.of(parse(h.value()));
            }
        }
        return Optional.empty();
    }

    /**
     * The constant bank 0 byte offsets at which the simulator places the parameters for a listing of architecture
     * {@code arch} without a {@code <CONSTANT_MAPPING>}: in order from the architecture's parameter base, each at its
     * natural alignment ({@link ConstantBank}).
     */
    public List<Integer> paramOffsets(ArchSpec arch) {
        return ConstantBank.offsets(params, ConstantBank.layout(arch));
    }

    /** Parses {@code key=value} words; a parameter is {@code NAME=KIND:VALUE...}. */
    public static LaunchSpec parse(String s) {
        int[] block = {0, 1};
        int[] grid = {1, 1};
        int smem = 0;
        int dyn = 0;
        List<Param> ps = new ArrayList<>();
        for (String w : s.trim().split("\\s+")) {
            if (w.isEmpty()) {
                continue;
            }
            int eq = w.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value in launch spec, got '" + w + "'");
            }
            String k = w.substring(0, eq);
            String v = w.substring(eq + 1);
            switch (k) {
                case "block" -> block = dims(v);
                case "grid" -> grid = dims(v);
                case "smem" -> smem = Integer.decode(v);
                case "dyn" -> dyn = Integer.decode(v);
                default -> ps.add(param(k, v));
            }
        }
        if (block[0] <= 0) {
            throw new IllegalArgumentException("launch spec needs block=N");
        }
        return new LaunchSpec(block[0], block[1], grid[0], grid[1], ps, smem, dyn);
    }

    /** {@code N} or {@code XxY}. */
    static int[] dims(String v) {
        String[] xy = v.split("x");
        try {
            return new int[] {Integer.parseInt(xy[0]), xy.length > 1 ? Integer.parseInt(xy[1]) : 1};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected N or XxY, got '" + v + "'");
        }
    }

    /**
     * A parameter {@code KIND:VALUE}: {@code in:BYTES}, {@code out:BYTES}, {@code zero:BYTES}, {@code u8:BYTES},
     * {@code int:V}, {@code float:V}, or a ranged buffer {@code KIND:BYTES:LO:HI}, several ranges joined by {@code /}
     * ({@code f32:2048:1:2/6144:-0.5:0.5}).
     */
    static Param param(String name, String v) {
        int c = v.indexOf(':');
        if (c <= 0) {
            throw new IllegalArgumentException("expected kind:value for " + name);
        }
        String kind = v.substring(0, c);
        String val = v.substring(c + 1);
        Param.Kind k = switch (kind) {
            case "in" -> Param.Kind.IN;
            case "out" -> Param.Kind.OUT;
            case "zero" -> Param.Kind.ZERO;
            case "int" -> Param.Kind.INT;
            case "float" -> Param.Kind.FLOAT;
            case "u8" -> Param.Kind.U8;
            case "idx" -> Param.Kind.IDX;
            case "i64" -> Param.Kind.I64;
            case "f16" -> Param.Kind.F16;
            case "f32" -> Param.Kind.F32;
            case "f64" -> Param.Kind.F64;
            case "lf64" -> Param.Kind.LF64;
            default -> throw new IllegalArgumentException("unknown parameter kind " + kind
                    + " (in, out, zero, int, float, u8, idx, i64, f16, f32, f64, lf64)");
        };
        try {
            if (k == Param.Kind.INT) {
                return new Param(name, k, Long.decode(val));
            }
            if (k == Param.Kind.FLOAT) {
                return new Param(name, k, Float.floatToRawIntBits(Float.parseFloat(val)));
            }
            if (!k.ranged()) {
                return new Param(name, k, Long.parseLong(val));
            }
            List<Param.Segment> segs = new ArrayList<>();
            long total = 0;
            for (String seg : val.split("/")) {
                String[] f = seg.split(":");
                if (f.length != 3) {
                    throw new IllegalArgumentException("expected " + kind + ":BYTES:LO:HI for " + name + ", got '" + v + "'");
                }
                Param.Segment sg = new Param.Segment(Integer.parseInt(f[0]), f[1], f[2]);
                Ranges.check(k, sg);
                segs.add(sg);
                total += sg.bytes();
            }
            return new Param(name, k, total, segs);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad value in " + name + "=" + v + ": " + e.getMessage());
        }
    }
}
