package tessera.telamon.kernel;

import java.util.List;

/**
 * §4.2.3: an array in memory. An {@code INPUT} array is a kernel argument (a pointer) of {@code length} elements with
 * fixed layout; a {@code TEMPORARY} gives only its element type and its potential dimensions, its size and layout
 * come from decisions (which of them are merged, their sizes) and it is allocated by the generated code.
 */
public record Array(String name, Type type, Kind kind, Size length, List<String> dims) {
    public enum Kind {
        INPUT, TEMPORARY
    }

    public Array {
        dims = List.copyOf(dims);
    }

    public static Array input(String name, Type type, Size length) {
        return new Array(name, type, Kind.INPUT, length, List.of());
    }
}
