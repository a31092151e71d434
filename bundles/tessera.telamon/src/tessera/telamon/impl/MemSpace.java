package tessera.telamon.impl;

/** Listing 4.10: where an array lives. */
public enum MemSpace {
    GLOBAL, SHARED
}
