package tessera.regdem.cubin;

/** Where a {@link ResourceUsage} came from, most trustworthy first (the compiler's own numbers before an estimate). */
public enum ResourceSource {
    /** Read from the cubin's ELF sections and {@code .nv.info} attributes ({@link CubinReader}). */
    CUBIN,
    /** Parsed from ptxas's {@code -v} report ({@link ResourceReports#parsePtxasLog}). */
    PTXAS_LOG,
    /** Parsed from {@code cuobjdump -res-usage} output ({@link ResourceReports#parseResUsage}). */
    RES_USAGE,
    /** Estimated from a SASS listing alone ({@link ListingEstimate}): registers by rule, shared/local not known. */
    LISTING_ESTIMATE
}
