# no-position: diagnostic without file:line: axpy.decisions: error: the decisions leave 315 choice(s) open, the first dim_kind(d_x0) ∈ {LOOP, BLOCK} (add decisions (tessera telamon sample --save NAME.decisions writes a complete list))
# stderr: axpy.decisions: error: the decisions leave 315 choice(s) open, the first dim_kind(d_x0) ∈ {LOOP, BLOCK} (add decisions (tessera telamon sample --save NAME.decisions writes a complete list))
# kernel seed 11 case 461: telamon/axpy.decisions mutated by truncate, huge-number
#name axpy.decisions
--json
telamon
codegen
{EX}/telamon/axpy.kernel
--decisions
{FILE}
--out-dir
gen
