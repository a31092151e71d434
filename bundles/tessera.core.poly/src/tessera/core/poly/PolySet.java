package tessera.core.poly;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A parametric integer set as a value of an EMF model (the EDataType {@code PolySet} of the RDG, symbolic and concrete
 * configuration models): the text that the model stores, and the set it denotes, parsed when first asked for and then
 * kept, so every consumer of a model shares one parse (AlphaZ wraps its ISL sets the same way). A set made by the
 * passes ({@link #of}) is printed once, when it is made. Equal when the texts are equal.
 *
 * <p>The text is a {@link IntegerSet}, {@link UnionSet} or, for the tiled domains of a symbolic configuration, a
 * {@link TiledSet} text ({@code LOCAL @ GLOBAL}); a parameter context is its constraints alone ({@link #parameters});
 * the empty text stands for "none" (no parameter context). One text is read in one of these forms.
 */
public final class PolySet {
    private static final String BASIC = "basic", PARAMETERS = "parameters", UNION = "union";
    private final String text;
    private final Map<Object, Object> parsed = new ConcurrentHashMap<>(2); // form (or tiling embedding) → the set

    /** EMF creates model values from their text through this constructor or {@link #valueOf}. */
    public PolySet(String text) {
        this.text = text;
    }

    /** The value of {@code text} (null for null), as EMF's factories read it from XMI. */
    public static PolySet valueOf(String text) {
        return text == null ? null : new PolySet(text);
    }

    public static PolySet of(IntegerSet set) {
        return made(set, BASIC);
    }

    public static PolySet of(UnionSet set) {
        return made(set, UNION);
    }

    public static PolySet of(TiledSet set) {
        return made(set, set.embedding());
    }

    private static PolySet made(Object set, Object form) {
        PolySet p = new PolySet(set.toString());
        p.parsed.put(form, set);
        return p;
    }

    public String text() {
        return text;
    }

    public boolean isBlank() {
        return text.isBlank();
    }

    /** The text as one basic set (a conjunction of affine constraints). */
    public IntegerSet basic() {
        return parsed(BASIC, IntegerSet::parse);
    }

    /**
     * The text as a parameter context: constraints over the parameters alone ({@code N - 1 >= 0 and M - 1 >= 0}), a set
     * without a tuple; null when the text is blank (no context).
     */
    public IntegerSet parameters() {
        return isBlank() ? null : parsed(PARAMETERS, t -> IntegerSet.parse(t, List.of()));
    }

    /** The text as a union of basic sets. */
    public UnionSet union() {
        return parsed(UNION, UnionSet::parse);
    }

    /** The text as a tiled set ({@code LOCAL @ GLOBAL}) of the embedding {@code e}. */
    public TiledSet tiled(TiledSet.Embedding e) {
        return parsed(e, t -> TiledSet.parse(t, e));
    }

    @SuppressWarnings("unchecked")
    private <T> T parsed(Object form, Function<String, T> parse) {
        return (T) parsed.computeIfAbsent(form, f -> parse.apply(text));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PolySet p && p.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
