package tessera.telamon.impl;

/** Listing 4.4: the relative order of two statements; IN = the first is nested inside the second (digest §8.1 item 1). */
public enum Order {
    BEFORE, AFTER, IN, OUT, MERGED;

    /** The value of order(y, x) when order(x, y) is this one. */
    public Order inverse() {
        return switch (this) {
            case BEFORE -> AFTER;
            case AFTER -> BEFORE;
            case IN -> OUT;
            case OUT -> IN;
            case MERGED -> MERGED;
        };
    }
}
