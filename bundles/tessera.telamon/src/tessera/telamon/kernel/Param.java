package tessera.telamon.kernel;

/**
 * A scalar kernel argument (an integer size such as {@code n}, or a value such as {@code alpha}). {@code value} is its
 * value in this kernel instance: required for the integer parameters that size dimensions, since the decision space
 * depends on them (strip-mining factors must divide sizes); null where the value is only known at launch.
 */
public record Param(String name, Type type, Long value) {
}
