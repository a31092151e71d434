/**
 * Exact parametric integer sets for the PLA validator, the TCPA symbolic mapping and the reference interpreter
 * (seed 003 §4–§6): {@link tessera.core.poly.IntegerSet} (a conjunction of affine equalities, inequalities and
 * congruences over named dimensions and parameters), {@link tessera.core.poly.UnionSet} (finite unions),
 * {@link tessera.core.poly.AffineExpr}, {@link tessera.core.poly.Constraint}, {@link tessera.core.poly.IntMatrix} and
 * {@link tessera.core.poly.IntVector}.
 *
 * <p>Emptiness, projection, subset, equality, complement and difference are exact over the integers (Pugh's Omega
 * test with dark shadows and splinters; all arithmetic is overflow-checked {@code long}). Parameters are
 * existentially quantified by {@code isEmpty} and universally by {@code isSubsetOf}; fix them with {@code fix} to
 * enumerate points, count, take lexicographic extrema or bounding boxes. Text syntax:
 * {@code [N] -> { [i, j] : 0 <= i < N and 0 <= j <= i and (i + j) % 2 == 0 or i == N }}, parsed by
 * {@link tessera.core.poly.PolyParser} with line/column diagnostics and printed canonically by {@code toString()}.
 * Only affine sets are supported: a product of a tile size and an index (p*k) must be formed after fixing p.
 * See docs/poly.md.
 */
package tessera.core.poly;
