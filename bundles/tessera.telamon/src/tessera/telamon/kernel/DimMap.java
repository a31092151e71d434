package tessera.telamon.kernel;

/** §4.2.2: point-to-point communication: iteration j of the consumer's dimension reads iteration j of the producer's. */
public record DimMap(String producer, String consumer) {
}
