# no-position: diagnostic without file:line: reuse_matmul.decisions: error: the decisions leave 1426 choice(s) open, the first dim_kind(b_a0) ∈ {LOOP, BLOCK} (add decisions (tessera telamon sample --save NAME.decisions writes a complete list))
# stderr: reuse_matmul.decisions: error: the decisions leave 1426 choice(s) open, the first dim_kind(b_a0) ∈ {LOOP, BLOCK} (add decisions (tessera telamon sample --save NAME.decisions writes a complete list))
# kernel seed 1 case 32: telamon/reuse_matmul.decisions mutated by flip, truncate
#name reuse_matmul.decisions
telamon
codegen
{EX}/telamon/reuse_matmul.kernel
--decisions
{FILE}
--out-dir
gen
