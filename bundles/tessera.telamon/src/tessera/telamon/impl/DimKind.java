package tessera.telamon.impl;

/** Listing 4.2: how a dimension is implemented. */
public enum DimKind {
    LOOP, BLOCK, THREAD, UNROLL, VECTOR
}
