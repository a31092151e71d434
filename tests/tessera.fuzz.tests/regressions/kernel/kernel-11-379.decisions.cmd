# no-position: diagnostic without file:line: scal.decisions: error: the decisions leave 32 choice(s) open, the first dim_kind(d0) ∈ {LOOP, BLOCK} (add decisions (tessera telamon sample --save NAME.decisions writes a complete list))
# stderr: scal.decisions: error: the decisions leave 32 choice(s) open, the first dim_kind(d0) ∈ {LOOP, BLOCK} (add decisions (tessera telamon sample --save NAME.decisions writes a complete list))
# kernel seed 11 case 379: telamon/scal.decisions mutated by truncate, duplicate-token, huge-number
#name scal.decisions
--json
telamon
codegen
{EX}/telamon/scal.kernel
--decisions
{FILE}
--out-dir
gen
