package tessera.regdem.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import tessera.regdem.sass.Line;
import tessera.regdem.sass.SassProgram;

/**
 * How to launch a kernel in the simulator, read from a {@code # Launch:} comment of the listing, e.g.
 * {@code # Launch: block=192 grid=2 param_0=in:4096 param_1=out:4096 param_2=int:64}. Parameter kinds:
 * {@code in:BYTES} (random contents), {@code out:BYTES} (pattern-filled), {@code int:V}, {@code float:V}.
 */
public record LaunchSpec(int blockX, int blockY, int grid, List<Param> params) {

    public record Param(String name, Kind kind, long value) {
        public enum Kind { IN, OUT, INT, FLOAT }
    }

    public LaunchSpec {
        params = List.copyOf(params);
    }

    public int threads() {
        return blockX * blockY;
    }

    public static Optional<LaunchSpec> of(SassProgram p) {
        for (Line l : p.lines()) {
            if (l instanceof Line.Text t && t.text().trim().startsWith("# Launch:")) {
                return Optional.of(parse(t.text().trim().substring(9)));
            }
        }
        return Optional.empty();
    }

    public static LaunchSpec parse(String s) {
        int bx = 0;
        int by = 1;
        int grid = 1;
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
                case "block" -> {
                    String[] xy = v.split("x");
                    bx = Integer.parseInt(xy[0]);
                    by = xy.length > 1 ? Integer.parseInt(xy[1]) : 1;
                }
                case "grid" -> grid = Integer.parseInt(v);
                default -> {
                    int c = v.indexOf(':');
                    if (c <= 0) {
                        throw new IllegalArgumentException("expected kind:value for " + k);
                    }
                    String kind = v.substring(0, c);
                    String val = v.substring(c + 1);
                    switch (kind) {
                        case "in" -> ps.add(new Param(k, Param.Kind.IN, Long.parseLong(val)));
                        case "out" -> ps.add(new Param(k, Param.Kind.OUT, Long.parseLong(val)));
                        case "int" -> ps.add(new Param(k, Param.Kind.INT, Long.decode(val)));
                        case "float" -> ps.add(new Param(k, Param.Kind.FLOAT, Float.floatToRawIntBits(Float.parseFloat(val))));
                        default -> throw new IllegalArgumentException("unknown parameter kind " + kind);
                    }
                }
            }
        }
        if (bx <= 0) {
            throw new IllegalArgumentException("launch spec needs block=N");
        }
        return new LaunchSpec(bx, by, grid, ps);
    }
}
