# exit-code: exit 70
# stderr: tessera telamon: internal error: java.lang.ArrayIndexOutOfBoundsException: Index 1 out of bounds for length 1 (rerun with --debug for details; please report it)
# kernel seed 7 case 369: telamon/scal.decisions mutated by delete-token
#name scal.decisions
--json
telamon
codegen
{EX}/telamon/scal.kernel
--decisions
{FILE}
--out-dir
gen
