package tessera.telamon.impl;

/** Listing 4.10: the cache directive of a memory instruction (PTX {@code .ca}, {@code .cg}, {@code .nc}, {@code .cv}). */
public enum Cache {
    L1, L2, READ_ONLY, NONE
}
